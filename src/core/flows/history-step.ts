// The history ledger's step of a refresh, in its order: the ledger read (its columns checked where the
// mark says they are), the demo's days kept apart from an author's, the timeline of round 1 (and, on the
// ledger's first refresh in a currency, the longest period the API gives) merged in by date, the ledger
// written (core/history/writing.ts), its month view rewritten, and every day it holds handed back for the
// dashboard. A ledger that cannot be read fails its own line; one that cannot be written keeps its days
// under an amber banner; the refresh goes on. platform/history.ts builds the ports.
import type { ApiOutcome, ApiRequest } from '../api';
import type { LedgerDay } from '../figures';
import { plainMessageOf } from '../google-faults';
import {
  backfillStep,
  currenciesOf,
  DEMO_NOT_MERGED,
  type HistoryFacts,
  historyBannerText,
  type LedgerRow,
  type LedgerWriting,
  latestCurrency,
  ledgerColumns,
  ledgerDays,
  ledgerStep,
  ledgerWriting,
  mergeTimeline,
  monthTable,
  readRow,
  type SheetRow,
  sameAccount,
  statusNote,
  timelineAnswer,
} from '../history';
import { failedOutcome, failTabAnyway, type HistoryWritten, type TabSheets, writeRefused } from '../refresh';
import { type Fetched, freshBanner, HEADER_ROWS, movedColumn, type TabMark } from '../tabs';

/** The history tab as its ports reach it. */
export interface LedgerTab {
  readonly mark: TabMark;
  readonly name: string;
}

/** The history tab's sheet, found (or made) once per step. */
export interface LedgerSheetPorts {
  /** The header row and every row below it to the sheet's last, `width` columns; none when nothing is
   * below the header row. */
  readBelow(headerRow: number, width: number): readonly (readonly unknown[])[];
  /** The sheet zone's offset from UTC now, in ms: Sheets hands a date cell back as a Date at its midnight. */
  zoneOffsetMs(): number;
}

export interface HistoryPorts extends LedgerSheetPorts {
  /** The history tab, made when there is none. */
  ledgerTab(): LedgerTab;
  /** The ledger tab renamed aside (the demo's days, when an author's key comes): its new name. */
  setAside(): string;
  /** One request of the backfill, on the refresh's client (what is left of its time with the API). */
  fetch(request: ApiRequest): ApiOutcome;
  /** The sheet's last column with content (the author's columns right of the ledger's). */
  lastColumn(): number;
  /** The writing carried out, call by call; what it inserted taken out again if the sheet refuses one. */
  write(writing: LedgerWriting): void;
  /** The month view and the amber banner, as the report tabs are written. */
  readonly sheets: TabSheets;
  /** An instant as the sheet shows it, and its day (YYYY-MM-DD) in the sheet's zone. */
  inSheetTime(ms: number): string;
  dayOf(ms: number): string;
}

export interface HistoryStepInput {
  /** The currency chosen (null: the API's). */
  readonly currency: string | null;
  /** The timeline to merge (round 1's, or the history's own request's). */
  readonly timeline: Fetched | undefined;
  /** Earliest `covered_through` of the connected platforms (null when /account failed). */
  readonly coveredThrough: string | null;
  readonly startedAt: number;
  readonly timeZone: string;
  /** The refresh uses the public demo key: its days are the demo account's, never merged into an author's. */
  readonly demo: boolean;
}

interface LedgerRead {
  readonly tab: LedgerTab;
  readonly keys: readonly string[];
  /** Sheet rows from row 3 to the ledger's last day. */
  readonly rows: readonly SheetRow[];
}

/** The ledger's days, read by column place once the places are checked against the headers written. */
function readLedger(tab: LedgerTab, sheet: LedgerSheetPorts): LedgerRead {
  const keys = tab.mark.columns;
  // No columns yet: nothing to read, not even the last row.
  const [headerRow = [], ...raw] = keys.length ? sheet.readBelow(HEADER_ROWS, keys.length) : [];
  if (raw.length === 0) return { tab, keys, rows: [] };
  const moved = movedColumn(tab.mark.headers, headerRow, "history's");
  if (moved !== null) throw new Error(moved);
  const offset = raw.some((r) => r[0] instanceof Date) ? sheet.zoneOffsetMs() : 0;
  const rows = raw.map((cells) => readRow(cells, keys, offset));
  // Rows below the last day (the author's totals, notes) are not the ledger's.
  while (rows.length && rows[rows.length - 1] === null) rows.pop();
  return { tab, keys, rows };
}

/** The ledger's days with money in `currency` (null: the currency of its latest day that holds money). */
function daysOf(read: LedgerRead, currency: string | null): LedgerDay[] {
  return ledgerDays(read.rows, currency || latestCurrency(read.rows, read.keys));
}

/** The history's step. Never throws: a ledger that cannot be read fails its own line. */
export function historyStep(input: HistoryStepInput, ports: HistoryPorts): HistoryWritten {
  try {
    return mergeHistory(input, ports);
  } catch (err) {
    return {
      days: null,
      outcome: failedOutcome('history', null, `The history could not be read: ${plainMessageOf(err)}`),
    };
  }
}

function mergeHistory(input: HistoryStepInput, ports: HistoryPorts): HistoryWritten {
  const { startedAt, timeZone, coveredThrough, demo } = input;
  let read = readLedger(ports.ledgerTab(), ports);
  /** The failed banner over the days the ledger had (kept, and handed to the dashboard). A sheet that refuses
   * the banner too still leaves the error on the Status tab, not "could not be read". */
  const fail = (error: string): HistoryWritten => ({
    days: daysOf(read, input.currency),
    outcome: failTabAnyway('history', error, { startedAt, inSheetTime: ports.inSheetTime }, ports.sheets),
  });
  let setAside: string | undefined;
  const step = ledgerStep({ demo: read.tab.mark.demo, rows: read.rows.length }, demo);
  // The demo's dashboard compares with no earlier days rather than with the author's.
  if (step === 'refuse') return { ...fail(DEMO_NOT_MERGED), days: [] };
  if (step === 'set-aside') {
    setAside = ports.setAside();
    read = readLedger(ports.ledgerTab(), ports);
  }

  const answer = timelineAnswer(input.timeline, input.currency);
  if ('reason' in answer) return fail(answer.reason);
  const { timeline, tries, due, stillDue } = backfillStep(
    { timeline: answer.result, ledgerKeys: read.keys, earlierDue: read.tab.mark.backfillDue ?? [] },
    ports.fetch,
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
      updatedAt: ports.inSheetTime(startedAt),
      timeZone,
      period: null,
      coveredThrough,
    });
    const write = {
      keys,
      labels: new Map(columns.map((c) => [c.key, c.label])),
      merged,
      banner: { ...fresh, text: `${fresh.text} · ${historyBannerText(facts)}` },
      at: startedAt,
      backfillDue: due,
      demo,
    };
    ports.write(ledgerWriting(read, write, ports.lastColumn));
    const rows = merged.rows.filter((r): r is LedgerRow => r !== null);
    ports.sheets.writeTable(
      'history-months',
      monthTable(rows, keys, currency, ports.dayOf(startedAt)),
      fresh,
      undefined,
    );
    const note = statusNote(facts);
    return {
      days,
      outcome: {
        tab: 'history',
        sheetName: read.tab.name,
        rows: days.length,
        truncated: false,
        error: null,
        note,
      },
    };
  } catch (err) {
    // A sheet that refused the write (protected range, size limit): the history fails, the refresh goes on.
    return fail(writeRefused(err));
  }
}

export interface LedgerDaysPorts extends LedgerSheetPorts {
  /** The history tab, or null when there is none (none is made). */
  findLedger(): LedgerTab | null;
}

/**
 * Every day the history tab holds, oldest first, read without a refresh of it: for the dashboard when the
 * history is not refreshed. Money in `currency` (null: that of the ledger's latest days). No history tab
 * yet, or one of the other account (demo or not: `demo`): no days. A ledger that cannot be read: null, so
 * the dashboard keeps its figures (see historyStep).
 */
export function ledgerDaysOf(
  ports: LedgerDaysPorts,
  currency: string | null,
  demo: boolean,
): LedgerDay[] | null {
  const tab = ports.findLedger();
  if (!tab || !sameAccount(tab.mark.demo, demo)) return [];
  try {
    return ledgerDaysIn(tab, ports, currency);
  } catch {
    return null;
  }
}

/** Every day a history tab found holds, money in `currency` (null: that of its latest days); throws when
 * its columns cannot be read where its mark says they are. */
export function ledgerDaysIn(tab: LedgerTab, sheet: LedgerSheetPorts, currency: string | null): LedgerDay[] {
  return daysOf(readLedger(tab, sheet), currency);
}
