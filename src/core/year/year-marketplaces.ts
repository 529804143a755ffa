// The year by marketplace (docs/guide/alerts-and-the-year.md). The marketplace report covers a period, not
// months, so a year's tab shows, below its months, that report over the year so far (`year_to_date`: the
// demo's range, passed through; the API documents only last_30_days): a row per marketplace as the API
// sent it, in its currency, never converted, with the period it covers. It goes on the tab of the year
// its period lies in; a period not said, or across two years, is placed in none. A past year's tab keeps
// the rows its last refresh wrote (year-table.ts keptMarketplaces); one holding none says so.
import type { Measure } from '../figures';
import { columnOf, idText } from '../report/table-reader';
import type { Fetched } from '../tabs';
import { figuresOf, periodDays, yearReport } from './year-report';

/** The marketplace report over the year, as the year's tabs show it, or why it is not shown. */
export type YearMarketplaces =
  | {
      readonly year: number;
      readonly start: string;
      readonly end: string;
      readonly currency: string | null;
      /** Each marketplace's name and `measures` (null: not sent), in the report's order. */
      readonly rows: readonly { readonly name: string; readonly figures: readonly (number | null)[] }[];
    }
  | { readonly reason: string };

/** The report's rows by marketplace; null when it was not asked (undefined `fetched`). */
export function yearMarketplaces(
  fetched: Fetched | undefined,
  measures: readonly Measure[],
): YearMarketplaces | null {
  if (!fetched) return null;
  const read = yearReport(fetched, 'marketplaces-report');
  if ('reason' in read) return read;
  const { table } = read;
  const [start, end] = periodDays(table);
  if (!start || !end || start.slice(0, 4) !== end.slice(0, 4))
    return { reason: 'its period is not said, or not within one year.' };
  const nameAt = columnOf(table, ['marketplace', 'store', 'country']);
  const figures = figuresOf(table, measures);
  const rows = table.rows.map((row, i) => ({
    name: idText(row[nameAt]) || `Row ${i + 1}`,
    figures: figures(row),
  }));
  return { year: Number(start.slice(0, 4)), start, end, currency: table.meta.currency, rows };
}

/** The report's rows when they are of `year`; null when it gave none, or covers another year. */
export function marketplacesOf(found: YearMarketplaces | null, year: number) {
  return found && 'rows' in found && found.year === year ? found : null;
}
