// Refresh all tabs: settings, the user's key, a document lock, two fetchAll rounds, then each chosen tab
// written (or, for a tab whose endpoint failed, only its banner turned amber) and the Status tab. The menu,
// the sidebar and the nightly trigger all come through runRefresh.
import type { ApiClient, ApiOutcome, ApiRequest } from '../core/api';
import { NO_ANSWER_MS } from '../core/api';
import { type EndpointId, showsPeriod } from '../core/endpoints';
import type { LedgerDay } from '../core/figures';
import type { LastRefresh } from '../core/morning';
import { refreshMessage } from '../core/nightly';
import { OPEN_SIDEBAR } from '../core/phrases';
import type { RoyaltiesSettings } from '../core/settings';
import {
  coveredThrough,
  type Fetched,
  failedAndTruncated,
  failedBanner,
  firstRound,
  firstRoundEndpoints,
  freshBanner,
  historyTimelineRequest,
  needsReadThrough,
  type ReadThroughFetched,
  recordRefresh,
  secondRound,
  seriesToRead,
  statusBanner,
  type TabContent,
  type TabOutcome,
  tabContents,
} from '../core/tabs';
import { messageOf } from '../core/unknown';
import { platformClient } from './api';
import { buildConfig } from './build-config';
import { refreshDashboard } from './dashboard-tab';
import { historyDays, refreshHistory } from './history';
import { keyStore } from './key-store';
import { recordLastRefresh } from './last-refresh';
import { counted, endProgress, reportProgress, startProgress } from './refresh-progress';
import { clearRefreshStart, noteRefreshStart, recordStoppedRefresh } from './refresh-start';
import { loadSettings } from './settings-store';
import { sheetTime } from './sheet-time';
import { TabDirectory } from './sheets/directory';
import { followedByFormulas } from './sheets/refresh-cell';
import { loadStatusBook, saveStatusBook, writeStatusTab } from './sheets/status-tab';
import { writeFailedTab, writeTableTab } from './sheets/writer';

export type RefreshOrigin = 'menu' | 'sidebar' | 'nightly' | 'local';

/** Plain JSON: the sidebar and the nightly record keep it as it is. */
export interface RefreshSummary {
  readonly origin: RefreshOrigin;
  /** ISO 8601 instants. */
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly tabs: readonly TabOutcome[];
  /** Set only when the Status tab itself could not be written (the history is still saved). */
  readonly statusError?: string;
  /** The headline figures and what is wrong (the morning e-mail's and the sidebar's); absent if unsaved. */
  readonly lastRefresh?: LastRefresh;
}

/** The API may use 140 s of the 6 minutes an execution has, a hanging request included: no round starts
 * that could end later (NO_ANSWER_MS), so even with every endpoint hanging a refresh ends in time. */
export const REFRESH_BUDGET_MS = 140_000;
/** A second refresh waits this long for the first before it says so. */
const LOCK_WAIT_MS = 2_000;

export const REFRESH_RUNNING =
  'A refresh is already running in this spreadsheet. Wait for it to finish (see the Royalties status tab), then try again.';
export const NO_KEY = `No API key is saved for you. Open ${OPEN_SIDEBAR} and save your key, or choose "Try the demo account".`;

function fetched(outcome: ApiOutcome): Fetched {
  return outcome.ok
    ? { ok: true, data: outcome.response.data }
    : { ok: false, message: outcome.error.message };
}

export function runRefresh(origin: RefreshOrigin): RefreshSummary {
  const lock = LockService.getDocumentLock() || LockService.getScriptLock();
  if (!lock.tryLock(LOCK_WAIT_MS)) throw new Error(REFRESH_RUNNING);
  try {
    return followedByFormulas(refreshUnderLock(origin));
  } finally {
    clearRefreshStart();
    endProgress();
    // Everything written must land before another refresh may start.
    SpreadsheetApp.flush();
    lock.releaseLock();
  }
}

/** The refresh's one client: its deadline is the refresh's whole time with the API (the history's backfill
 * included), and no round starts that a request getting no answer could carry past it. */
function refreshClient(apiKey: string): ApiClient {
  return platformClient({ apiKey, budgetMs: REFRESH_BUDGET_MS, cache: 'none', roundTimeoutMs: NO_ANSWER_MS });
}

function fetchAllRounds(
  client: ApiClient,
  settings: RoyaltiesSettings,
  /** The history's own timeline request (historyTimelineRequest), sent in round 1 too. */
  ownTimeline: ApiRequest | null,
): {
  contents: TabContent[];
  account: Fetched;
  /** The timeline the history merges (HISTORY_RANGE). */
  historyTimeline: Fetched | undefined;
  first: Map<EndpointId, Fetched>;
  readThrough: ReadThroughFetched | undefined;
} {
  const endpoints = firstRoundEndpoints(settings);
  const outcomes = client.fetchMany([...firstRound(settings), ...(ownTimeline ? [ownTimeline] : [])]);
  const first = new Map(endpoints.map((endpoint, i) => [endpoint, fetched(outcomes[i]!)]));
  const historyTimeline = ownTimeline ? fetched(outcomes[endpoints.length]!) : first.get('timeline');
  let readThrough: ReadThroughFetched | undefined;
  if (needsReadThrough(settings)) {
    const toRead = seriesToRead(first.get('series'));
    if (toRead.ok) {
      reportProgress({ step: 'reading', series: toRead.series.length });
      const answers = toRead.series.length > 0 ? client.fetchMany(secondRound(toRead.series, settings)) : [];
      readThrough = { ok: true, series: toRead.series, responses: answers.map(fetched) };
    } else {
      readThrough = toRead;
    }
  }
  const contents = tabContents(settings.tabs, first, readThrough);
  return { contents, account: first.get('account')!, historyTimeline, first, readThrough };
}

function refreshUnderLock(origin: RefreshOrigin): RefreshSummary {
  const startedAt = Date.now();
  recordStoppedRefresh();
  const apiKey = keyStore.get();
  if (!apiKey) throw new Error(NO_KEY);
  const settings = loadSettings();
  noteRefreshStart(origin, settings.tabs, startedAt);
  const ownTimeline = historyTimelineRequest(settings);
  startProgress(origin, settings.tabs.length, firstRoundEndpoints(settings).length + (ownTimeline ? 1 : 0));
  const client = refreshClient(apiKey);
  // The public demo key: its figures are the demo account's, kept out of an author's history.
  const demo = apiKey === buildConfig.demoKey;
  const { contents, account, historyTimeline, first, readThrough } = fetchAllRounds(
    client,
    settings,
    ownTimeline,
  );
  reportProgress({ step: 'writing' });

  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const timeZone = spreadsheet.getSpreadsheetTimeZone();
  const inSheetTime = (ms: number): string => sheetTime(timeZone, ms);
  const through = account.ok ? coveredThrough(account.data) : null;
  const directory = TabDirectory.open(spreadsheet);

  const failure = (content: TabContent, sheetName: string | null, reason: string): TabOutcome => ({
    tab: content.tab,
    sheetName,
    rows: null,
    truncated: false,
    error: reason,
  });
  const failTab = (content: TabContent, reason: string): TabOutcome => {
    const sheetName = writeFailedTab(directory, content.tab, (dataAt) =>
      failedBanner({
        reason,
        failedAt: inSheetTime(startedAt),
        dataShownAt: dataAt === null ? null : inSheetTime(dataAt),
      }),
    );
    return failure(content, sheetName, reason);
  };

  const writeTab = (content: TabContent): TabOutcome => {
    if (content.kind === 'failed') return failTab(content, content.reason);
    try {
      const { table } = content;
      const banner = freshBanner({
        meta: table.meta,
        updatedAt: inSheetTime(startedAt),
        timeZone,
        range: showsPeriod(content.tab) ? settings.range : null,
        coveredThrough: through,
      });
      const written = writeTableTab(directory, content.tab, table, banner, startedAt);
      return { tab: content.tab, ...written, truncated: table.meta.truncated, error: null };
    } catch (err) {
      // A sheet that refused the write (protected range, size limit) fails this tab only.
      const reason = `The tab could not be written: ${messageOf(err)}`;
      try {
        return failTab(content, reason);
      } catch {
        return failure(content, null, reason);
      }
    }
  };
  const tabs = contents.map(counted(writeTab));

  // The daily ledger (issue 17); `history.days` is every day it holds, for the dashboard.
  const history = settings.tabs.includes('history')
    ? counted(refreshHistory)({
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
    // After the other tabs, so the ledger's days include this refresh's merge (issue 17); without the
    // history tab chosen, the ledger as it stands (none: no tab is created for it).
    const days = history
      ? history.days
      : historyDays(directory, timeZone, startedAt, settings.currency, demo);
    ledgerDays = days;
    const common = { directory, firstRound: first, readThrough, settings, startedAt, timeZone };
    const dashboard = counted(refreshDashboard);
    tabs.push(dashboard({ ...common, history: days, coveredThrough: through, inSheetTime }));
  }

  const finishedAt = Date.now();
  const book = recordRefresh(loadStatusBook(), tabs, finishedAt);
  saveStatusBook(book);
  const { failed, truncated } = failedAndTruncated(tabs);
  reportProgress({ step: 'done', failed: failed.length, truncated: truncated.length });
  const summary: RefreshSummary = {
    origin,
    startedAt: new Date(startedAt).toISOString(),
    finishedAt: new Date(finishedAt).toISOString(),
    tabs,
  };
  let statusError: string | undefined;
  try {
    writeStatusTab(directory, book, statusBanner(tabs, inSheetTime(finishedAt), origin), finishedAt);
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
  });
  return { ...summary, ...(statusError ? { statusError } : {}), ...(lastRefresh ? { lastRefresh } : {}) };
}

/** The menu item: the outcome (or why nothing ran) in a toast. */
export function menuRefresh(): RefreshSummary | null {
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
