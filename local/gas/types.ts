// The public shape of the emulator (the contract other parts of the project code against).

export type AuthModeName = 'FULL' | 'LIMITED' | 'NONE' | 'CUSTOM_FUNCTION';

export interface EmulatorOptions {
  /** Default <repo>/dist (reads Code.js, appsscript.json, *.html). */
  distDir?: string;
  /** Default 'owner@example.com' (owns the spreadsheet). */
  owner?: string;
  /** Default ['editor@example.com']. */
  editors?: string[];
  /** Default 'Royalties'. */
  spreadsheetName?: string;
  /** Default a fixed id. */
  spreadsheetId?: string;
  /** Spreadsheet and script time zone, default 'Europe/London'. */
  timeZone?: string;
  /** Emulated clock start; default Date.parse('2026-11-21T08:00:00Z'). */
  startTime?: number | Date;
  /**
   * Origin rewrites like a hosts file: {'http://127.0.0.1:8787': 'http://127.0.0.1:54321'}. The URL the
   * add-on asked for is what is recorded and checked against the allow-list.
   */
  routes?: Record<string, string>;
  /** Title of the menu `Ui.createAddonMenu()` makes (Sheets shows the add-on's name). Default 'Royalties for Sheets'. */
  addonName?: string;
  /**
   * Runs while an execution waits on UrlFetchApp: the place to start another execution (a second
   * google.script.run call of the same sidebar), which then runs in its own context on the same stores.
   * Google runs such calls in parallel; here they interleave where the script waits on the network.
   */
  whileWaiting?: () => void;
}

export interface HttpRecord {
  method: string;
  /** The URL as the add-on asked for it (before `routes`). */
  url: string;
  /** As sent, with the Authorization value redacted: 'Bearer [redacted]'. */
  headers: Record<string, string>;
  status: number | null;
  error?: string;
  /** Which fetch/fetchAll call this request belonged to, from 1. */
  round: number;
  /** Real time the round took. */
  ms: number;
}

export interface DeveloperMetadataSnapshot {
  id: number;
  key: string;
  value: string | null;
  visibility: string;
}

export type CellValue = string | number | boolean | Date;

export interface SheetSnapshot {
  name: string;
  sheetId: number;
  index: number;
  maxRows: number;
  maxColumns: number;
  /** Values up to the last row and column any cell was written or formatted, as stored: numbers, booleans, Dates, strings. */
  values: CellValue[][];
  /** '' where a cell holds no formula. */
  formulas: string[][];
  /** An approximation of what Sheets shows (README.md, "Displayed values"). */
  displayed: string[][];
  numberFormats: string[][];
  fontWeights: string[][];
  fontColors: string[][];
  backgrounds: string[][];
  notes: string[][];
  frozenRows: number;
  frozenColumns: number;
  columnWidths: Record<number, number>;
  developerMetadata: DeveloperMetadataSnapshot[];
}

export interface TriggerInfo {
  id: string;
  handler: string;
  user: string;
  type: 'CLOCK';
  everyDays?: number;
  everyHours?: number;
  atHour?: number;
}

export interface MenuItemRecord {
  caption: string;
  functionName: string;
}

export interface MenuRecord {
  title: string;
  items: Array<MenuItemRecord | 'separator' | MenuRecord>;
}

export interface UiRecord {
  menus: Array<{ title: string; items: Array<MenuItemRecord | 'separator'> }>;
  sidebars: Array<{ title: string; html: string }>;
  dialogs: Array<{ title: string; html: string }>;
  alerts: string[];
  toasts: string[];
}

export interface RunOptions {
  as?: string;
  mode?: 'FULL' | 'LIMITED' | 'NONE';
}

export interface EmulatorStats {
  /** 'SpreadsheetApp.getActiveSpreadsheet', 'Range.setValues', 'UrlFetchApp.fetchAll', 'Cache.getAll', … */
  calls(): Record<string, number>;
  /** Calls grouped by the service each class belongs to (README.md, "Accounting"). */
  callsByService(): Record<string, number>;
  http(): HttpRecord[];
  /** One per fetch or fetchAll call. */
  fetchAllRounds(): number;
  reset(): void;
}

export interface Emulator {
  readonly owner: string;
  readonly editors: readonly string[];
  /** Run a top-level function of Code.js (menu, sidebar call, simple trigger). Default: as owner, FULL. Throws what the code throws. */
  run<T = unknown>(name: string, args?: unknown[], options?: RunOptions): T;
  /** Run as Sheets runs a formula: AuthMode.CUSTOM_FUNCTION, read-only spreadsheet, owner's user properties, no UI,
   *  30 s budget. Returns the value; an Error thrown by the function comes back as a thrown Error with the message the cell would show. */
  runCustomFunction<T = unknown>(name: string, args: unknown[], options?: { as?: string }): T;
  /** Runs onOpen with the event Sheets passes (authMode, source, user). Default as owner in LIMITED mode. */
  open(options?: RunOptions): void;
  /** Runs the function behind a menu item added with addToUi, as a click does (FULL). */
  clickMenuItem(caption: string, options?: { as?: string }): unknown;
  /** Installed triggers; fire one as its creator would run it. */
  triggers(): TriggerInfo[];
  runTrigger(id: string): unknown;
  readonly clock: { now(): number; advance(ms: number): void };
  /** The in-memory spreadsheet model, for test setup and assertions; calls through it are not counted. */
  readonly spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet;
  sheetSnapshot(name: string): SheetSnapshot;
  readonly stats: EmulatorStats;
  /** Logger.log and console.* lines. */
  readonly logs: string[];
  /** All text the add-on emitted outside the property stores (README.md, "Captured text"). */
  capturedText(): string[];
  /** Direct access to the stores for test setup/inspection (not counted). */
  properties: {
    user(email: string): Record<string, string>;
    document(): Record<string, string>;
    script(): Record<string, string>;
    setUser(email: string, key: string, value: string): void;
    setDocument(key: string, value: string): void;
  };
  /** Test switches that make Google's less common behaviour happen on demand. */
  readonly switches: {
    /**
     * The user must re-authorise: getAuthorizationInfo says REQUIRED (triggers still fire, as in Sheets).
     * Calls to the services named in `refuse` (e.g. ['UrlFetchApp'], as when a new version added that
     * scope) throw 'Authorization is required to perform that action.'; services already granted still work.
     */
    requireAuthorization(email: string, required?: boolean, options?: { refuse?: string[] }): void;
    /** Another execution holds this lock until the clock passes `untilMs` (default: forever). */
    holdLock(kind: 'document' | 'user' | 'script', options?: { user?: string; untilMs?: number }): void;
    /** Drop every cached item now, as CacheService may at any time. */
    evictCaches(): void;
  };
  /** Shortcut for switches.requireAuthorization. */
  requireReauthorization(email: string, required?: boolean, options?: { refuse?: string[] }): void;
  ui(): UiRecord;
  /** Ends the HTTP worker. */
  close(): void;
}
