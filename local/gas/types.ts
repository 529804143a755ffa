// The public shape of the emulator (the contract other parts of the project code against).
import type { ServiceFaultKind, ServiceFaultOptions } from './service-fault-kinds.ts';

export type { ServiceFaultKind, ServiceFaultOptions };

/** A consent prompt Google would show: whose, and the scopes it asks for (those not yet granted). */
export interface ConsentPrompt {
  readonly user: string;
  readonly scopes: readonly string[];
}

export type AuthModeName = 'FULL' | 'LIMITED' | 'NONE' | 'CUSTOM_FUNCTION';

/**
 * How the script reaches the spreadsheet (docs/google-rules.md, "Deployment kinds"):
 * - 'bound': a script bound to the spreadsheet (clasp push into its Extensions > Apps Script project);
 *   installable triggers run; the add-on's one-trigger-per-document rule does not apply.
 * - 'test-deployment': an Editor add-on run as a test deployment: "Installable triggers aren't supported
 *   when testing" (workspace/add-ons/how-tos/testing-editor-addons), so a created trigger never fires.
 * - 'addon': an installed (published, unlisted or domain) Editor add-on: triggers run, one time-based
 *   trigger per user per document.
 */
export type DeploymentKind = 'bound' | 'test-deployment' | 'addon';

/** What UrlFetchApp does with `timeoutSeconds` in a request's params (url-fetch.ts). */
export type TimeoutSecondsReading = 'ignored' | 'honoured' | 'rejected';

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
  /**
   * Compressed time for requests that never answer: one still unanswered after this much real time is
   * taken to be hanging, and its fetch/fetchAll costs UrlFetchApp's whole timeout (60 s, or what is left
   * of the execution) on the emulated clock. Keep it well above the real time a request takes.
   * Default 60,000 (no compression).
   */
  hangAfterMs?: number;
  /**
   * Compressed time without the real wait: a request whose server says, in an informational response
   * with `X-Never-Answers`, that it will never answer (the demo API's `hang` fault) counts as hanging at
   * once, with the same outcome and emulated time as after `hangAfterMs`. Default false. Leave it off where
   * real time must pass during the wait (`whileWaiting` watching a wait grow).
   */
  hangNotices?: boolean;
  /** Test switch: shorter time limits per execution kind ('menu', 'trigger', 'custom-function', …), to
   * see what an execution stopped at its limit leaves behind without running for minutes. */
  budgets?: Partial<Record<'menu' | 'simple-trigger' | 'trigger' | 'custom-function' | 'test', number>>;
  /** Title of the menu `Ui.createAddonMenu()` makes (Sheets shows the add-on's name). Default 'Royalties for Sheets'. */
  addonName?: string;
  /** Default 'addon'. */
  deployment?: DeploymentKind;
  /**
   * Whether a clock trigger's execution has the spreadsheet active (getActive(), document properties,
   * cache and lock). Undocumented; sources disagree (docs/apps-script.md, "Triggers"). The default is the
   * pessimistic reading per route: false (all of them null) for 'addon', where public reports say an
   * add-on's clock trigger is attached to the script, not the document (vtst/google-apps-scripts
   * VtstAddonTriggerLib/README.md; mogsdad/SheetConverter#2); true for 'bound' and 'test-deployment', where a
   * bound script's trigger was seen to have its spreadsheet (loghound/Fitbit-for-Google-App-Script#9).
   * switches.clockTriggersSeeDocument gives the other reading.
   */
  clockTriggerHasDocument?: boolean;
  /**
   * Whether ScriptApp.getUserTriggers(spreadsheet) lists time-based triggers. Nothing documents that a
   * clock trigger belongs to a spreadsheet (its getTriggerSourceId() is null). Default false (the
   * pessimistic reading); switches.userTriggersListClock(true) gives the other.
   */
  userTriggersListClock?: boolean;
  /**
   * Whether a named range whose sheet was deleted stays (as #REF!, never returned by getRangeByName) and
   * keeps its name taken, so setNamedRange with that name is refused until removeNamedRange. Google documents
   * neither way. Default true (the pessimistic reading); switches.namedRangeOutlivesSheet(false): the name
   * goes with its sheet.
   */
  namedRangeOutlivesSheet?: boolean;
  /**
   * Whether EmbeddedChart.getRanges() gives a chart's ranges back exactly as they were added (same order, a
   * multi-column range kept whole). Google documents neither way. Default false (the pessimistic reading):
   * the script sees them normalised, each split into one range per column and in reverse order;
   * switches.chartRangesAsAdded(true) gives the other. The test-facing view always sees them as added.
   */
  chartRangesAsAdded?: boolean;
  /**
   * How many cells (rows × columns) a custom function's result may fill before it is refused with Google's
   * words, "Result too large". Undocumented; Google was seen to refuse 61,744 rows × 8 columns. Default
   * 200,000 (the pessimistic reading, well under that); null: no limit. switches.resultCellLimit between
   * executions.
   */
  resultCellLimit?: number | null;
  /**
   * How many characters (keys and values) the developer metadata of one location (the spreadsheet, or one
   * sheet) may hold before addDeveloperMetadata, setValue or setKey is refused. Reported as 30,000 per
   * location, UNCONFIRMED (spreadsheet/metadata.ts). Default 30,000 with keys counted (the pessimistic
   * reading); null: no limit. switches.developerMetadataLimit between executions.
   */
  developerMetadataLimit?: number | null;
  /**
   * Whether getRangeByName throws, rather than answering null, for a name left pointing at a deleted sheet
   * (under namedRangeOutlivesSheet). Google documents neither. Default true (the pessimistic reading);
   * switches.brokenNamedRangeThrows(false): null. The test-facing view always answers null.
   */
  brokenNamedRangeThrows?: boolean;
  /**
   * What UrlFetchApp does with `timeoutSeconds` in a request's params, which Google's reference does not
   * list (one 2026 report says it is accepted): 'ignored' (the default: as documented, no effect),
   * 'honoured' (a request with no answer costs its own timeout) or 'rejected' (the call throws
   * "Invalid argument: timeoutSeconds", nothing sent). switches.fetchTimeoutSeconds between executions.
   */
  fetchTimeoutSeconds?: TimeoutSecondsReading;
  /**
   * Whether HTTPResponse.getContentText() keeps a byte-order mark at the start of the body as a character
   * (U+FEFF). Google's reference does not say (reference/url-fetch/http-response, getContentText()); a Java
   * decoder keeps it, and scripts were seen failing on JSON.parse of such bodies. Default true (the
   * pessimistic reading); switches.contentTextKeepsByteOrderMark(false): dropped, as a browser decodes.
   */
  contentTextKeepsByteOrderMark?: boolean;
  /**
   * Whether a custom function may call createDeveloperMetadataFinder (Spreadsheet, Sheet or Range). Google's
   * custom-function guide gives Spreadsheet "Read only (can use most get*() methods, but not set*())" and
   * says nothing of the finder. Default false (the pessimistic reading: refused with the permission
   * message); switches.customFunctionFindsMetadata(true): allowed, as any read.
   */
  customFunctionFindsMetadata?: boolean;
  /**
   * Whether a number written with setValue/setValues (or typed as text) reads back rounded to 15
   * significant digits, as a sheet is reported to keep (Google's reference does not say). Default true (the
   * pessimistic reading); switches.numbersKeep15Digits(false): kept exactly, as JavaScript holds it.
   */
  numbersKeep15Digits?: boolean;
  /**
   * Runs while an execution waits on UrlFetchApp: the place to start another execution (a second
   * google.script.run call of the same sidebar), which then runs in its own context on the same stores.
   * Google runs such calls in parallel; here they interleave where the script waits on the network.
   */
  whileWaiting?: () => void;
}

/** One message MailApp sent, as the script gave it, with who sent it and when (emulated clock). */
export interface SentMail {
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly body: string;
  readonly htmlBody: string | null;
  readonly name: string | null;
  readonly noReply: boolean;
  readonly at: number;
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
  /** Time the round took on the emulated clock: the real time, or UrlFetchApp's timeout when a request hung. */
  ms: number;
  /** The timeoutSeconds the script put in the request's params, whether or not it was honoured. */
  timeoutSeconds?: number;
}

interface DeveloperMetadataSnapshot {
  id: number;
  key: string;
  value: string | null;
  visibility: string;
}

export type CellValue = string | number | boolean | Date;

/** What a cell holding a custom function shows (Emulator.formulas). */
export interface FormulaCellState {
  /** The spilled values, or null when the function threw. */
  readonly values: CellValue[][] | null;
  /** The thrown message (the cell shows #ERROR! with it in its note). */
  readonly error: string | null;
  /** How many times Sheets has run the function for this cell. */
  readonly runs: number;
}

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
  /** The zone its hour is read in: inTimezone(tz), else the script's (the manifest's timeZone). */
  timeZone: string;
}

export interface MenuItemRecord {
  caption: string;
  functionName: string;
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

/** One call of Emulator.runConcurrently: a sidebar's google.script.run call. */
export interface ConcurrentCall {
  readonly name: string;
  readonly args?: unknown[];
  /** Default: the owner. */
  readonly as?: string;
}

/** What one concurrent call returned, or the error it threw (as `run` would have thrown it). */
export type ConcurrentOutcome<T = unknown> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: Error };

interface EmulatorStats {
  /** 'SpreadsheetApp.getActiveSpreadsheet', 'Range.setValues', 'UrlFetchApp.fetchAll', 'Cache.getAll', … */
  calls(): Record<string, number>;
  /** Calls grouped by the service each class belongs to (README.md, "Accounting"). */
  callsByService(): Record<string, number>;
  http(): HttpRecord[];
  /** One per fetch or fetchAll call. */
  fetchAllRounds(): number;
  /** Range calls by `Class.method`, then by how many cells each touched: { cells: calls }. */
  cells(): Record<string, Record<number, number>>;
  /** Executions run (a formula cell is one), and how many of them called SpreadsheetApp at all. */
  executions(): { all: number; spreadsheet: number };
  reset(): void;
}

export interface Emulator {
  readonly owner: string;
  readonly editors: readonly string[];
  /** Run a top-level function of Code.js (menu, sidebar call, simple trigger). Default: as owner, FULL. Throws what the code throws. */
  run<T = unknown>(name: string, args?: unknown[], options?: RunOptions): T;
  /**
   * Google runs a sidebar's google.script.run calls at the same time, each its own execution with its own
   * 6 minutes ("allows 10 concurrent calls", guides/html/reference/run): these start together, at most
   * 10 running at once, sharing the stores, locks, caches and clock. Here one runs while the others wait
   * on UrlFetchApp (README, "Executions side by side"). One outcome per call, in order; none throws.
   */
  runConcurrently<T = unknown>(calls: readonly ConcurrentCall[]): ConcurrentOutcome<T>[];
  /** Run as Sheets runs a formula: AuthMode.CUSTOM_FUNCTION, read-only spreadsheet, owner's user properties, no UI,
   *  30 s budget. Returns the value; an Error thrown by the function comes back as a thrown Error with the message the cell would show. */
  runCustomFunction<T = unknown>(name: string, args: unknown[], options?: { as?: string }): T;
  /** Cells holding a custom function. Sheets runs one when it is typed, then again only when a cell it
   *  references (by address or range name) holds another value; the emulator checks after every execution
   *  (run, menu item, trigger) and on recalculate() (after a test changed cells directly). */
  readonly formulas: {
    /** Types `=NAME(args…)` into a cell of `sheetName`: run at once, as the owner opened the spreadsheet. */
    enter(sheetName: string, a1: string, formula: string): FormulaCellState;
    read(sheetName: string, a1: string): FormulaCellState;
    /** Runs the formulas whose references changed; returns how many ran. */
    recalculate(): number;
  };
  /** Runs onOpen with the event Sheets passes (authMode, source, user). Default as owner in LIMITED mode. */
  open(options?: RunOptions): void;
  /** Runs the function behind a menu item added with addToUi, as a click does (FULL). */
  clickMenuItem(caption: string, options?: { as?: string }): unknown;
  /** Installed triggers; fire one as its creator would run it. */
  triggers(): TriggerInfo[];
  /** When a trigger fires next after the emulated clock's now (its atHour in its time zone), as epoch ms. */
  nextRunOf(id: string): number;
  /** Fires a trigger as Apps Script would; a test deployment never fires one (this throws saying so). */
  runTrigger(id: string): unknown;
  readonly deployment: DeploymentKind;
  readonly clock: { now(): number; advance(ms: number): void };
  /** The in-memory spreadsheet model, for test setup and assertions; calls through it are not counted. */
  readonly spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet;
  sheetSnapshot(name: string): SheetSnapshot;
  /**
   * More spreadsheets with the same owner, editors and script (an installed add-on serves them all: user
   * properties and triggers are shared, document properties, cache and lock are each one's own).
   */
  readonly spreadsheets: {
    add(id: string, name?: string): void;
    /** Puts `id` in front: run, spreadsheet, sheetSnapshot, properties.document then act on it. */
    use(id: string): void;
    /** In front now. */
    current(): string;
    /** Deleted: openById refuses it from now on. */
    delete(id: string): void;
    /** No longer shared with `user`: openById refuses it to them. */
    unshare(id: string, user: string): void;
  };
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
  /** MailApp's messages (every one the script sent, oldest first) and a user's recipients left today. */
  readonly mail: {
    sent(): SentMail[];
    remaining(email: string): number;
  };
  /** Test switches that make Google's less common behaviour happen on demand. */
  readonly switches: {
    /**
     * The user must re-authorise: getAuthorizationInfo says REQUIRED (triggers still fire, as in Sheets).
     * Calls to the services named in `refuse` (e.g. ['UrlFetchApp'], as when a new version added that
     * scope) throw 'Authorization is required to perform that action.'; services already granted still work.
     */
    requireAuthorization(email: string, required?: boolean, options?: { refuse?: string[] }): void;
    /**
     * Granular consent: the scopes this user ticked on the consent screen (null: every scope of the
     * manifest, the default). A call needing a scope not granted throws Google's permission error; a prompt
     * the add-on asked for (consentPrompts) is answered by granting here and running again.
     */
    grantScopes(email: string, scopes: readonly string[] | null): void;
    /** Another execution holds this lock until the clock passes `untilMs` (default: forever). */
    holdLock(kind: 'document' | 'user' | 'script', options?: { user?: string; untilMs?: number }): void;
    /** Drop every cached item now, as CacheService may at any time. */
    evictCaches(): void;
    /** Google withholds this user's address: User.getEmail() is '' for them ("If security policies do
     *  not allow access to the user's email address, this method returns a blank string": reference/base/user). */
    withholdEmail(email: string, withheld?: boolean): void;
    /** EmulatorOptions.clockTriggerHasDocument, changed between executions. */
    clockTriggersSeeDocument(on: boolean): void;
    /** EmulatorOptions.userTriggersListClock, changed between executions. */
    userTriggersListClock(on: boolean): void;
    /** EmulatorOptions.namedRangeOutlivesSheet, changed between executions. */
    namedRangeOutlivesSheet(on: boolean): void;
    /** EmulatorOptions.chartRangesAsAdded, changed between executions. */
    chartRangesAsAdded(on: boolean): void;
    /** EmulatorOptions.resultCellLimit, changed between executions. */
    resultCellLimit(cells: number | null): void;
    /** EmulatorOptions.developerMetadataLimit, changed between executions. */
    developerMetadataLimit(characters: number | null): void;
    /** EmulatorOptions.brokenNamedRangeThrows, changed between executions. */
    brokenNamedRangeThrows(on: boolean): void;
    /** EmulatorOptions.fetchTimeoutSeconds, changed between executions. */
    fetchTimeoutSeconds(reading: TimeoutSecondsReading): void;
    /** EmulatorOptions.contentTextKeepsByteOrderMark, changed between executions. */
    contentTextKeepsByteOrderMark(on: boolean): void;
    /** EmulatorOptions.customFunctionFindsMetadata, changed between executions. */
    customFunctionFindsMetadata(on: boolean): void;
    /** EmulatorOptions.numbersKeep15Digits, changed between executions. */
    numbersKeep15Digits(on: boolean): void;
    /** MailApp's recipients a day per user: 100 (a consumer account, the default), 1,500 (Workspace), 0. */
    mailRecipientsPerDay(n: number): void;
    /**
     * The script's next call of `call` ('Range.setValues', 'Sheet.insertRowsBefore', …) throws, as a
     * Spreadsheet call may mid-execution: Google's transient "Service Spreadsheets failed while accessing
     * document with id …" (the default `message`), or a protected range refusing an editor. `sheet`: only
     * calls on that sheet, a range of it or its developer metadata; `skip`: that many matching calls run first. Spent once thrown;
     * it waits across executions until a call matches.
     */
    failCall(call: string, options?: { sheet?: string; skip?: number; message?: string }): void;
    /**
     * A Google service refusing in the large, in Google's words (service-faults.ts): a rate limit, a daily
     * quota, Spreadsheets timing out or unavailable, a lock. From the `from`th matching call on (default
     * the next), for `forMs` on the emulated clock from the first refusal (default until cleared); `call`:
     * one `Class.method` only, and with `thenEveryCall` every call of the service after it refuses too (a
     * service failing from some step on). Counts across executions.
     */
    serviceFault(kind: ServiceFaultKind, options?: ServiceFaultOptions): void;
    clearServiceFaults(): void;
  };
  /** How many calls a service fault refused so far (what the add-on tried again). */
  serviceFaultRefusals(kind: ServiceFaultKind): number;
  /** The first call a service fault refused, with the sheet it acted on ('Range.setValues on Books'). */
  serviceFaultFirst(kind: ServiceFaultKind): string | null;
  /** The consent prompts ScriptApp.requireScopes / requireAllScopes ended an execution with, oldest first. */
  consentPrompts(): ConsentPrompt[];
  /** Shortcut for switches.requireAuthorization. */
  requireReauthorization(email: string, required?: boolean, options?: { refuse?: string[] }): void;
  ui(): UiRecord;
  /** Ends the HTTP worker. */
  close(): void;
}
