// The timeline by month as the year reads it: the months a year's tab takes where the history holds no day
// of them. How the API is asked for months is not documented (the demo's `interval=month` is passed
// through); an answer in another currency or not by month gives no month either (year-report.ts). A month
// is whole only where the answer's period covers every day of it: the first and last month of a period
// the answer does not say may be partial.
import { dayNumber, ISO_DAY, ISO_MONTH } from '../base/days';
import { daysInMonth, type Measure } from '../figures';
import { isCalendarDate } from '../report/cell-value';
import type { Fetched } from '../tabs';
import { figuresOf, periodDays, yearReport } from './year-report';

export interface TimelineMonth {
  /** The measures asked, in order: null when the answer did not send one (missing, not zero). */
  readonly figures: readonly (number | null)[];
  /** Days of the month the answer's period covers; null when it may be partial and the answer says not. */
  readonly covered: number | null;
}

export interface TimelineMonths {
  readonly currency: string | null;
  /** By `YYYY-MM`. */
  readonly months: ReadonlyMap<string, TimelineMonth>;
}

/** Days of `month` between `start` and `end`, both included. */
function overlap(month: string, start: string, end: string): number {
  const first = Math.max(dayNumber(`${month}-01`), dayNumber(start));
  const last = Math.min(dayNumber(`${month}-${daysInMonth(month)}`), dayNumber(end));
  return Math.max(0, last - first + 1);
}

/** The months of a fetched timeline by month in `currency` (null: the API's own), or why none. */
export function timelineMonths(
  fetched: Fetched,
  currency: string | null,
  measures: readonly Measure[],
): { readonly result: TimelineMonths } | { readonly reason: string } {
  const read = yearReport(fetched, 'timeline');
  if ('reason' in read) return read;
  const { table } = read;
  if (currency !== null && table.meta.currency !== currency)
    return { reason: `it answered in ${table.meta.currency}, not ${currency}.` };
  // A month or day as text may carry a midnight (`2026-01T00:00:00Z`): the date before it is the point's.
  const isoOf = (c: unknown) =>
    isCalendarDate(c)
      ? c.iso
      : String(c ?? '')
          .trim()
          .replace(/T00:00(:00(\.0+)?)?Z?$/, '');
  // Dates under a column of dates, or as the rows' keys (a timeline keyed by month).
  const dateAt = table.columns.findIndex(
    (c, i) =>
      c.format.kind === 'month' || c.format.kind === 'date' || /^\d{4}-\d{2}/.test(isoOf(table.rows[0]?.[i])),
  );
  const isos = table.rows.map((r) => isoOf(r[dateAt]));
  // Months dated on their first day count as months; days do not.
  const firsts = isos.length > 1 && isos.every((iso) => ISO_DAY.test(iso) && iso.endsWith('-01'));
  const figures = figuresOf(table, measures);
  const found = new Map<string, (number | null)[]>();
  for (const [i, iso] of isos.entries()) {
    const month = ISO_MONTH.test(iso) ? iso : firsts ? iso.slice(0, 7) : null;
    if (!month) return { reason: `its points are not months (${isos[0]}…).` };
    if (found.has(month)) return { reason: `it sent more than one row for ${month}.` };
    found.set(month, figures(table.rows[i]!));
  }
  const order = [...found.keys()].sort();
  const [start, end] = periodDays(table);
  const months = new Map<string, TimelineMonth>();
  order.forEach((month, i) => {
    const edge = i === 0 || i === order.length - 1;
    const covered = start && end ? overlap(month, start, end) : edge ? null : daysInMonth(month);
    months.set(month, { figures: found.get(month)!, covered });
  });
  return { result: { currency: table.meta.currency, months } };
}
