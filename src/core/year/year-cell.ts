// The year's table as its custom function gives it (ROYALTIES_YEAR), which asks the API nothing: what the
// year's tab took from the API comes back from that tab, as its last refresh wrote it (yearRows): the
// months from the timeline by month, so the estimate paid counts them as the tab does, and the rows by
// marketplace as they stand. A month of sale before January shows on no row of the tab: where the cell's
// estimate lacks one, the tab's own for the same payment delay is taken. With no tab of that year, the
// history's months alone and a row saying what a refresh that writes the tab adds.
import { daysInMonth, type LedgerDay } from '../figures';
import type { CellValue, ReportTable } from '../report';
import { tabTitle } from '../tab-ids';
import { isMonthCell } from './month-marketplaces';
import type { TimelineMonth, TimelineMonths } from './timeline-months';
import {
  FROM_TIMELINE,
  isByMarketplace,
  LACKS_DAYS,
  NO_FIGURES,
  STATUS_AT,
  YEAR_COLUMNS,
  yearTable,
} from './year-table';

const FIGURES_AT = YEAR_COLUMNS.findIndex((c) => c.key === 'royalties');

/** The last row of a year with no tab of its own: what the API adds, and how. */
export const NO_YEAR_TAB: readonly CellValue[] = [
  'Not in this cell',
  null,
  null,
  `the months the history holds no day of (from the timeline by month) and the rows by marketplace come from the API with a refresh that writes the year's tab (tick "${tabTitle('year')}" in the sidebar); this cell then reads them from it`,
  ...NO_FIGURES,
];

/** The months a year's tab took from the timeline by month (its rows in the year's columns), in `currency`
 * (null: the one the tab shows); null when it holds none. The days each covers are in its Status, as the
 * year's table writes it: "partial (N of M days)", "maybe partial" (not said), else the whole month. */
export function keptTimeline(rows: readonly CellValue[][], currency: string | null): TimelineMonths | null {
  const fromTimeline = rows.filter(
    (r) => !isByMarketplace(r) && isMonthCell(r[0]) && String(r[STATUS_AT]).includes(FROM_TIMELINE),
  );
  const shown = currency ?? (fromTimeline[0]?.[1] as string | null | undefined);
  const months = new Map<string, TimelineMonth>();
  for (const row of fromTimeline.filter((r) => r[1] === shown)) {
    const month = String(row[0]);
    const status = String(row[STATUS_AT]);
    const partial = /partial \((\d+) of/.exec(status);
    months.set(month, {
      figures: row.slice(FIGURES_AT).map((v) => (typeof v === 'number' ? v : null)),
      covered: partial ? Number(partial[1]) : status.includes('maybe partial') ? null : daysInMonth(month),
    });
  }
  return months.size ? { currency: shown ?? null, months } : null;
}

/** The year's table for the cell: `written`, the year's tab's rows in the year's columns (null: no tab). */
export function yearCellTable(
  days: readonly LedgerDay[],
  year: number,
  today: string,
  delayDays: number,
  written: readonly CellValue[][] | null,
  currency: string | null,
): ReportTable {
  const made = yearTable(days, year, today, delayDays, written && keptTimeline(written, currency));
  if (!made.rows.length || !written)
    return made.rows.length ? { ...made, rows: [...made.rows, NO_YEAR_TAB] } : made;
  const rows = made.rows.map((row) => (row[FIGURES_AT] === null && tabsEstimate(row, written)) || row);
  return { ...made, rows: [...rows, ...written.filter(isByMarketplace)] };
}

/** The tab's estimate paid where `row` is the cell's lacking a month of sale: the same row (label,
 * currency), the same months of sale and delay (its Status but for the month lacking), with a figure. */
function tabsEstimate(row: readonly CellValue[], written: readonly CellValue[][]): CellValue[] | undefined {
  const status = String(row[STATUS_AT]);
  if (!status.includes(LACKS_DAYS)) return undefined;
  return written.find(
    (r) =>
      r[0] === row[0] &&
      r[1] === row[1] &&
      r[STATUS_AT] === status.replace(LACKS_DAYS, '') &&
      r[FIGURES_AT] !== null,
  );
}
