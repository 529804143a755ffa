// The sidebar's server side: opening it, the help dialog, and the one call that gives the sidebar
// everything it shows. The key itself never leaves the key store: the sidebar gets its name and masked
// start from the API's own account view.
import { ApiError, accountView } from '../core/api';
import { PRODUCT } from '../core/base/phrases';
import { messageOf, parseJson } from '../core/base/unknown';
import type { AccountSummary, SidebarState } from '../core/flows/sidebar-state';
import { withFreshness } from '../core/freshness';
import { reportRequest } from '../core/refresh';
import { parseSettings, type RoyaltiesSettings } from '../core/settings';
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
  const html = HtmlService.createHtmlOutputFromFile('Help').setWidth(460).setHeight(340);
  SpreadsheetApp.getUi().showModalDialog(html, PRODUCT);
}

/** Which sidebar sections this user keeps open: their own, in user properties. */
const FOLDS_PROPERTY = 'royalties.folds';

export function setSidebarFolds(folds: unknown): void {
  userProperties().setProperty(FOLDS_PROPERTY, JSON.stringify(folds ?? {}).slice(0, 500));
}

/** The author is looking at the sidebar meanwhile: the client answers within seconds, through the
 * document's response cache. */
function sidebarClient(apiKey: string) {
  return platformClient({ apiKey, budgetMs: ACCOUNT_BUDGET_MS, cache: 'document' });
}

/** A period or currency that changed is tried with the API once: what it refuses is refused here, in its
 * own words, rather than by every tab of the next refresh. An API that cannot answer now refuses nothing. */
function checkWithApi(settings: RoyaltiesSettings): void {
  const apiKey = keyStore.get();
  const before = loadSettings();
  if (!apiKey || (settings.period === before.period && settings.currency === before.currency)) return;
  try {
    sidebarClient(apiKey).fetch(reportRequest('summary', settings));
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'bad-request') throw new Error(error.message);
  }
}

export function saveSettings(input: unknown): RoyaltiesSettings {
  const settings = parseSettings(input);
  checkWithApi(settings);
  storeSettings(settings);
  return settings;
}

/**
 * The account is read through the response cache (minutes old at most: right after a key is saved, the
 * key check's own answer) rather than kept with the key: the sidebar is where an author checks that the
 * data is current, so last sync and covered-through must be today's, and a key revoked since shows up here
 * as its error. No key: neither.
 */
function readAccount(apiKey: string | null): Pick<SidebarState, 'account' | 'accountError'> {
  let account: AccountSummary | null = null;
  let accountError: string | null = null;
  try {
    if (apiKey) {
      const response = sidebarClient(apiKey).fetch({ endpoint: 'account' });
      account = withFreshness(accountView(response.data, apiKey), Date.now());
    }
  } catch (error) {
    accountError = messageOf(error);
  }
  return { account, accountError };
}

export function getSidebarState(): SidebarState {
  // Nothing the sidebar shows can be read without the spreadsheet's own permission: Google asks for it now.
  const permissions = missingNow();
  if (permissions.some((p) => p.feature === 'spreadsheet')) askFor(['spreadsheet']);
  // The author waits for this on every sidebar open: each store is read once, whole, rather than once for
  // each of the dozen values below (nothing here writes what it reads).
  const user = userValues();
  const document = documentValues();
  primeTimeoutMemory(user);
  const apiKey = keyStore.get(user);
  const owner = isSpreadsheetOwner();
  const stoppedRefresh = stoppedRefreshNote(document);
  return {
    keySaved: apiKey !== null,
    ...readAccount(apiKey),
    settings: loadSettings(document),
    isOwner: owner,
    // An editor reads their own user properties, not the owner's, so only the owner can know.
    formulaAccess: owner ? isFormulaAccessOn(user) : null,
    nightly: nightlyState(theSpreadsheet(), user, document),
    ...(stoppedRefresh && { stoppedRefresh }),
    version: buildConfig.version,
    refresh: getRefreshProgress(),
    lastRefresh: loadLastRefresh(document),
    status: loadStatusBook(document),
    mismatches: loadMismatches(document),
    folds: parseJson(user.getProperty(FOLDS_PROPERTY)),
    permissions,
  };
}
