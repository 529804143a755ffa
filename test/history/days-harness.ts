// Entry of a test-only bundle (never part of dist/): the add-on's refresh and settings, plus historyDays,
// the reading of the ledger the dashboard uses when the history is not refreshed.
import { saveApiKey as saveKey } from '../../src/platform/account.ts';
import { buildConfig } from '../../src/platform/build-config.ts';
import { historyDays } from '../../src/platform/history.ts';
import { keyStore } from '../../src/platform/key-store.ts';
import { runRefresh } from '../../src/platform/refresh.ts';
import { TabDirectory } from '../../src/platform/sheets/directory.ts';
import { saveSettings as save } from '../../src/platform/sidebar.ts';

export const saveApiKey = saveKey;
export const saveSettings = save;
export const refreshAllTabs = () => runRefresh('sidebar');

/** The ledger's days as JSON, in `currency` ('' for the ledger's latest), for the key saved (demo or not). */
export function ledgerDaysJson(currency: string): string {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const directory = TabDirectory.open(spreadsheet);
  const zone = spreadsheet.getSpreadsheetTimeZone();
  const demo = keyStore.get() === buildConfig.demoKey;
  return JSON.stringify(historyDays(directory, zone, Date.now(), currency || null, demo));
}
