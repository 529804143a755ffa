// The calendar years in a refresh (docs/guide/alerts-and-the-year.md): this year and last by month from the
// history's days (core/year), written as one of our tabs. No request of its own; a ledger that cannot be
// read leaves the tab as it was under the amber banner.

import type { LedgerDay } from '../core/figures';
import { failTabAnyway, type RefreshRun, type TabOutcome, writeRefused } from '../core/refresh';
import { freshBanner } from '../core/tabs';
import { YEAR_NOTE, yearsTable } from '../core/year';
import type { TabDirectory } from './sheets/directory';
import { tabSheets, writeTableTab } from './sheets/writer';

const LEDGER_UNREAD = 'The history tab could not be read: the year is built from its days.';

export function refreshYear(
  directory: TabDirectory,
  run: RefreshRun,
  days: readonly LedgerDay[] | null,
): TabOutcome {
  const { startedAt, inSheetTime, timeZone } = run;
  const fail = (error: string): TabOutcome =>
    failTabAnyway('year', error, { startedAt, inSheetTime }, tabSheets(directory, startedAt));
  if (days === null) return fail(LEDGER_UNREAD);
  try {
    const today = Utilities.formatDate(new Date(startedAt), timeZone, 'yyyy-MM-dd');
    const table = yearsTable(days, today);
    const fresh = freshBanner({
      meta: table.meta,
      updatedAt: inSheetTime(startedAt),
      timeZone,
      period: null,
      coveredThrough: run.coveredThrough,
    });
    const written = writeTableTab(
      directory,
      'year',
      table,
      { ...fresh, text: `${fresh.text} · ${YEAR_NOTE}` },
      startedAt,
    );
    return { tab: 'year', ...written, truncated: false, error: null };
  } catch (err) {
    return fail(writeRefused(err));
  }
}
