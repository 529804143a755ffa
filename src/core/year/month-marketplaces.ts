// Months by marketplace, kept by the add-on on the year's tab a month at a time, since no endpoint gives
// them (docs/guide/alerts-and-the-year.md): the Marketplaces report covers a period and the timeline has no
// marketplace. As the history keeps days past the API's period, each refresh with the year chosen asks the
// report over last month (the demo's `last_month`, passed through), and the tab of that month's year shows
// it, a row per marketplace in the report's currency. That tab is the ledger: the months kept earlier are
// read back from it (year-table.ts keptMarketplaces, the one read of a tab whose mark says it holds such
// rows), and last month's rows replace that month's. No property holds them, so nothing grows out of the
// author's sight. A month no refresh saw (before the add-on, or a month without a refresh) is listed as not
// kept, never split from the year's figures.
import { ISO_MONTH } from '../base/days';
import { daysInMonth, type Measure } from '../figures';
import type { Fetched } from '../tabs';
import { yearMarketplaces } from './year-marketplaces';

/** Last month's Marketplaces report as the year keeps it, or why it gives nothing. */
export type LastMonth =
  | {
      /** `YYYY-MM`. */
      readonly month: string;
      readonly currency: string | null;
      readonly rows: readonly { readonly name: string; readonly figures: readonly (number | null)[] }[];
    }
  | { readonly reason: string };

/** A month's row on the tab: its Month cell is `YYYY-MM` (the year so far's is a period). */
export const isMonthCell = (cell: unknown) => typeof cell === 'string' && ISO_MONTH.test(cell);

/** The report over last month, read as the year's report by marketplace; null when it was not asked. */
export function lastMonthMarketplaces(
  fetched: Fetched | undefined,
  measures: readonly Measure[],
): LastMonth | null {
  const read = yearMarketplaces(fetched, measures);
  if (!read || 'reason' in read) return read;
  const { start, end, currency, rows } = read;
  const month = start.slice(0, 7);
  // A whole month only: part of one would pass for the month.
  if (!start.endsWith('-01') || end !== `${month}-${daysInMonth(month)}`)
    return { reason: `its period (${start} to ${end}) is not one whole month.` };
  return { month, currency, rows };
}

/** The months of `year` ended by `today` that `kept` lacks, as runs: `2026-01 to 2026-09, 2026-11`. */
export function monthsNotKept(kept: ReadonlySet<string>, year: number, today: string): string {
  const runs: string[][] = [];
  let open = false;
  for (let m = 1; m <= 12; m++) {
    const month = `${year}-${String(m).padStart(2, '0')}`;
    if (month >= today.slice(0, 7)) break;
    if (kept.has(month)) open = false;
    else if (open) runs[runs.length - 1]!.push(month);
    else {
      runs.push([month]);
      open = true;
    }
  }
  return runs.map((run) => (run.length > 1 ? `${run[0]} to ${run[run.length - 1]}` : run[0])).join(', ');
}
