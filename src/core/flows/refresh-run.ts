// A refresh from its start: the refresh lock (refused while another refresh holds it or its claim), a
// refresh Apps Script stopped recorded, the user's key (none: refused) and settings, the start record and
// the progress entry, the client, then every step after the start (core/refresh/sequence.ts), and whatever
// happens the start record and progress closed, everything written flushed, the lock released. A sidebar
// refresh runs the same way in parts (refresh-parts.ts). platform/refresh.ts builds the port.
import { type ApiClient, type ApiRequest, NO_ANSWER_MS } from '../api';
import { PRODUCT, SAVE_KEY_IN_SIDEBAR } from '../base/phrases';
import { plainMessageOf } from '../google-faults';
import {
  notFlushed,
  type RefreshOrigin,
  type RefreshPorts,
  type RefreshResult,
  type RefreshStart,
  refreshApiDeadline,
  refreshFirstRound,
  refreshTabs,
  tabsToWrite,
} from '../refresh';
import type { RoyaltiesSettings } from '../settings';
import { refreshMessage } from './nightly';

/** What a refresh asks of Apps Script before and around its steps; `U`: the user's properties read whole. */
export interface RefreshRunPort<U> {
  now(): number;
  newRunId(): string;
  /** The add-on build: another editor's night holds only its own user lock, so its start record counts. */
  readonly addonRoute: boolean;
  /** The refresh lock (optional-services.ts: a lock that refuses is done without). */
  lock(): { tryLock(timeoutMs: number): boolean; releaseLock(): void };
  /** The start record: refresh-start.ts. */
  liveStart(): RefreshStart | null;
  /** Returns what the storage had no room for when it recorded one (null: all kept whole); `next`: the
   * start record that follows, kept room for (a claim is, even with no stopped refresh to record). */
  recordStoppedRefresh(next: RefreshStart): string | null;
  /** Whether the store kept it (the add-on's metadata may have no room). */
  noteRefreshStart(start: RefreshStart): boolean;
  clearRefreshStart(): void;
  /** The progress entry: refresh-progress.ts. */
  startProgress(origin: RefreshOrigin, tabs: number, requests: number, runId: string): void;
  endProgress(): void;
  /** The user's properties, read whole once: the key, the timeoutSeconds memory, the morning e-mail. */
  userValues(): U;
  apiKey(user: U): string | null;
  settings(): RoyaltiesSettings;
  /** A client that may spend `budgetMs`; `cache` 'user': its answers kept under `generation`. */
  client(options: {
    apiKey: string;
    budgetMs: number;
    cache: 'user' | 'none';
    generation?: string;
    roundTimeoutMs: number;
  }): ApiClient;
  /** The public demo key: its figures are the demo account's, kept out of an author's history. */
  isDemoKey(apiKey: string): boolean;
  refreshPorts(user: U): RefreshPorts;
  /** The formula cells that follow a refresh, told it happened. */
  followedByFormulas(result: RefreshResult): RefreshResult;
  /** Everything written lands before another refresh may start. */
  flush(): void;
}

/** A second refresh waits this long for the first before it says so. */
const LOCK_WAIT_MS = 2_000;

export const REFRESH_RUNNING = 'A refresh is already running here: try again once it has finished.';
export const NO_KEY = `No API key is saved for you: ${SAVE_KEY_IN_SIDEBAR}`;
export const NO_ROOM_TO_CLAIM = `Not refreshed: this spreadsheet's developer metadata, shared with other add-ons, is too full for a refresh from the sidebar. Use Extensions ▸ ${PRODUCT} ▸ Refresh all tabs instead.`;

/** A refresh's client, for an execution started at `executionStartedAt`: no round starts that a request
 * getting no answer could carry past the refresh's whole time with the API (the history's backfill
 * included, core/refresh/time.ts). A sidebar refresh's run keeps its answers in the user's cache under its
 * id, for the run's last execution (the key's owner is the only one who reads them); any other refresh
 * keeps none. */
export function refreshClient<U>(
  port: RefreshRunPort<U>,
  apiKey: string,
  executionStartedAt: number,
  runId?: string,
): ApiClient {
  return port.client({
    apiKey,
    budgetMs: refreshApiDeadline(executionStartedAt) - port.now(),
    cache: runId ? 'user' : 'none',
    generation: runId,
    roundTimeoutMs: NO_ANSWER_MS,
  });
}

/** The user's key (a refresh without one is refused) and the settings, with round 1 as they ask for it: one
 * request per endpoint, and the history's own timeline last. */
export function refreshInputs<U>(port: RefreshRunPort<U>) {
  const user = port.userValues();
  const apiKey = port.apiKey(user);
  if (!apiKey) throw new Error(NO_KEY);
  const settings = port.settings();
  return { apiKey, settings, round1: refreshFirstRound(settings), user };
}

/** The refresh lock, taken by a refresh (or by the run `runId` of a sidebar refresh in parts, whose claim it
 * is): refused while another refresh holds it, or holds its claim meanwhile (a sidebar refresh whose parts
 * are fetching holds no lock, only its claim). With the lock, the run's own claim, if it has one. */
export function takeRefreshLock<U>(port: RefreshRunPort<U>, runId?: string) {
  const lock = port.lock();
  if (!lock.tryLock(LOCK_WAIT_MS)) throw new Error(REFRESH_RUNNING);
  const start = port.liveStart();
  const claim = start?.claim;
  if (claim ? claim.runId !== runId : !runId && port.addonRoute && start) {
    lock.releaseLock();
    throw new Error(REFRESH_RUNNING);
  }
  return { lock, claim };
}

/** What every refresh does first, under the lock: the key and the settings read, a refresh Apps Script
 * stopped recorded (a refresh in parts did it when it started, and its own start record is not one that
 * was stopped), the start record and the progress entry written. A sidebar refresh's start with no room
 * for its claim is refused: its parts would hold nothing off. */
export function beginRefresh<U>(
  port: RefreshRunPort<U>,
  origin: RefreshOrigin,
  runId?: string,
  claims = false,
) {
  const startedAt = port.now();
  const inputs = refreshInputs(port);
  const { settings, round1 } = inputs;
  const run = runId || port.newRunId();
  // A sidebar refresh's start claims the spreadsheet for its parts, and keeps what its finish must say.
  const claim = claims ? { runId: run, parts: round1.length } : undefined;
  const start = { origin, startedAt, tabs: settings.tabs, claim };
  const stoppedNotKept = runId ? null : port.recordStoppedRefresh(start);
  const noted = claim && stoppedNotKept ? { ...start, claim: { ...claim, notKept: stoppedNotKept } } : start;
  if (!port.noteRefreshStart(noted) && claim) {
    throw new Error(stoppedNotKept ? `${NO_ROOM_TO_CLAIM} ${stoppedNotKept}` : NO_ROOM_TO_CLAIM);
  }
  port.startProgress(origin, tabsToWrite(settings), round1.length, run);
  return { ...inputs, startedAt, runId: run, stoppedNotKept };
}

/** A refresh. A sidebar refresh's last execution names the run its start began (the claim, the progress
 * entry and the cache generation of what its parts fetched) and what its parts asked and got no answer to,
 * never asked again. */
export function runRefresh<U>(
  port: RefreshRunPort<U>,
  origin: RefreshOrigin,
  runId?: string,
  unanswered: readonly ApiRequest[] = [],
): RefreshResult {
  // The execution started about now: its 6 minutes are counted from here, the lock's wait included.
  const executionStartedAt = port.now();
  const { lock, claim } = takeRefreshLock(port, runId);
  let summary: RefreshResult;
  let unflushed: unknown = null;
  try {
    const begun = beginRefresh(port, origin, runId);
    const { apiKey, settings, startedAt, round1, user } = begun;
    // A finish says what its start's record of a stopped refresh could not keep, as the Status tab does.
    const stoppedNotKept = begun.stoppedNotKept ?? claim?.notKept ?? null;
    // The refresh's one client. The run's last execution answers from what its parts fetched.
    const client = refreshClient(port, apiKey, executionStartedAt, runId);
    const demo = port.isDemoKey(apiKey);
    const inputs = { origin, settings, round1, startedAt, client, demo, unanswered, stoppedNotKept };
    summary = port.followedByFormulas(refreshTabs(inputs, port.refreshPorts(user)));
  } finally {
    // The claim of a sidebar refresh goes with its start record.
    port.clearRefreshStart();
    port.endProgress();
    // Everything written must land before another refresh may start. Refused (the Spreadsheet service
    // failing), it must not take the refresh's outcome with it: the outcome says so instead.
    try {
      port.flush();
    } catch (err) {
      unflushed = err;
    }
    lock.releaseLock();
  }
  return unflushed === null ? summary : { ...summary, statusError: notFlushed(summary, unflushed) };
}

/** The menu item: the outcome (or why nothing ran) in a toast. */
export function menuRefresh<U>(
  port: RefreshRunPort<U>,
  toast: (message: string, title: string, seconds: number) => void,
): RefreshResult | null {
  try {
    const summary = runRefresh(port, 'menu');
    toast(refreshMessage(summary), 'Royalties: refresh finished', 10);
    return summary;
  } catch (err) {
    toast(plainMessageOf(err), 'Royalties: refresh not done', 15);
    return null;
  }
}
