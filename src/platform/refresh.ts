// Refresh all tabs: settings, the user's key, a document lock, two fetchAll rounds, then each chosen tab
// written (or, for a tab whose endpoint failed, only its banner turned amber) and the Status tab. The menu,
// the sidebar and the nightly trigger all come through runRefresh.
import type { ApiClient, ApiRequest } from '../core/api';
import { NO_ANSWER_MS } from '../core/api';
import type { EndpointId } from '../core/endpoints';
import type { LedgerDay } from '../core/figures';
import { refreshMessage } from '../core/nightly';
import { OPEN_SIDEBAR } from '../core/phrases';
import {
  failedAndTruncated,
  firstRound,
  historyTimelineRequest,
  needsReadThrough,
  type RefreshOrigin,
  type RefreshResult,
  recordRefresh,
  refreshApiDeadline,
  secondRound,
  statusBanner,
  writeTab,
} from '../core/refresh';
import type { RoyaltiesSettings } from '../core/settings';
import {
  coveredThrough,
  type Fetched,
  fetchedOf,
  type ReadThroughFetched,
  refreshChecks,
  seriesToRead,
  type TabContent,
  tabContents,
} from '../core/tabs';
import { messageOf } from '../core/unknown';
import { platformClient } from './api';
import { buildConfig } from './build-config';
import { refreshDashboard } from './dashboard-tab';
import { refreshLock, theSpreadsheet } from './document';
import { historyDays, refreshHistory } from './history';
import { keyStore } from './key-store';
import { recordLastRefresh } from './last-refresh';
import { clearClaim, liveClaim } from './refresh-claim';
import { endProgress, reportingEachWrite, reportProgress, startProgress } from './refresh-progress';
import { clearRefreshStart, noteRefreshStart, recordStoppedRefresh, startedElsewhere } from './refresh-start';
import { loadSettings } from './settings-store';
import { sheetTime } from './sheet-time';
import { booksBefore } from './sheets/books-before';
import { TabDirectory } from './sheets/directory';
import { followedByFormulas } from './sheets/refresh-cell';
import { loadStatusBook, saveStatusBook, writeStatusTab } from './sheets/status-tab';
import { tabSheets } from './sheets/writer';

/** A second refresh waits this long for the first before it says so. */
const LOCK_WAIT_MS = 2_000;

export const REFRESH_RUNNING =
  'A refresh is already running in this spreadsheet. Wait for it to finish (see the Royalties status tab), then try again.';
export const NO_KEY = `No API key is saved for you. Open ${OPEN_SIDEBAR} and save your key, or choose "Try the demo account".`;

/** A sidebar refresh's last execution (refresh-parts.ts): its parts fetched the reports already. */
interface FetchedInParts {
  /** The run its start began: the claim, the progress entry and the cache generation of the answers. */
  readonly runId: string;
  /** The refresh's client, answering from what the parts fetched. */
  client(apiKey: string, budgetMs: number): ApiClient;
}

export function runRefresh(origin: RefreshOrigin, parts?: FetchedInParts): RefreshResult {
  // The execution started about now: its 6 minutes are counted from here, the lock's wait included.
  const executionStartedAt = Date.now();
  const lock = refreshLock();
  if (!lock.tryLock(LOCK_WAIT_MS)) throw new Error(REFRESH_RUNNING);
  // A sidebar refresh whose parts are fetching holds no lock meanwhile, only its claim; refused here,
  // before the finally that would clear its start record.
  const claim = liveClaim();
  if ((claim && claim.runId !== parts?.runId) || (!parts && startedElsewhere())) {
    lock.releaseLock();
    throw new Error(REFRESH_RUNNING);
  }
  try {
    return followedByFormulas(refreshUnderLock(origin, executionStartedAt, parts));
  } finally {
    if (parts) clearClaim();
    clearRefreshStart();
    endProgress();
    // Everything written must land before another refresh may start.
    SpreadsheetApp.flush();
    lock.releaseLock();
  }
}

/** The refresh's one client: its deadline is the refresh's whole time with the API (the history's backfill
 * included, core/refresh/time.ts), and no round starts that a request getting no answer could carry past it. */
function refreshClient(apiKey: string, executionStartedAt: number): ApiClient {
  const budgetMs = refreshApiDeadline(executionStartedAt) - Date.now();
  return platformClient({ apiKey, budgetMs, cache: 'none', roundTimeoutMs: NO_ANSWER_MS });
}

function fetchAllRounds(
  client: ApiClient,
  settings: RoyaltiesSettings,
  /** Round 1's requests (firstRound), one per endpoint. */
  round1: readonly ApiRequest[],
  /** The history's own timeline request (historyTimelineRequest), sent in round 1 too. */
  ownTimeline: ApiRequest | null,
): {
  contents: TabContent[];
  account: Fetched;
  /** The timeline the history merges (HISTORY_PERIOD). */
  historyTimeline: Fetched | undefined;
  first: Map<EndpointId, Fetched>;
  readThrough: ReadThroughFetched | undefined;
} {
  const endpoints = round1.map((request) => request.endpoint);
  const outcomes = client.fetchMany([...round1, ...(ownTimeline ? [ownTimeline] : [])]);
  const first = new Map(endpoints.map((endpoint, i) => [endpoint, fetchedOf(outcomes[i]!)]));
  const historyTimeline = ownTimeline ? fetchedOf(outcomes[endpoints.length]!) : first.get('timeline');
  let readThrough: ReadThroughFetched | undefined;
  if (needsReadThrough(settings)) {
    const toRead = seriesToRead(first.get('series'));
    if (toRead.ok) {
      reportProgress({ step: 'reading', series: toRead.series.length });
      const answers = toRead.series.length > 0 ? client.fetchMany(secondRound(toRead.series, settings)) : [];
      readThrough = {
        ok: true,
        series: toRead.series,
        responses: answers.map(fetchedOf),
        listUnread: toRead.unread,
      };
    } else {
      readThrough = toRead;
    }
  }
  const contents = tabContents(settings.tabs, first, readThrough);
  return { contents, account: first.get('account')!, historyTimeline, first, readThrough };
}

function refreshUnderLock(
  origin: RefreshOrigin,
  executionStartedAt: number,
  parts: FetchedInParts | undefined,
): RefreshResult {
  const startedAt = Date.now();
  // A refresh in parts did this when it started, and its own start record is not one that was stopped.
  if (!parts) recordStoppedRefresh();
  const apiKey = keyStore.get();
  if (!apiKey) throw new Error(NO_KEY);
  const settings = loadSettings();
  noteRefreshStart(origin, settings.tabs, startedAt);
  const round1 = firstRound(settings);
  const ownTimeline = historyTimelineRequest(settings);
  const requests = round1.length + (ownTimeline ? 1 : 0);
  startProgress(origin, settings.tabs.length, requests, parts?.runId);
  const client = parts
    ? parts.client(apiKey, refreshApiDeadline(executionStartedAt) - Date.now())
    : refreshClient(apiKey, executionStartedAt);
  // The public demo key: its figures are the demo account's, kept out of an author's history.
  const demo = apiKey === buildConfig.demoKey;
  const { contents, account, historyTimeline, first, readThrough } = fetchAllRounds(
    client,
    settings,
    round1,
    ownTimeline,
  );
  reportProgress({ step: 'writing' });
  const checks = refreshChecks(contents, first, readThrough);

  const spreadsheet = theSpreadsheet();
  const timeZone = spreadsheet.getSpreadsheetTimeZone();
  const inSheetTime = (ms: number): string => sheetTime(timeZone, ms);
  const through = account.ok ? coveredThrough(account.data) : null;
  const directory = TabDirectory.open(spreadsheet);

  const context = {
    startedAt,
    timeZone,
    inSheetTime,
    range: settings.period,
    coveredThrough: through,
    checks,
  };
  const sheets = tabSheets(directory, startedAt);
  // The night's books that moved most compare with the Books tab as it stands: read before it is rewritten
  // (npm start's refresh too, so its --email-preview shows what the night would send).
  const compares = origin === 'nightly' || origin === 'local';
  const before = booksBefore(directory, compares, settings.tabs, inSheetTime);
  const tabs = contents.map(reportingEachWrite((content: TabContent) => writeTab(content, context, sheets)));

  // The daily ledger; `history.days` is every day it holds, for the dashboard.
  const history = settings.tabs.includes('history')
    ? reportingEachWrite(refreshHistory)({
        directory,
        settings,
        timeline: historyTimeline,
        coveredThrough: through,
        client,
        startedAt,
        timeZone,
        demo,
      })
    : null;
  if (history) tabs.push(history.outcome);
  let ledgerDays: readonly LedgerDay[] | null = history ? history.days : null;
  if (settings.tabs.includes('dashboard')) {
    // After the other tabs, so the ledger's days include this refresh's merge; without the
    // history tab chosen, the ledger as it stands (none: no tab is created for it).
    const days = history
      ? history.days
      : historyDays(directory, timeZone, startedAt, settings.currency, demo);
    ledgerDays = days;
    const common = { directory, firstRound: first, readThrough, settings, startedAt, timeZone };
    const dashboard = reportingEachWrite(refreshDashboard);
    tabs.push(dashboard({ ...common, history: days, coveredThrough: through, inSheetTime, checks }));
  }

  const finishedAt = Date.now();
  const book = recordRefresh(loadStatusBook(), tabs, finishedAt);
  saveStatusBook(book, checks);
  const { failed, truncated } = failedAndTruncated(tabs);
  reportProgress({ step: 'done', failed: failed.length, truncated: truncated.length });
  const summary: RefreshResult = {
    origin,
    startedAt: new Date(startedAt).toISOString(),
    finishedAt: new Date(finishedAt).toISOString(),
    tabs,
    checks,
  };
  let statusError: string | undefined;
  try {
    const banner = statusBanner(tabs, inSheetTime(finishedAt), origin, checks);
    writeStatusTab(directory, book, banner, finishedAt, checks);
  } catch (err) {
    statusError = `The status tab could not be written: ${messageOf(err)}`;
  }
  const lastRefresh = recordLastRefresh({
    by: origin,
    tabs,
    ...(statusError ? { statusError } : {}),
    firstRound: first,
    days: ledgerDays,
    finishedAt,
    checks,
    books: { before, range: settings.period },
  });
  return { ...summary, ...(statusError ? { statusError } : {}), ...(lastRefresh ? { lastRefresh } : {}) };
}

/** The menu item: the outcome (or why nothing ran) in a toast. */
export function menuRefresh(): RefreshResult | null {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  try {
    const summary = runRefresh('menu');
    spreadsheet.toast(refreshMessage(summary), 'Royalties: refresh finished', 10);
    return summary;
  } catch (err) {
    spreadsheet.toast(messageOf(err), 'Royalties: refresh not done', 15);
    return null;
  }
}
