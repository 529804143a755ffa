// The sidebar's server side: opening it, the help dialog, and the one call that gives the sidebar
// everything it shows. The key itself never leaves the key store: the sidebar gets its name and masked
// start from the API's own account view.
import * as server from '../core/flows/sidebar-server';
import type { SidebarState } from '../core/flows/sidebar-state';
import type { RoyaltiesSettings } from '../core/settings';
import { loadAlerts } from './alerts-store';
import { platformClient } from './api';
import { buildConfig } from './build-config';
import { documentValues, theSpreadsheet, userProperties, userValues } from './document';
import { primeTimeoutMemory } from './fetch-timeout';
import { isFormulaAccessOn, isSpreadsheetOwner } from './formula-access';
import { keyStore } from './key-store';
import { loadLastRefresh } from './last-refresh';
import { nightlyState } from './nightly';
import { askFor, missingNow } from './permissions';
import { getRefreshProgress } from './refresh-progress';
import { stoppedRefreshNote } from './refresh-start';
import { loadSettings, storeSettings } from './settings-store';
import { loadMismatches, loadStatusBook } from './sheets/status-tab';

/** The author is looking at a blank sidebar meanwhile: answer within seconds, not minutes. */
const ACCOUNT_BUDGET_MS = 15_000;

export function showSidebar(): void {
  const html = HtmlService.createHtmlOutputFromFile('Sidebar').setTitle('Royalties');
  SpreadsheetApp.getUi().showSidebar(html);
}

/** The help text is an HTML file of its own (src/sidebar/help.html → dist/Help.html): read only when asked
 * for, not parsed with the script on every custom function call. */
export function showHelp(): void {
  server.showHelp((file, title, width, height) => {
    const html = HtmlService.createHtmlOutputFromFile(file).setWidth(width).setHeight(height);
    SpreadsheetApp.getUi().showModalDialog(html, title);
  });
}

export function setSidebarFolds(folds: unknown): void {
  server.saveFolds(folds, (key, text) => userProperties().setProperty(key, text));
}

/** The author is looking at the sidebar meanwhile: the client answers within seconds, through the
 * document's response cache. */
function sidebarClient(apiKey: string) {
  return platformClient({ apiKey, budgetMs: ACCOUNT_BUDGET_MS, cache: 'document' });
}

export function saveSettings(input: unknown): RoyaltiesSettings {
  return server.saveSettings(input, {
    apiKey: () => keyStore.get(),
    storedSettings: () => loadSettings(),
    client: sidebarClient,
    store: storeSettings,
  });
}

type Values = ReturnType<typeof userValues>;

const statePort: server.SidebarStatePort<Values, Values> = {
  missingPermissions: missingNow,
  askFor,
  userValues() {
    const user = userValues();
    primeTimeoutMemory(user);
    return user;
  },
  documentValues,
  apiKey: (user) => keyStore.get(user),
  client: sidebarClient,
  now: () => Date.now(),
  isOwner: isSpreadsheetOwner,
  formulaAccessOn: (user) => isFormulaAccessOn(user),
  stoppedRefresh: (document) => stoppedRefreshNote(document),
  parts: (user, document) => ({
    settings: loadSettings(document),
    nightly: nightlyState(theSpreadsheet(), user, document),
    version: buildConfig.version,
    refresh: getRefreshProgress(),
    lastRefresh: loadLastRefresh(document),
    status: loadStatusBook(document),
    mismatches: loadMismatches(document),
    alertLines: loadAlerts(document).lines,
  }),
};

export function getSidebarState(): SidebarState {
  return server.sidebarState(statePort);
}
