// The history ledger's step of a refresh: the timeline of round 1 (and, on the ledger's first
// refresh in a currency, the longest period the API gives) merged into the history tab, its month view
// rewritten, and every day the ledger holds handed back for the dashboard.
import type { ApiClient } from '../core/api';
import { messageOf } from '../core/base/unknown';
import type { LedgerDay } from '../core/figures';
import {
  backfillStep,
  currenciesOf,
  DEMO_NOT_MERGED,
  type HistoryFacts,
  historyBannerText,
  type LedgerRow,
  latestCurrency,
  ledgerColumns,
  ledgerDays,
  ledgerStep,
  mergeTimeline,
  monthTable,
  sameAccount,
  statusNote,
  timelineAnswer,
} from '../core/history';
import { failedOutcome, failTabAnyway, type HistoryWritten, writeRefused } from '../core/refresh';
import type { RoyaltiesSettings } from '../core/settings';
import { type Fetched, freshBanner } from '../core/tabs';
import { sheetTime } from './sheet-time';
import type { TabDirectory } from './sheets/directory';
import { type LedgerRead, readLedger, writeLedger } from './sheets/history-tab';
import { tabSheets, writeTableTab } from './sheets/writer';

interface HistoryInput {
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

/** A ledger that cannot be read (the author narrowed its tab) fails its own line; the refresh goes on. */
export function refreshHistory(input: HistoryInput): HistoryWritten {
  try {
    return mergeHistory(input);
  } catch (err) {
    return {
      days: null,
      outcome: failedOutcome('history', null, `The history could not be read: ${messageOf(err)}`),
    };
  }
}

/** The ledger's days with money in `currency` (null: the currency of its latest day that holds money). */
function daysOf(read: LedgerRead, currency: string | null): LedgerDay[] {
  return ledgerDays(read.rows, currency || latestCurrency(read.rows, read.keys));
}

function mergeHistory(input: HistoryInput): HistoryWritten {
  const { directory, settings, startedAt, timeZone, coveredThrough, demo } = input;
  let read = readLedger(directory, timeZone, startedAt);
  /** The failed banner over the days the ledger had (kept, and handed to the dashboard). A sheet that refuses
   * the banner too still leaves the error on the Status tab, not "could not be read". */
  const fail = (error: string): HistoryWritten => ({
    days: daysOf(read, settings.currency),
    outcome: failTabAnyway(
      'history',
      error,
      { startedAt, inSheetTime: (ms: number) => sheetTime(timeZone, ms) },
      tabSheets(directory, startedAt),
    ),
  });
  let setAside: string | undefined;
  const step = ledgerStep({ demo: read.owned.mark.demo, rows: read.rows.length }, demo);
  // The demo's dashboard compares with no earlier days rather than with the author's.
  if (step === 'refuse') return { ...fail(DEMO_NOT_MERGED), days: [] };
  if (step === 'set-aside') {
    setAside = directory.setAside(read.owned, 'demo');
    read = readLedger(directory, timeZone, startedAt);
  }

  const answer = timelineAnswer(input.timeline, settings.currency);
  if ('reason' in answer) return fail(answer.reason);
  const { timeline, tries, due, stillDue } = backfillStep(
    { timeline: answer.result, ledgerKeys: read.keys, earlierDue: read.owned.mark.backfillDue ?? [] },
    (request) => input.client.fetchMany([request])[0]!,
  );
  const { currency, columns } = timeline;

  try {
    const merged = mergeTimeline(read.rows, timeline, coveredThrough, startedAt);
    const keys = ledgerColumns(
      read.keys,
      columns.map((c) => c.key),
    );
    const days = ledgerDays(merged.rows, currency);
    const facts: HistoryFacts = {
      days,
      revised: merged.revised.length,
      currency,
      otherCurrencies: currenciesOf(keys).filter((c) => c !== currency),
      backfill: tries,
      backfillDue: stillDue,
      setAside,
    };
    const fresh = freshBanner({
      meta: { period: null, currency, truncated: false },
      updatedAt: sheetTime(timeZone, startedAt),
      timeZone,
      period: null,
      coveredThrough,
    });
    writeLedger(directory, read, {
      keys,
      labels: new Map(columns.map((c) => [c.key, c.label])),
      merged,
      banner: { ...fresh, text: `${fresh.text} · ${historyBannerText(facts)}` },
      at: startedAt,
      backfillDue: due,
      demo,
    });
    const rows = merged.rows.filter((r): r is LedgerRow => r !== null);
    const today = Utilities.formatDate(new Date(startedAt), timeZone, 'yyyy-MM-dd');
    writeTableTab(directory, 'history-months', monthTable(rows, keys, currency, today), fresh, startedAt);
    return {
      days,
      outcome: {
        tab: 'history',
        sheetName: read.owned.name,
        rows: days.length,
        truncated: false,
        error: null,
        note: statusNote(facts),
      },
    };
  } catch (err) {
    // A sheet that refused the write (protected range, size limit): the history fails, the refresh goes on.
    return fail(writeRefused(err));
  }
}

/**
 * Every day the history tab holds, oldest first, read from the sheet without a refresh of it: for the
 * dashboard when the history is not refreshed. Money in `currency` (null: that of the ledger's latest days).
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
  if (!owned || !sameAccount(owned.mark.demo, demo)) return [];
  try {
    return daysOf(readLedger(directory, timeZone, now), currency);
  } catch {
    return null;
  }
}
