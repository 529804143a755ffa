// Refresh all tabs: the document lock, the user's key and settings, the start record and the client here;
// the steps after them (two fetchAll rounds, then each chosen tab written, or for a tab whose endpoint
// failed only its banner turned amber, and the Status tab) are core/refresh/sequence.ts's, through the
// ports of refresh-ports.ts. The menu, the sidebar and the nightly trigger all come through runRefresh.
import type { ApiClient, ApiRequest } from '../core/api';
import { NO_ANSWER_MS } from '../core/api';
import { SAVE_KEY_IN_SIDEBAR } from '../core/base/phrases';
import { refreshMessage } from '../core/flows/nightly';
import { plainMessageOf } from '../core/google-faults';
import {
  type RefreshOrigin,
  type RefreshResult,
  refreshApiDeadline,
  refreshFirstRound,
  refreshTabs,
  tabsToWrite,
} from '../core/refresh';
import { platformClient } from './api';
import { buildConfig } from './build-config';
import { refreshLock, theSpreadsheet, userValues } from './document';
import { primeTimeoutMemory } from './fetch-timeout';
import { keyStore } from './key-store';
import type { OptionalLock } from './optional-services';
import { refreshPortsFor } from './refresh-ports';
import { endProgress, startProgress } from './refresh-progress';
import { clearRefreshStart, liveStart, noteRefreshStart, recordStoppedRefresh } from './refresh-start';
import { loadSettings } from './settings-store';
import { followedByFormulas } from './sheets/refresh-cell';

/** A second refresh waits this long for the first before it says so. */
const LOCK_WAIT_MS = 2_000;

export const REFRESH_RUNNING = 'A refresh is already running here: try again once it has finished.';
export const NO_KEY = `No API key is saved for you: ${SAVE_KEY_IN_SIDEBAR}`;

/** A refresh's client, for an execution started at `executionStartedAt`: no round starts that a request
 * getting no answer could carry past the refresh's whole time with the API (the history's backfill
 * included, core/refresh/time.ts). A sidebar refresh's run keeps its answers in the user's cache under its
 * id, for the run's last execution (the key's owner is the only one who reads them); any other refresh
 * keeps none. */
export function refreshClient(apiKey: string, executionStartedAt: number, runId?: string): ApiClient {
  return platformClient({
    apiKey,
    budgetMs: refreshApiDeadline(executionStartedAt) - Date.now(),
    cache: runId ? 'user' : 'none',
    generation: runId,
    roundTimeoutMs: NO_ANSWER_MS,
  });
}

/** The user's key (a refresh without one is refused) and the settings, with round 1 as they ask for it: one
 * request per endpoint, and the history's own timeline last. The user's properties are read whole, once:
 * the key, the timeoutSeconds flag and the morning e-mail's choice are all there (about 32 ms a read). */
export function refreshInputs() {
  const user = userValues();
  primeTimeoutMemory(user);
  const apiKey = keyStore.get(user);
  if (!apiKey) throw new Error(NO_KEY);
  const settings = loadSettings();
  return { apiKey, settings, round1: refreshFirstRound(settings), user };
}

/** The refresh lock, taken by a refresh (or by the run `runId` of a sidebar refresh in parts, whose claim it
 * is): refused while another refresh holds it, or holds its claim meanwhile (a sidebar refresh whose parts
 * are fetching holds no lock, only its claim). */
export function takeRefreshLock(runId?: string): OptionalLock {
  const lock = refreshLock();
  if (!lock.tryLock(LOCK_WAIT_MS)) throw new Error(REFRESH_RUNNING);
  const start = liveStart();
  const claim = start?.claim;
  if (claim ? claim.runId !== runId : !runId && __ROYALTIES_ADDON_ROUTE__ && start) {
    lock.releaseLock();
    throw new Error(REFRESH_RUNNING);
  }
  return lock;
}

/** What every refresh does first, under the lock: a refresh Apps Script stopped is recorded (a refresh in
 * parts did it when it started, and its own start record is not one that was stopped), the key and the
 * settings read, the start record and the progress entry written. */
export function beginRefresh(origin: RefreshOrigin, runId?: string, claims = false) {
  const startedAt = Date.now();
  if (!runId) recordStoppedRefresh();
  const inputs = refreshInputs();
  const { settings, round1 } = inputs;
  const run = runId || Utilities.getUuid();
  // A sidebar refresh's start (refresh-parts.ts) claims the spreadsheet for its parts.
  const claim = claims ? { runId: run, parts: round1.length } : undefined;
  noteRefreshStart({ origin, startedAt, tabs: settings.tabs, claim });
  startProgress(origin, tabsToWrite(settings), round1.length, run);
  return { ...inputs, startedAt, runId: run };
}

/** A refresh. A sidebar refresh's last execution (refresh-parts.ts) names the run its start began (the claim,
 * the progress entry and the cache generation of what its parts fetched) and what its parts asked and got
 * no answer to, never asked again. */
export function runRefresh(
  origin: RefreshOrigin,
  runId?: string,
  unanswered: readonly ApiRequest[] = [],
): RefreshResult {
  // The execution started about now: its 6 minutes are counted from here, the lock's wait included.
  const executionStartedAt = Date.now();
  const lock = takeRefreshLock(runId);
  try {
    return followedByFormulas(refreshUnderLock(origin, executionStartedAt, runId, unanswered));
  } finally {
    // The claim of a sidebar refresh goes with its start record.
    clearRefreshStart();
    endProgress();
    // Everything written must land before another refresh may start.
    SpreadsheetApp.flush();
    lock.releaseLock();
  }
}

/** The steps after the start (core/refresh/sequence.ts), on this execution's client and spreadsheet. */
function refreshUnderLock(
  origin: RefreshOrigin,
  executionStartedAt: number,
  runId: string | undefined,
  unanswered: readonly ApiRequest[],
): RefreshResult {
  const { apiKey, settings, startedAt, round1, user } = beginRefresh(origin, runId);
  // The refresh's one client. The run's last execution answers from what its parts fetched.
  const client = refreshClient(apiKey, executionStartedAt, runId);
  // The public demo key: its figures are the demo account's, kept out of an author's history.
  const demo = apiKey === buildConfig.demoKey;
  return refreshTabs(
    { origin, settings, round1, startedAt, client, demo, unanswered },
    refreshPortsFor(user),
  );
}

/** The menu item: the outcome (or why nothing ran) in a toast. */
export function menuRefresh(): RefreshResult | null {
  const spreadsheet = theSpreadsheet();
  try {
    const summary = runRefresh('menu');
    spreadsheet.toast(refreshMessage(summary), 'Royalties: refresh finished', 10);
    return summary;
  } catch (err) {
    spreadsheet.toast(plainMessageOf(err), 'Royalties: refresh not done', 15);
    return null;
  }
}
