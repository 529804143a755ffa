// What a refresh returns: to the sidebar, the menu's toast, the nightly record and `npm start`. Plain JSON,
// so it crosses google.script.run and the emulator as it is, and the tests read it with this same type.
import type { Check } from '../checks';
import type { WrittenTabId } from '../tab-ids';
import type { LastRefresh } from './last-refresh';
import type { RefreshOrigin } from './origin';

/** What one refresh did to one tab: its line in the result, the Status record and the morning e-mail. */
export interface TabOutcome {
  readonly tab: WrittenTabId;
  readonly sheetName: string | null;
  readonly rows: number | null;
  readonly truncated: boolean;
  /** Why the tab was not refreshed, in words an author can act on; null when it was. One name from the
   * client's outcome (`{ ok: false, error }`) through Fetched, TabContent and the banner to here, the Status
   * tab, the sidebar and the morning e-mail: `error`, the word most of that path and its readers already
   * used, as `statusError` and `accountError` do; "failure" is the event (`lastFailureAt`). */
  readonly error: string | null;
  /** What the tab says of itself (the history: revisions and how far back it reaches). */
  readonly note?: string | null;
}

export interface RefreshResult {
  readonly origin: RefreshOrigin;
  /** ISO 8601 instants. */
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly tabs: readonly TabOutcome[];
  /** Reconciliation: the figures that must agree across the reports this refresh read. */
  readonly checks: readonly Check[];
  /** Set only when the Status tab itself could not be written (the history is still saved). */
  readonly statusError?: string;
  /** What the add-on's storage had no room for, in the Status tab banner's words (a sidebar says it too). */
  readonly notKept?: string;
  /** The headline figures and what is wrong (the morning e-mail's and the sidebar's); absent if unsaved. */
  readonly lastRefresh?: LastRefresh;
}
