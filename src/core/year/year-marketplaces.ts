// The year by marketplace (docs/guide/alerts-and-the-year.md). The marketplace report covers a period, not
// months, so a year's tab shows, below its months, that report over the year so far (`year_to_date`: the
// demo's range, passed through; the API documents only last_30_days): a row per marketplace as the API
// sent it, in its currency, never converted, with the period it covers. It goes on the tab of the year
// its period lies in; a period not said, or spanning two years, is placed in none. Earlier years by
// marketplace are not kept: their tabs say so rather than guess.
import { dayNumber, ISO_DAY, periodEnds } from '../base/days';
import { messageOf } from '../base/unknown';
import { type Measure, measureColumn } from '../figures';
import { type CellValue, toReportTable } from '../report';
import { columnOf, idText } from '../report/table-reader';
import type { Fetched } from '../tabs';

/** The marketplace report over the year, as the year's tabs show it, or why it is not shown. */
export type YearMarketplaces =
  | {
      readonly year: number;
      readonly start: string;
      readonly end: string;
      readonly currency: string | null;
      /** Each marketplace's name and figures (null: not sent), in the report's order. */
      readonly rows: readonly { readonly name: string; readonly figures: readonly (number | null)[] }[];
    }
  | { readonly reason: string };

const dayOf = (v: unknown) => (typeof v === 'string' && ISO_DAY.test(v.trim()) ? v.trim() : null);

/** The report's rows by marketplace, `measures` in order; undefined `fetched`: not asked. */
export function yearMarketplaces(
  fetched: Fetched | undefined,
  measures: readonly Measure[],
): YearMarketplaces | null {
  if (!fetched) return null;
  if (!fetched.ok) return { reason: fetched.error };
  try {
    const table = toReportTable(fetched.data, 'marketplaces-report', fetched.unread);
    if (table.meta.truncated)
      return { reason: 'some of its rows could not be read (cut short), so its figures may be too low.' };
    if (table.meta.currencies) return { reason: 'it holds figures in several currencies.' };
    const [start, end] = periodEnds(table.meta.period || {}, dayOf);
    if (!start || !end || dayNumber(end) < dayNumber(start))
      return { reason: 'it did not say the days its period covers, so it is placed in no year.' };
    if (start.slice(0, 4) !== end.slice(0, 4))
      return { reason: `its period, ${start} to ${end}, is not within one year.` };
    const nameAt = columnOf(table, ['marketplace', 'store', 'country']);
    const places = measures.map((m) => measureColumn(table, m));
    const rows = table.rows.map((row, i) => ({
      name: idText(row[nameAt]) || `Row ${i + 1}`,
      figures: places.map((at) => {
        const cell: CellValue | undefined = at < 0 ? undefined : row[at];
        return typeof cell === 'number' && Number.isFinite(cell) ? cell : null;
      }),
    }));
    return { year: Number(start.slice(0, 4)), start, end, currency: table.meta.currency, rows };
  } catch (err) {
    return { reason: messageOf(err) };
  }
}
