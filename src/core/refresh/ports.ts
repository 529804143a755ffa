// What a refresh needs from the platform once it has its key, settings and client: the spreadsheet it
// writes, the records it keeps and the progress the sidebar watches. Each method is one or more Apps Script
// calls (platform/refresh-ports.ts); which run, in what order and on what inputs is sequence.ts's to say.
import type { AlertRecords, RaisedAlerts, RefreshAlerts, SalesBaseline } from '../alerts';
import type { Alert } from '../alerts/alert';
import type { AlertLines } from '../alerts/lines';
import type { ApiClient } from '../api';
import type { Check } from '../checks';
import type { EndpointId } from '../endpoints';
import type { LedgerDay } from '../figures';
import type { MorningEmailMode } from '../morning/mode';
import type { BooksBefore } from '../morning/movers';
import type { RoyaltiesSettings } from '../settings';
import type { TabId } from '../tab-ids';
import type { Banner, Fetched, ReadThroughFetched } from '../tabs';
import type { LastRefresh } from './last-refresh';
import type { RefreshOrigin } from './origin';
import type { RefreshProgress } from './progress';
import type { TabOutcome } from './result';
import type { StatusBook } from './status';
import type { TabSheets, TabWriteContext } from './write-policy';

/** What each writing step reads: the report tabs', the history's and the dashboard's, in one. */
export interface RefreshRun extends TabWriteContext {
  readonly settings: RoyaltiesSettings;
  /** The refresh's client: the history's backfill spends what is left of its time with the API. */
  readonly client: ApiClient;
  /** The public demo key: its figures are the demo account's, kept out of an author's history. */
  readonly demo: boolean;
  /** The timeline the history merges: its own request's answer, else round 1's /timeline. */
  readonly timeline: Fetched | undefined;
  /** The year's timeline by month and marketplace reports over the year and last month (undefined: not
   * asked). */
  readonly yearMonths?: Fetched | undefined;
  readonly yearMarketplaces?: Fetched | undefined;
  readonly lastMonthMarketplaces?: Fetched | undefined;
  readonly firstRound: ReadonlyMap<EndpointId, Fetched>;
  readonly readThrough: ReadThroughFetched | undefined;
}

/** The history's step of a refresh. */
export interface HistoryWritten {
  /** Every day the ledger holds after this refresh (also after a failed one), oldest first; null when the
   * ledger could not be read, so the dashboard keeps its figures rather than lose its earlier periods. */
  readonly days: readonly LedgerDay[] | null;
  /** The history's line of the refresh summary and the Status tab. */
  readonly outcome: TabOutcome;
}

/** What the last refresh's record (core/refresh/last-refresh.ts) is made of. */
export interface RefreshNews {
  readonly by: RefreshOrigin;
  readonly tabs: readonly TabOutcome[];
  readonly statusError?: string;
  readonly firstRound: ReadonlyMap<EndpointId, Fetched>;
  /** The ledger's days when this refresh read them; null when it did not. */
  readonly days: readonly LedgerDay[] | null;
  readonly finishedAt: number;
  /** The refresh's reconciliation (core/checks). */
  readonly checks: readonly Check[];
  /** What the Books tab held before, and the range asked for: the books that moved most. */
  readonly before: BooksBefore;
  readonly range: string;
  /** The alerts this refresh's figures raised. */
  readonly alerts?: RefreshAlerts;
}

/** The spreadsheet as a refresh writes it, opened once the API has answered. */
export interface RefreshSpreadsheet {
  readonly timeZone: string;
  /** An instant as the sheet shows it (its time zone). */
  inSheetTime(ms: number): string;
  /** The report tabs' sheets, their figures fetched at `dataAt`. */
  tabSheets(dataAt: number): TabSheets;
  /** What the Books tab holds before it is rewritten, or why nothing (`compares` false: not compared). */
  booksBefore(compares: boolean, tabs: readonly TabId[]): BooksBefore;
  /** The history merged into its tab. Never throws: a failure is its outcome's. */
  writeHistory(run: RefreshRun): HistoryWritten;
  /** The ledger's days as its tab holds them, without a refresh of it (null: unreadable). */
  ledgerDays(run: RefreshRun): readonly LedgerDay[] | null;
  /** The dashboard over the ledger's `history` days. Never throws: a failure is its outcome's. */
  writeDashboard(run: RefreshRun, history: readonly LedgerDay[] | null, alerts: readonly Alert[]): TabOutcome;
  /** A tab per calendar year from the ledger's days (null: unread). Never throws: a failure is its
   * outcome's. */
  writeYear(run: RefreshRun, days: readonly LedgerDay[] | null): TabOutcome[];
  /** This user's morning e-mail choice for the spreadsheet, which the Status tab's note names. */
  morningEmailMode(): MorningEmailMode;
  writeStatusTab(
    book: StatusBook,
    banner: Banner,
    at: number,
    checks: readonly Check[],
    alerts: readonly Alert[],
  ): void;
}

/** The records a refresh keeps beside the tabs. */
export interface RefreshRecords {
  loadStatusBook(): StatusBook;
  /** The book, and beside it the checks that do not add up (the sidebar's warnings) and the alerts'
   * records (from the night, what it raised: told once; the books' sales baseline), `next` (a record
   * written right after: its key and the characters it takes) kept its room first. Returns what the
   * Status tab says when the room the store has cut or left out any of them (null: all kept whole). */
  saveStatusBook(
    book: StatusBook,
    checks: readonly Check[],
    alerts?: AlertRecords,
    next?: readonly [key: string, chars: number],
  ): string | null;
  /** The owner's alert lines, what the last night raised and the books' sales baseline (read with the
   * status book). */
  loadAlerts(): {
    readonly lines: AlertLines;
    readonly raised: RaisedAlerts;
    readonly baseline: SalesBaseline;
  };
  /** The last refresh's record, saved; undefined when it could not be (never throws). */
  recordLastRefresh(news: RefreshNews): LastRefresh | undefined;
  /** The characters that record takes at its least, the Status tab's failure counted in (never throws). */
  lastRefreshChars(news: RefreshNews): number;
}

export interface RefreshPorts {
  /** The progress entry the sidebar polls (best effort: never throws). */
  readonly progress: {
    report(change: Partial<RefreshProgress>): void;
    /** One more tab written. */
    written(): void;
  };
  readonly records: RefreshRecords;
  /** Opens the spreadsheet: called once, after the API has answered. */
  openSpreadsheet(): RefreshSpreadsheet;
  now(): number;
}
