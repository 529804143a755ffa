// The catalog endpoints (/books, /series) and series read-through. A row-read cap limits how many books
// are listed, as it limits fact rows elsewhere.

import type { EndpointId } from '../../src/core/endpoints.ts';
import { F, FIGURE_SLOTS } from './aggregate.ts';
import type { Book } from './catalog.ts';
import { bookText, seriesName } from './dangerous.ts';
import { REPORT_PARAMS } from './query.ts';
import { type EndpointBody, envelope, type ReportContext } from './report-bodies.ts';

export function catalogBooks(context: ReportContext) {
  const listed = context.catalog.books.slice(0, context.rowReadCap);
  const books = listed.map((book) => {
    const text = bookText(book, context.dangerous);
    return {
      book_id: book.bookId,
      title: text.title,
      subtitle: text.subtitle,
      asin: book.asin,
      isbn: text.isbn,
      series_id: book.seriesId,
      series_position: book.seriesPosition,
      formats: [...book.formats],
      published_on: book.publishedOn,
      kenpc: book.kenpc,
    };
  });
  return envelope(context, listed.length < context.catalog.books.length, { books });
}

export function seriesList(context: ReportContext) {
  const { books } = context.catalog;
  let budget = context.rowReadCap;
  let truncated = false;
  const series = [];
  for (const [index, entry] of context.catalog.series.entries()) {
    if (budget <= 0) {
      truncated = true;
      break;
    }
    const readable = entry.bookIndexes.slice(0, budget);
    truncated ||= readable.length < entry.bookIndexes.length;
    budget -= readable.length;
    series.push({
      series_id: entry.seriesId,
      name: seriesName(entry, index, context.dangerous),
      books: readable.map((b) => ({
        book_id: books[b]!.bookId,
        title: bookText(books[b]!, context.dangerous).title,
        position: books[b]!.seriesPosition,
      })),
    });
  }
  return envelope(context, truncated, { series });
}

/** Readers of a book in the period: buyers plus whole books' worth of KENP pages. */
function readers(pagesAndUnits: Float64Array, book: Book): number {
  const at = book.index * FIGURE_SLOTS;
  return pagesAndUnits[at + F.units]! + Math.round(pagesAndUnits[at + F.pages]! / book.kenpc);
}

/** A ratio as a fraction 0..1 with four decimals; null where there is nothing to divide by. */
function fraction(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round(Math.min(1, part / whole) * 10_000) / 10_000;
}

/** Null when the series does not exist (the caller answers 404). */
export function readThrough(context: ReportContext, seriesId: string) {
  const index = context.catalog.series.findIndex((entry) => entry.seriesId === seriesId);
  const entry = context.catalog.series[index];
  if (!entry) return null;
  const agg = context.aggregates();
  const counts = entry.bookIndexes.map((b) => readers(agg.byBook, context.catalog.books[b]!));
  const rows = entry.bookIndexes.map((b, i) => ({
    position: i + 1,
    book_id: context.catalog.books[b]!.bookId,
    title: bookText(context.catalog.books[b]!, context.dangerous).title,
    readers: counts[i]!,
    // The first book has no previous one to read through from.
    read_through_from_previous: i === 0 ? null : fraction(counts[i]!, counts[i - 1]!),
    read_through_from_first: fraction(counts[i]!, counts[0]!),
  }));
  const series = { series_id: entry.seriesId, name: seriesName(entry, index, context.dangerous) };
  return envelope(context, agg.truncated, { series, rows });
}

/** The catalog endpoints' bodies, by endpoint id (handler.ts routes each endpoint to its body). */
export const CATALOG_BODIES = {
  catalog: { accepted: REPORT_PARAMS, build: catalogBooks },
  series: { accepted: REPORT_PARAMS, build: seriesList },
  'read-through': { accepted: REPORT_PARAMS, build: (c, x) => readThrough(c, x.seriesId) },
} satisfies Partial<Record<EndpointId, EndpointBody>>;
