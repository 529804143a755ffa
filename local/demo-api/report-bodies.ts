// The bodies of the report endpoints, in the shapes of docs/api.md §2 (our assumption). All of
// them read one Aggregates, so their figures agree for the same request.

import type { EndpointId } from '../../src/core/endpoints.ts';
import { type Aggregates, F, FIGURE_SLOTS } from './aggregate.ts';
import type { Catalog } from './catalog.ts';
import { bookText } from './dangerous.ts';
import { formatDay, formatMonth } from './dates.ts';
import type { Converter, Currency } from './money.ts';
import type { DayPeriod } from './periods.ts';
import { type Accepted, REPORT_PARAMS, TIMELINE_PARAMS } from './query.ts';

/** The account's time zone decides which day is "today" (inner fields of `period` are our assumption). */
const TIME_ZONE = 'America/New_York';

export interface ReportContext {
  readonly catalog: Catalog;
  readonly period: DayPeriod;
  readonly currency: Currency;
  readonly convert: Converter;
  readonly dangerous: boolean;
  readonly rowReadCap: number;
  /** Computed on first use: catalog-only endpoints never read facts. */
  readonly aggregates: () => Aggregates;
}

/** What a body is built from beyond the context: the timeline's interval, read-through's series. */
export type BodyBuilder = (
  context: ReportContext,
  extra: { interval: 'day' | 'month'; seriesId: string },
) => unknown;

/** An endpoint's body in the demo API: the query it accepts and how its body is built. Its path is the
 * endpoint's own (src/core/endpoints.ts); handler.ts routes every endpoint to its body. */
export interface EndpointBody {
  readonly accepted: Accepted;
  readonly build: BodyBuilder | 'account';
}

export function envelope(context: ReportContext, truncated: boolean, part: Record<string, unknown>) {
  const { period, currency } = context;
  return {
    period: {
      range: period.range,
      start: formatDay(period.start),
      end: formatDay(period.end),
      time_zone: TIME_ZONE,
    },
    currency: currency.code,
    meta: { truncated },
    ...part,
  };
}

/** The eight figures of one vector; royalties and net profit are derived from the rounded parts. */
function figures(vector: ArrayLike<number>, offset: number, convert: Converter) {
  const at = (slot: number) => vector[offset + slot]!;
  const royalties = at(F.sales) + at(F.kenp);
  return {
    royalties: convert.toAmount(royalties),
    sales_royalties: convert.toAmount(at(F.sales)),
    kenp_royalties: convert.toAmount(at(F.kenp)),
    ad_spend: convert.toAmount(at(F.ads)),
    net_profit: convert.toAmount(royalties - at(F.ads)),
    units_sold: at(F.units),
    kenp_pages: at(F.pages),
    free_units: at(F.free),
  };
}

export function summary(context: ReportContext) {
  const agg = context.aggregates();
  return envelope(context, agg.truncated, { totals: figures(agg.total, 0, context.convert) });
}

export function timeline(context: ReportContext, interval: 'day' | 'month') {
  const agg = context.aggregates();
  const points: Array<Record<string, unknown>> = [];
  if (interval === 'day') {
    for (let d = 0; d < agg.daysRead; d++) {
      points.push({
        date: formatDay(agg.start + d),
        ...figures(agg.byDay, d * FIGURE_SLOTS, context.convert),
      });
    }
  } else {
    for (const [month, vector] of monthlyVectors(agg)) {
      points.push({ date: month, ...figures(vector, 0, context.convert) });
    }
  }
  return envelope(context, agg.truncated, { interval, points });
}

/** Day vectors summed per calendar month (months cut by the period count only their days inside it). */
function monthlyVectors(agg: Aggregates): Map<string, Float64Array> {
  const months = new Map<string, Float64Array>();
  for (let d = 0; d < agg.daysRead; d++) {
    const month = formatMonth(agg.start + d);
    let vector = months.get(month);
    if (!vector) {
      vector = new Float64Array(FIGURE_SLOTS);
      months.set(month, vector);
    }
    for (let f = 0; f < FIGURE_SLOTS; f++) vector[f]! += agg.byDay[d * FIGURE_SLOTS + f]!;
  }
  return months;
}

export function booksReport(context: ReportContext) {
  const agg = context.aggregates();
  const rows = context.catalog.books
    .filter((book) => agg.bookRead[book.index])
    .map((book) => ({
      book_id: book.bookId,
      title: bookText(book, context.dangerous).title,
      series_id: book.seriesId,
      ...figures(agg.byBook, book.index * FIGURE_SLOTS, context.convert),
    }));
  return envelope(context, agg.truncated, { rows });
}

export function marketplacesReport(context: ReportContext) {
  const agg = context.aggregates();
  const rows = context.catalog.marketplaces
    .map((market, m) => ({ market, m }))
    .filter(({ m }) => agg.marketRead[m])
    .map(({ market, m }) => ({
      marketplace: market.marketplace,
      country: market.country,
      ...figures(agg.byMarket, m * FIGURE_SLOTS, context.convert),
    }));
  return envelope(context, agg.truncated, { rows });
}

export function kenp(context: ReportContext) {
  const agg = context.aggregates();
  const points: Array<{ date: string; pages_read: number }> = [];
  for (let d = 0; d < agg.daysRead; d++) {
    points.push({ date: formatDay(agg.start + d), pages_read: agg.byDay[d * FIGURE_SLOTS + F.pages]! });
  }
  const part = {
    pages_read: agg.total[F.pages]!,
    estimated_royalties: context.convert.toAmount(agg.total[F.kenp]!),
    points,
  };
  return envelope(context, agg.truncated, { kenp: part });
}

export function kenpBooks(context: ReportContext) {
  const agg = context.aggregates();
  const rows = context.catalog.books
    .filter((book) => agg.byBook[book.index * FIGURE_SLOTS + F.pages]! > 0)
    .map((book) => ({
      book_id: book.bookId,
      title: bookText(book, context.dangerous).title,
      pages_read: agg.byBook[book.index * FIGURE_SLOTS + F.pages]!,
      estimated_royalties: context.convert.toAmount(agg.byBook[book.index * FIGURE_SLOTS + F.kenp]!),
    }));
  return envelope(context, agg.truncated, { rows });
}

export function freeUnits(context: ReportContext) {
  const agg = context.aggregates();
  const { books, marketplaces } = context.catalog;
  const rows: Array<Record<string, unknown>> = [];
  for (const book of books) {
    marketplaces.forEach((market, m) => {
      const free = agg.freeByBookMarket[book.index * marketplaces.length + m]!;
      if (free > 0) {
        const title = bookText(book, context.dangerous).title;
        rows.push({ book_id: book.bookId, title, marketplace: market.marketplace, free_units: free });
      }
    });
  }
  return envelope(context, agg.truncated, { total: agg.total[F.free]!, rows });
}

/** The report endpoints' bodies, by endpoint id: a new report adds its body above and its line here. */
export const REPORT_BODIES = {
  summary: { accepted: REPORT_PARAMS, build: summary },
  timeline: { accepted: TIMELINE_PARAMS, build: (c, x) => timeline(c, x.interval) },
  'books-report': { accepted: REPORT_PARAMS, build: booksReport },
  'marketplaces-report': { accepted: REPORT_PARAMS, build: marketplacesReport },
  kenp: { accepted: REPORT_PARAMS, build: kenp },
  'kenp-books': { accepted: REPORT_PARAMS, build: kenpBooks },
  'free-units': { accepted: REPORT_PARAMS, build: freeUnits },
} satisfies Partial<Record<EndpointId, EndpointBody>>;
