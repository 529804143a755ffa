// The timeline by month as the year reads it: the months a year's tab takes where the history holds no day
// of them. How the API is asked for months is not documented (the demo's `interval=month` is passed
// through); an answer refused, cut short, in another currency or not by month gives no month, and its
// reason is told on the year's banner. A month is whole only where the answer's period says it covers
// every day of it: the first and last month of a period that says nothing may be partial.
import { dayNumber, ISO_DAY, periodEnds } from '../base/days';
import { messageOf } from '../base/unknown';
import { daysInMonth, type Measure, measureColumn } from '../figures';
import { type ReportTable, toReportTable } from '../report';
import { isCalendarDate } from '../report/cell-value';
import type { Fetched } from '../tabs';

export interface TimelineMonth {
  /** Only the figures the answer sent as numbers: a measure absent is missing, not zero. */
  readonly figures: Readonly<Partial<Record<Measure, number>>>;
  /** Days of the month the answer's period covers; null when it may be partial and the answer says not. */
  readonly covered: number | null;
}

export interface TimelineMonths {
  readonly currency: string | null;
  /** By `YYYY-MM`. */
  readonly months: ReadonlyMap<string, TimelineMonth>;
}

/** The months of the answer, or why the year takes none of them. */
export type MonthsAnswer = { readonly result: TimelineMonths } | { readonly reason: string };

const MONTH = /^\d{4}-\d{2}$/;

/** `YYYY-MM` of a row's date cell; a first of the month counts as its month only when `firsts` says the
 * answer's dates are all firsts (months dated on their first day). */
function monthOf(cell: unknown, firsts: boolean): string | null {
  const iso = isCalendarDate(cell) ? cell.iso : typeof cell === 'string' ? cell.trim() : '';
  if (MONTH.test(iso)) return iso;
  return firsts && ISO_DAY.test(iso) ? iso.slice(0, 7) : null;
}

/** Days of `month` between `start` and `end`, both included. */
function overlap(month: string, start: string, end: string): number {
  const first = Math.max(dayNumber(`${month}-01`), dayNumber(start));
  const last = Math.min(dayNumber(`${month}-${daysInMonth(month)}`), dayNumber(end));
  return Math.max(0, last - first + 1);
}

function readMonths(table: ReportTable, measures: readonly Measure[]): MonthsAnswer {
  const { columns, rows, meta } = table;
  const dateAt = columns.findIndex((c) => c.format.kind === 'month' || c.format.kind === 'date');
  if (dateAt < 0) return { reason: 'its points have no date the year can read.' };
  const isos = rows.map((r) => r[dateAt]).map((c) => (isCalendarDate(c) ? c.iso : String(c ?? '')));
  const firsts = isos.length >= 2 && isos.every((iso) => /^\d{4}-\d{2}-01$/.test(iso));
  const found = new Map<string, Partial<Record<Measure, number>>>();
  const places = measures.map((m) => [m, measureColumn(table, m)] as const).filter(([, at]) => at >= 0);
  for (const row of rows) {
    const month = monthOf(row[dateAt], firsts);
    if (!month) return { reason: `its points are not months (${isos[0]}…).` };
    if (found.has(month)) return { reason: `it sent more than one row for ${month}.` };
    const figures: Partial<Record<Measure, number>> = {};
    for (const [measure, at] of places) {
      const cell = row[at];
      if (typeof cell === 'number' && Number.isFinite(cell)) figures[measure] = cell;
    }
    found.set(month, figures);
  }
  const order = [...found.keys()].sort();
  const [start, end] = periodEnds(meta.period || {}, (v) =>
    typeof v === 'string' && ISO_DAY.test(v.trim()) ? v.trim() : null,
  );
  const months = new Map<string, TimelineMonth>();
  order.forEach((month, i) => {
    const whole = daysInMonth(month);
    const edge = i === 0 || i === order.length - 1;
    const covered = start && end ? overlap(month, start, end) : edge ? null : whole;
    months.set(month, { figures: found.get(month)!, covered });
  });
  return { result: { currency: meta.currency, months } };
}

/** The months of a fetched timeline by month, in `currency` (null: the API's own). */
export function timelineMonths(
  fetched: Fetched,
  currency: string | null,
  measures: readonly Measure[],
): MonthsAnswer {
  if (!fetched.ok) return { reason: fetched.error };
  let table: ReportTable;
  try {
    table = toReportTable(fetched.data, 'timeline', fetched.unread);
  } catch (err) {
    return { reason: messageOf(err) };
  }
  if (table.meta.truncated) return { reason: 'some of its rows could not be read (cut short).' };
  if (table.meta.currencies) return { reason: 'it holds figures in several currencies.' };
  if (currency !== null && table.meta.currency !== currency)
    return { reason: `it answered in ${table.meta.currency}, not ${currency}.` };
  return readMonths(table, measures);
}
