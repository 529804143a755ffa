// The year's step of a refresh (docs/guide/alerts-and-the-year.md): a tab per calendar year asked for
// (this year and last unless the settings say otherwise), each from the history's days and, for months it
// holds no day of, round 1's timeline by month, with this year's Marketplaces report below, its payment
// delay stated in its banner. A ledger that cannot be read, or a sheet that refuses the write, leaves each
// year's tab as it was under the amber banner. platform/year-tab.ts builds the ports.
import type { LedgerDay } from '../figures';
import { failTabAnyway, type RefreshRun, type TabOutcome, type TabSheets, writeRefused } from '../refresh';
import { yearTabId } from '../tab-ids';
import { freshBanner } from '../tabs';
import { yearAnswers, yearsAsked, yearTabs } from '../year';

const LEDGER_UNREAD = 'The history tab could not be read: the year is built from its days.';

export interface YearTabsPorts {
  /** `YYYY-MM-DD` of the refresh's start in the spreadsheet's zone. */
  today(): string;
  readonly sheets: TabSheets;
}

export function writeYearTabs(
  run: RefreshRun,
  days: readonly LedgerDay[] | null,
  { today, sheets }: YearTabsPorts,
): TabOutcome[] {
  const { startedAt, inSheetTime, timeZone } = run;
  const day = today();
  const fail = (tab: TabOutcome['tab'], error: string): TabOutcome =>
    failTabAnyway(tab, error, { startedAt, inSheetTime }, sheets);
  if (days === null)
    return yearsAsked(day, run.settings.years).map((year) => fail(yearTabId(year), LEDGER_UNREAD));
  const answers = yearAnswers(run.yearMonths, run.yearMarketplaces, run.settings.currency ?? null);
  return yearTabs(days, day, run.settings, answers).map(({ tab, table, note }) => {
    try {
      const fresh = freshBanner({
        meta: table.meta,
        updatedAt: inSheetTime(startedAt),
        timeZone,
        period: null,
        coveredThrough: run.coveredThrough,
      });
      const written = sheets.writeTable(tab, table, { ...fresh, text: `${fresh.text} · ${note}` }, undefined);
      return { tab, ...written, truncated: false, error: null };
    } catch (err) {
      return fail(tab, writeRefused(err));
    }
  });
}
