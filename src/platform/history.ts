// The history ledger's step of a refresh: the timeline of round 1 (and, on the ledger's first
// refresh in a currency, the longest period the API gives) merged into the history tab, its month view
// rewritten, and every day the ledger holds handed back for the dashboard.
import type { ApiClient, ApiErrorKind } from '../core/api';
import type { LedgerDay } from '../core/figures';
import {
  backfill,
  combineDays,
  currenciesOf,
  type HistoryFacts,
  historyBannerText,
  type LedgerRow,
  ledgerColumns,
  ledgerDays,
  mergeTimeline,
  monthTable,
  needsBackfill,
  noDaysReason,
  setAsideNote,
  statusNote,
  type TimelineDays,
  timelineDays,
} from '../core/history';
import type { TabOutcome } from '../core/refresh';
import { type ReportTable, toReportTable } from '../core/report';
import type { RoyaltiesSettings } from '../core/settings';
import { type Fetched, failedBanner, fetchedOf, freshBanner } from '../core/tabs';
import { messageOf } from '../core/unknown';
import { sheetTime } from './sheet-time';
import type { OwnedTab, TabDirectory } from './sheets/directory';
import { type LedgerRead, readLedger, writeLedger } from './sheets/history-tab';
import { writeFailedTab, writeTableTab } from './sheets/writer';

export interface HistoryInput {
  readonly directory: TabDirectory;
  readonly settings: RoyaltiesSettings;
  /** Round 1's /timeline answer. */
  readonly timeline: Fetched | undefined;
  /** Earliest `covered_through` of the connected platforms (null when /account failed). */
  readonly coveredThrough: string | null;
  /** The refresh's client: the backfill spends what is left of the refresh's time with the API, no more. */
  readonly client: ApiClient;
  readonly startedAt: number;
  readonly timeZone: string;
  /** The refresh uses the public demo key: its days are the demo account's, never merged into an author's. */
  readonly demo: boolean;
}

export interface HistoryRefresh {
  /** Every day the ledger holds after this refresh (also after a failed one), oldest first; null when the
   * ledger could not be read, so the dashboard keeps its figures rather than lose its earlier periods. */
  readonly days: readonly LedgerDay[] | null;
  /** The history's line of the refresh summary and the Status tab. */
  readonly outcome: TabOutcome;
}

/** Failures that are no answer from the API, rather than its refusal: the backfill is tried again. */
const UNANSWERED: ReadonlySet<ApiErrorKind> = new Set<ApiErrorKind>([
  'out-of-time',
  'timeout',
  'network',
  'server',
  'rate-limited',
]);

const TRUNCATED =
  'The timeline was truncated (some rows could not be read), so the history keeps the figures it had.';

const DEMO_NOT_MERGED =
  "This history holds your own account's figures, and the refresh used the demo account: its made-up figures are not merged into yours. Save your own key in the sidebar to bring the history up to date.";

/** Whether the ledger was written with the demo key (TabMark.demo). */
function holdsDemo(owned: OwnedTab): boolean {
  return owned.mark.demo === true;
}

type Read = { readonly result: TimelineDays } | { readonly reason: string };

function readTimeline(fetched: Fetched | undefined, currency: string | null): Read {
  if (!fetched) return { reason: 'The timeline was not fetched.' };
  if (!fetched.ok) return { reason: fetched.message };
  let table: ReportTable;
  try {
    table = toReportTable(fetched.data, 'timeline', fetched.unread);
  } catch (err) {
    return { reason: messageOf(err) };
  }
  if (table.meta.truncated) return { reason: TRUNCATED };
  const days = timelineDays(table);
  const noDays = noDaysReason(table, days);
  if (noDays !== null) return { reason: noDays };
  if (currency !== null && days.currency !== currency)
    return { reason: `The timeline answered in ${days.currency}, not ${currency}.` };
  return { result: days };
}

/** A ledger that cannot be read (the author narrowed its tab) fails its own line; the refresh goes on. */
export function refreshHistory(input: HistoryInput): HistoryRefresh {
  try {
    return mergeHistory(input);
  } catch (err) {
    const error = `The history could not be read: ${messageOf(err)}`;
    return { days: null, outcome: { tab: 'history', sheetName: null, rows: null, truncated: false, error } };
  }
}

/** The failed banner over the days the ledger had (kept, and handed to the dashboard). */
function failHistory(read: LedgerRead, input: HistoryInput, reason: string): HistoryRefresh {
  const { directory, settings, startedAt, timeZone } = input;
  const sheetName = writeFailedTab(directory, 'history', (dataAt) =>
    failedBanner({
      reason,
      failedAt: sheetTime(timeZone, startedAt),
      dataShownAt: dataAt === null ? null : sheetTime(timeZone, dataAt),
    }),
  );
  return {
    days: ledgerDays(read.rows, settings.currency || currenciesOf(read.keys).pop() || null),
    outcome: { tab: 'history', sheetName, rows: null, truncated: false, error: reason },
  };
}

function mergeHistory(input: HistoryInput): HistoryRefresh {
  const { directory, startedAt, timeZone } = input;
  let read = readLedger(directory, timeZone, startedAt);
  let setAside: string | null = null;
  if (read.rows.length > 0 && holdsDemo(read.owned) !== input.demo) {
    // The demo's days in an author's ledger (or theirs in the demo's) would stay there for good. The
    // demo's dashboard compares with no earlier days rather than with the author's.
    if (input.demo) return { ...failHistory(read, input, DEMO_NOT_MERGED), days: [] };
    setAside = directory.setAside(read.owned, 'demo');
    read = readLedger(directory, timeZone, startedAt);
  }
  return mergeInto(read, input, setAside);
}

function mergeInto(read: LedgerRead, input: HistoryInput, setAside: string | null): HistoryRefresh {
  const { directory, settings, startedAt, timeZone } = input;
  const fail = (reason: string): HistoryRefresh => failHistory(read, input, reason);

  const now = readTimeline(input.timeline, settings.currency);
  if ('reason' in now) return fail(now.reason);
  let timeline = now.result;
  let tries: HistoryFacts['backfill'] = null;
  const currencyKey = timeline.currency ?? '';
  const earlierDue = read.owned.mark.backfillDue ?? [];
  let due = earlierDue.filter((c) => c !== currencyKey);
  if (needsBackfill(read.keys, timeline.currency) || earlierDue.includes(currencyKey)) {
    const { client } = input;
    const currency = timeline.currency;
    // A range the API refused is its answer; one that got none in time (the refresh's budget spent, no
    // answer, a server error) leaves the backfill due, tried again by the next refresh.
    let unanswered = false;
    const asked = backfill<TimelineDays>((range) => {
      const outcome = client.fetchMany([
        { endpoint: 'timeline', range, ...(currency ? { currency } : {}) },
      ])[0]!;
      if (!outcome.ok && UNANSWERED.has(outcome.error.kind)) unanswered = true;
      return readTimeline(fetchedOf(outcome), currency);
    });
    for (const t of asked) if (t.result) timeline = combineDays(t.result, timeline);
    tries = asked;
    if (unanswered && !asked.some((t) => t.result)) due = [...due, currencyKey];
  }

  try {
    const merged = mergeTimeline(read.rows, timeline, input.coveredThrough, startedAt);
    const keys = ledgerColumns(
      read.keys,
      timeline.columns.map((c) => c.key),
    );
    const days = ledgerDays(merged.rows, timeline.currency);
    const facts: HistoryFacts = {
      days,
      revised: merged.revised.length,
      currency: timeline.currency,
      otherCurrencies: currenciesOf(keys).filter((c) => c !== timeline.currency),
      backfill: tries,
      backfillDue: due.includes(currencyKey),
    };
    const fresh = freshBanner({
      meta: { period: null, currency: timeline.currency, truncated: false },
      updatedAt: sheetTime(timeZone, startedAt),
      timeZone,
      range: null,
      coveredThrough: input.coveredThrough,
    });
    const banner = { text: `${fresh.text} · ${historyBannerText(facts)}`, tone: fresh.tone };
    const labels = new Map(timeline.columns.map((c) => [c.key, c.label]));
    const write = { keys, labels, merged, banner, at: startedAt, backfillDue: due, demo: input.demo };
    writeLedger(directory, read, write);
    const rows = merged.rows.filter((r): r is LedgerRow => r !== null);
    const today = Utilities.formatDate(new Date(startedAt), timeZone, 'yyyy-MM-dd');
    writeTableTab(
      directory,
      'history-months',
      monthTable(rows, keys, timeline.currency, today),
      fresh,
      startedAt,
    );
    return {
      days,
      outcome: {
        tab: 'history',
        sheetName: read.owned.name,
        rows: days.length,
        truncated: false,
        error: null,
        note: setAside === null ? statusNote(facts) : `${setAsideNote(setAside)} · ${statusNote(facts)}`,
      },
    };
  } catch (err) {
    // A sheet that refused the write (protected range, size limit): the history fails, the refresh goes on.
    return fail(`The tab could not be written: ${messageOf(err)}`);
  }
}

/**
 * Every day the history tab holds, oldest first, read from the sheet without a refresh of it: for the
 * dashboard when the history is not refreshed. Money in `currency` (null: the ledger's latest currency).
 * No history tab yet, or one of the other account (demo or not: `demo`): no days, and no tab is created.
 * A ledger that cannot be read: null, so the dashboard keeps its figures (see refreshHistory).
 */
export function historyDays(
  directory: TabDirectory,
  timeZone: string,
  now: number,
  currency: string | null,
  demo: boolean,
): LedgerDay[] | null {
  const owned = directory.find('history');
  if (!owned || holdsDemo(owned) !== demo) return [];
  try {
    const read = readLedger(directory, timeZone, now);
    return ledgerDays(read.rows, currency || currenciesOf(read.keys).pop() || null);
  } catch {
    return null;
  }
}
