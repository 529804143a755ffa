// The calendar year at a glance (docs/guide/alerts-and-the-year.md), from the history's days: one row per
// month and currency with royalties, KENP royalties, ad spend, net profit and units sold, each currency
// apart and never converted; months partial, estimated or with no day in the history say so. Below, an
// estimate of what was paid in the year: each month of sale shifted by the payment delay (about 60 days
// after the month ends), labelled as an estimate that will not equal the tax form. Withholding and payment
// dates are not in the API: said, never guessed. No tax advice.
import { daysInMonth, type LedgerDay, type Measure, monthSums } from '../figures';
import { isEstimated } from '../history/months';
import { type CellValue, moneyDecimals, type ReportColumn, type ReportTable } from '../report';
import { roundTo } from '../report/table-reader';
import { DEFAULT_PAYMENT_DELAY_DAYS, type RoyaltiesSettings } from '../settings';
import { yearTabId } from '../tab-ids';
import type { Fetched } from '../tabs';
import { type TimelineMonths, timelineMonths } from './timeline-months';

const MEASURES: readonly Measure[] = ['royalties', 'kenp_royalties', 'ad_spend', 'net_profit', 'units_sold'];
const MONEY: ReadonlySet<Measure> = new Set(['royalties', 'kenp_royalties', 'ad_spend', 'net_profit']);

export const YEAR_COLUMNS: readonly ReportColumn[] = [
  { key: 'month', label: 'Month', format: { kind: 'text' } },
  { key: 'currency', label: 'Currency', format: { kind: 'text' } },
  { key: 'status', label: 'Status', format: { kind: 'text' } },
  { key: 'days', label: 'Days in the history', format: { kind: 'integer' } },
  { key: 'royalties', label: 'Royalties', format: { kind: 'decimal' } },
  { key: 'kenp_royalties', label: 'KENP royalties', format: { kind: 'decimal' } },
  { key: 'ad_spend', label: 'Ad spend', format: { kind: 'decimal' } },
  { key: 'net_profit', label: 'Net profit', format: { kind: 'decimal' } },
  { key: 'units_sold', label: 'Units sold', format: { kind: 'integer' } },
];

/** `YYYY-MM` of the month `months` after `month`. */
function shiftMonth(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + months, 1));
  return d.toISOString().slice(0, 7);
}

/** Whole months a payment comes after the month of sale: 60 days after its end is two months on. */
export function paymentShift(delayDays: number): number {
  return Math.max(0, Math.round(delayDays / 30));
}

/** The months of sale whose payment falls in `year`, first and last. */
export function salesPaidIn(year: number, delayDays: number): { first: string; last: string } {
  const shift = paymentShift(delayDays);
  return { first: shiftMonth(`${year}-01`, -shift), last: shiftMonth(`${year}-12`, -shift) };
}

function sums(days: readonly LedgerDay[]) {
  return monthSums(days, MEASURES.length, (day, i) => day.figures[MEASURES[i]!]);
}

const text = (v: string): CellValue => v;

const FROM_TIMELINE = 'from the timeline by month';
const NO_DAYS = 'no days in the history';

/** What the year knows beside the history's days: the timeline by month (or why it gave none). */
export interface YearMonthly {
  readonly timeline: TimelineMonths | null;
  /** Why the timeline by month gave no month (the server's own message when it refused). */
  readonly reason: string | null;
}

const NO_TIMELINE: YearMonthly = { timeline: null, reason: null };

/** One month of one currency: from the history's days, else from the timeline by month. */
interface MonthFigures {
  readonly sums: readonly (number | null)[];
  /** Days of it in the history (0 for a month from the timeline). */
  readonly days: number;
  /** Days the figures cover; null when the timeline does not say. */
  readonly covered: number | null;
  readonly fromTimeline: boolean;
  readonly provisional: boolean;
}

/** A currency's months, `YYYY-MM` → figures: its days in the history summed, and the timeline's months
 * where the history holds no day of them. */
function monthsOf(
  days: readonly LedgerDay[],
  currency: string | null,
  timeline: TimelineMonths | null,
): Map<string, MonthFigures> {
  const ofCurrency = days.filter((d) => d.currency === currency);
  const provisional = new Set(
    ofCurrency.filter((d) => d.status === 'provisional').map((d) => d.date.slice(0, 7)),
  );
  const months = new Map<string, MonthFigures>();
  for (const [month, found] of sums(ofCurrency))
    months.set(month, {
      sums: found.sums,
      days: found.days,
      covered: found.days,
      fromTimeline: false,
      provisional: provisional.has(month),
    });
  if (timeline && timeline.currency === currency)
    for (const [month, found] of timeline.months)
      if (!months.has(month))
        months.set(month, {
          sums: MEASURES.map((m) => found.figures[m] ?? null),
          days: 0,
          covered: found.covered,
          fromTimeline: true,
          provisional: false,
        });
  return months;
}

/** The Status of a month with figures. */
function monthStatus(month: string, found: MonthFigures, today: string): string {
  const state = isEstimated(month, today, found.provisional) ? 'estimated' : 'final';
  const whole = daysInMonth(month);
  const source = found.fromTimeline ? `, ${FROM_TIMELINE}` : '';
  if (found.covered === null) return `${state}${source}, maybe partial (the API did not say its period)`;
  return found.covered < whole
    ? `${state}${source}, partial (${found.covered} of ${whole} days)`
    : `${state}${source}`;
}

/**
 * The year's table: for each currency of the history's days in `year` (in the order first met, then the
 * timeline's), a row per month through the last month with days (the current month for this year), a
 * total, then the estimate of what was paid in the year. `today`: `YYYY-MM-DD` in the sheet's zone.
 */
export function yearTable(
  days: readonly LedgerDay[],
  year: number,
  today: string,
  delayDays = DEFAULT_PAYMENT_DELAY_DAYS,
  timeline: TimelineMonths | null = null,
): ReportTable {
  const yearText = String(year);
  const inYear = (month: string) => month.startsWith(`${yearText}-`);
  const currencies = [
    ...new Set([
      ...days.map((d) => d.currency),
      ...(timeline && [...timeline.months.keys()].some(inYear) ? [timeline.currency] : []),
    ]),
  ];
  const rows: CellValue[][] = [];
  const round = (v: number | null, i: number, currency: string | null) =>
    v === null ? null : roundTo(v, MONEY.has(MEASURES[i]!) && currency ? moneyDecimals(currency) : 2);
  for (const currency of currencies) {
    const months = monthsOf(days, currency, timeline);
    if (![...months.keys()].some(inYear)) continue;
    const lastMonth = today.startsWith(yearText) ? today.slice(0, 7) : `${yearText}-12`;
    const total: (number | null)[] = MEASURES.map(() => 0);
    let totalDays = 0;
    for (let m = 1; m <= 12; m++) {
      const month = `${yearText}-${String(m).padStart(2, '0')}`;
      if (month > lastMonth) break;
      const found = months.get(month);
      if (!found) {
        rows.push([text(month), currency, NO_DAYS, 0, null, null, null, null, null]);
        MEASURES.forEach((_, i) => {
          total[i] = null;
        });
        continue;
      }
      found.sums.forEach((s, i) => {
        total[i] = s === null || total[i] === null ? null : total[i]! + s;
      });
      totalDays += found.days;
      rows.push([
        text(month),
        currency,
        monthStatus(month, found, today),
        found.days,
        ...found.sums.map((s, i) => round(s, i, currency)),
      ]);
    }
    rows.push([
      text(`${yearText} total`),
      currency,
      'the months above; a month missing a figure leaves it missing',
      totalDays,
      ...total.map((s, i) => round(s, i, currency)),
    ]);
    rows.push(paidRow(months, year, delayDays, currency, round));
  }
  return { columns: YEAR_COLUMNS, rows, meta: { period: null, currency: null, truncated: false } };
}

/** The estimate of royalties paid in `year`: the months of sale whose payment falls in it. */
function paidRow(
  months: ReadonlyMap<string, MonthFigures>,
  year: number,
  delayDays: number,
  currency: string | null,
  round: (v: number | null, i: number, currency: string | null) => number | null,
): CellValue[] {
  const { first, last } = salesPaidIn(year, delayDays);
  // Every month of sale must be whole, else the estimate is missing, not too low.
  let royalties: number | null = 0;
  let days = 0;
  for (let m = first; m <= last; m = shiftMonth(m, 1)) {
    const found = months.get(m);
    days += found?.days ?? 0;
    const r = found && found.covered === daysInMonth(m) ? (found.sums[0] ?? null) : null;
    royalties = royalties === null || r === null ? null : royalties + r;
  }
  return [
    text(`Paid in ${year} (estimate)`),
    currency,
    `sales of ${first} to ${last}, paid about ${delayDays} days after each month ends${royalties === null ? '; the history lacks some of those days' : ''}. An estimate: it will not equal your tax form. Withholding and payment dates are not in the API.`,
    days,
    round(royalties, 0, currency),
    null,
    null,
    null,
    null,
  ];
}

/** Whether any of `days` holds a money figure (in its currency). */
export function holdsMoney(days: readonly LedgerDay[]): boolean {
  return days.some((d) => [...MONEY].some((m) => d.figures[m] !== undefined));
}

/** The years the year's tabs show: those asked for, else this year and last. */
export function yearsAsked(today: string, asked: readonly number[] | undefined): readonly number[] {
  const year = Number(today.slice(0, 4));
  return asked?.length ? asked : [year, year - 1];
}

/** The timeline by month as the year takes it: null `fetched` when it was not asked. */
export function yearMonthly(fetched: Fetched | undefined, currency: string | null): YearMonthly {
  if (!fetched) return { timeline: null, reason: null };
  const answer = timelineMonths(fetched, currency, MEASURES);
  return 'result' in answer
    ? { timeline: answer.result, reason: null }
    : { timeline: null, reason: answer.reason };
}

/** What a year's tab says above its figures: where its months come from, and why some are missing. */
export function yearNote(
  year: number,
  table: ReportTable,
  delayDays: number,
  monthly: YearMonthly = NO_TIMELINE,
): string {
  const said = (words: string) => table.rows.some((r) => String(r[2]).includes(words));
  const held = !table.rows.length
    ? 'the history tab holds no day of it (it keeps the days since its first refresh)'
    : said(FROM_TIMELINE)
      ? `by month, from the history tab, and ${FROM_TIMELINE} where it holds no day of a month`
      : 'by month, from the history tab';
  const missing =
    monthly.reason && (!table.rows.length || said(NO_DAYS))
      ? `; months the history holds no day of are missing, as the timeline by month was not given: ${monthly.reason}`
      : '';
  return `${year}: ${held}${missing}; each currency apart, never converted. "Paid in" is an estimate (${delayDays} days after each month ends, changeable in the sidebar), not your tax form; withholding and payment dates are not in the API. Not tax advice.`;
}

/** A tab per year asked for, newest first: its id, table and note. */
export function yearTabs(
  days: readonly LedgerDay[],
  today: string,
  settings: RoyaltiesSettings,
  monthly: YearMonthly = NO_TIMELINE,
) {
  const delay = settings.paymentDelay ?? DEFAULT_PAYMENT_DELAY_DAYS;
  return yearsAsked(today, settings.years).map((year) => {
    const table = yearTable(days, year, today, delay, monthly.timeline);
    return { tab: yearTabId(year), table, note: yearNote(year, table, delay, monthly) };
  });
}
