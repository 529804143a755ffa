// The month view: one row per month, summed from the ledger in the report's currency. The current month,
// and the previous one until the 15th (when stores publish final monthly royalties and the KENP rate), are
// estimated, as is any month holding a provisional day; a month the history holds only some days of says
// so ("partial (5 of 30 days)"), so a short first month is not taken for a bad one. A month with a day
// lacking a figure shows it missing (monthSums): never a sum of some of its days. Figures that are not totals
// (a price, a rate, an average) are not summed: the view leaves them out.
import { dayNumber, isoOf } from '../base/days';
import { daysInMonth, MEASURE_NAMES, monthSums } from '../figures';
import { type CellValue, moneyDecimals, type ReportColumn, type ReportTable } from '../report';
import { roundTo } from '../report/table-reader';
import { wordSet } from '../report/word-lists';
import { columnFormat, type FigureColumn, ledgerColumn } from './columns';
import type { LedgerRow } from './merge';

/** Final monthly royalties and the KENP rate are published by this day of the next month. */
const FINAL_BY_DAY = 15;

/** Whether a month's sums may still change, on `today` (YYYY-MM-DD in the sheet's zone): the current month,
 * and the previous one until the 15th (the day 14 days back is in it until then). */
export function isEstimated(month: string, today: string, holdsProvisional: boolean): boolean {
  return holdsProvisional || month >= isoOf(dayNumber(today) - FINAL_BY_DAY + 1).slice(0, 7);
}

/** Words of a figure's name that say it is not a total of its days (a rate, a price, an average): a month
 * of them added up is no figure at all, so the month view leaves them out. */
const NOT_TOTAL_WORDS = wordSet(
  'rate rates ratio share percent percentage pct conversion acos price prices average avg mean median',
);

function isTotal(column: FigureColumn): boolean {
  if (column.kind === 'fraction') return false;
  const words = viewKey(column)
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return !words.some((w) => NOT_TOTAL_WORDS.has(w));
}

/** The figure columns of the month view: totals (counts, and money in `currency` only), in the catalogue's
 * order (money first), whatever order the ledger's columns came in. */
function monthKeys(keys: readonly string[], currency: string | null): FigureColumn[] {
  const rank = (c: FigureColumn) => {
    const at = (MEASURE_NAMES as readonly (string | null)[]).indexOf(c.measure);
    return at < 0 ? MEASURE_NAMES.length : at;
  };
  // Sorting is stable: columns of the same rank keep the ledger's order.
  return keys
    .map(ledgerColumn)
    .filter(
      (c): c is FigureColumn => c !== null && isTotal(c) && (c.kind !== 'money' || c.currency === currency),
    )
    .sort((a, b) => rank(a) - rank(b));
}

/** The month view's own key of a ledger column: without the currency, so a column keeps its place in the
 * view when the currency changes (its header names the currency). */
function viewKey(column: FigureColumn): string {
  return column.key.split('@')[0]!;
}

export function monthTable(
  rows: readonly LedgerRow[],
  keys: readonly string[],
  currency: string | null,
  today: string,
): ReportTable {
  const figures = monthKeys(keys, currency);
  const months = monthSums(rows, figures.length, (row, i) => row.values[figures[i]!.key]);
  // Money to its currency's decimals (3 for KWD); other figures to 2, as the days' sums may carry noise.
  // (Only money has a currency.)
  const decimals = figures.map((f) => (f.currency ? moneyDecimals(f.currency) : 2));
  const provisional = new Set(rows.filter((r) => r.status === 'provisional').map((r) => r.date.slice(0, 7)));
  const columns: ReportColumn[] = [
    { key: 'month', label: 'Month', format: { kind: 'month' } },
    // Keyed as before, so the column keeps its place in tabs written before it was called Status.
    { key: 'estimated', label: 'Status', format: { kind: 'text' } },
    { key: 'days', label: 'Days in the history', format: { kind: 'integer' } },
    ...figures.map(
      (f): ReportColumn => ({
        key: viewKey(f),
        label: f.label,
        format: columnFormat(f),
      }),
    ),
  ];
  const out: CellValue[][] = [...months.keys()].sort().map((month) => {
    const { days, sums } = months.get(month)!;
    // Final or estimated, and partial when the history holds fewer of its days.
    const whole = daysInMonth(month);
    const state = isEstimated(month, today, provisional.has(month)) ? 'estimated' : 'final';
    return [
      { kind: 'calendar-date', iso: month },
      days < whole ? `${state}, partial (${days} of ${whole} days)` : state,
      days,
      ...sums.map((s, i) => (s === null ? null : roundTo(s, decimals[i]!))),
    ];
  });
  return { columns, rows: out, meta: { period: null, currency, truncated: false } };
}
