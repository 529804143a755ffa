// The history ledger's step of a refresh (core/flows/history-step.ts) over the history tab: its ports
// find the tab, read and write its sheet, ask the backfill of the refresh's client, and say instants and
// days in the sheet's zone.
import type { ApiClient } from '../core/api';
import type { LedgerDay } from '../core/figures';
import {
  type HistoryPorts,
  historyStep,
  type LedgerSheetPorts,
  ledgerDaysOf,
} from '../core/flows/history-step';
import type { HistoryWritten } from '../core/refresh';
import type { RoyaltiesSettings } from '../core/settings';
import type { Fetched } from '../core/tabs';
import { sheetTime } from './sheet-time';
import type { OwnedTab, TabDirectory } from './sheets/directory';
import { readBelow, writeLedger, zoneOffsetMs } from './sheets/history-tab';
import { tabSheets } from './sheets/writer';

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

/** The history merged into its tab. Never throws: a failure is its outcome's. */
export function refreshHistory(input: HistoryInput): HistoryWritten {
  const { directory, timeZone, startedAt, client } = input;
  let owned: OwnedTab | undefined;
  const tab = (): OwnedTab => {
    owned ??= directory.findOrCreate('history');
    return owned;
  };
  const ports: HistoryPorts = {
    ...sheetPorts(tab, timeZone, startedAt),
    ledgerTab: () => {
      owned = directory.findOrCreate('history');
      return owned;
    },
    setAside: () => directory.setAside(tab(), 'demo'),
    fetch: (request) => client.fetchMany([request])[0]!,
    lastColumn: () => tab().sheet.getLastColumn(),
    write: (writing) => writeLedger(tab().sheet, writing, () => directory.remember(tab(), writing.mark)),
    sheets: tabSheets(directory, startedAt),
    inSheetTime: (ms) => sheetTime(timeZone, ms),
    dayOf: (ms) => Utilities.formatDate(new Date(ms), timeZone, 'yyyy-MM-dd'),
  };
  return historyStep({ ...input, currency: input.settings.currency }, ports);
}

/** The ledger's sheet read as its tab stands (`tab`: the history tab, found when first asked). */
export function sheetPorts(tab: () => OwnedTab, timeZone: string, now: number): LedgerSheetPorts {
  return {
    readBelow: (headerRow, width) => readBelow(tab().sheet, headerRow, width),
    zoneOffsetMs: () => zoneOffsetMs(timeZone, now),
  };
}

/**
 * Every day the history tab holds, oldest first, read from the sheet without a refresh of it: for the
 * dashboard when the history is not refreshed (core/flows/history-step.ts, ledgerDaysOf). No tab is made.
 */
export function historyDays(
  directory: TabDirectory,
  timeZone: string,
  now: number,
  currency: string | null,
  demo: boolean,
): LedgerDay[] | null {
  const found = directory.find('history');
  const ports = {
    ...sheetPorts(() => found!, timeZone, now),
    findLedger: () => found ?? null,
  };
  return ledgerDaysOf(ports, currency, demo);
}
