// The calendar years in a refresh (docs/guide/alerts-and-the-year.md): the ports of core/flows/year-tabs.ts,
// a tab per year asked for written as one of ours (read back first where its mark says it holds marketplace
// rows, this year's too), and the refresh's day in the spreadsheet's zone.

import type { LedgerDay } from '../core/figures';
import { writeYearTabs } from '../core/flows/year-tabs';
import type { RefreshRun, TabOutcome } from '../core/refresh';
import type { TabDirectory } from './sheets/directory';
import { tabSheets } from './sheets/writer';
import { writtenTab } from './sheets/written-tab';

export function refreshYears(
  directory: TabDirectory,
  run: RefreshRun,
  days: readonly LedgerDay[] | null,
): TabOutcome[] {
  return writeYearTabs(run, days, {
    today: () => Utilities.formatDate(new Date(run.startedAt), run.timeZone, 'yyyy-MM-dd'),
    sheets: tabSheets(directory, run.startedAt),
    findTab: (tab) => writtenTab(directory, tab),
  });
}
