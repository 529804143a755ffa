// Counts what the add-on does: service calls by `Class.method`, HTTP requests by fetch round, log lines,
// and every piece of text it emitted (for the leaked-key scan).
import type { HttpRecord } from './types.ts';

/** The service each class belongs to, for callsByService (README.md, "Accounting"). */
const SERVICE_OF: Record<string, string> = {
  Spreadsheet: 'SpreadsheetApp',
  Sheet: 'SpreadsheetApp',
  Range: 'SpreadsheetApp',
  RangeList: 'SpreadsheetApp',
  NamedRange: 'SpreadsheetApp',
  DeveloperMetadata: 'SpreadsheetApp',
  DeveloperMetadataFinder: 'SpreadsheetApp',
  DeveloperMetadataLocation: 'SpreadsheetApp',
  Ui: 'SpreadsheetApp',
  Menu: 'SpreadsheetApp',
  EmbeddedChart: 'SpreadsheetApp',
  EmbeddedChartBuilder: 'SpreadsheetApp',
  ChartOptions: 'SpreadsheetApp',
  ContainerInfo: 'SpreadsheetApp',
  HTTPResponse: 'UrlFetchApp',
  Cache: 'CacheService',
  Properties: 'PropertiesService',
  Lock: 'LockService',
  TriggerBuilder: 'ScriptApp',
  ClockTriggerBuilder: 'ScriptApp',
  Trigger: 'ScriptApp',
  AuthorizationInfo: 'ScriptApp',
  HtmlOutput: 'HtmlService',
  HtmlTemplate: 'HtmlService',
  Blob: 'Utilities',
  User: 'Session',
};

export function serviceOf(className: string): string {
  return SERVICE_OF[className] ?? className;
}

export class Accounting {
  #calls = new Map<string, number>();
  /** By `Class.method`: how many calls touched each number of cells (Range calls only). */
  #cells = new Map<string, Map<number, number>>();
  #http: HttpRecord[] = [];
  #rounds = 0;
  #executions = 0;
  #spreadsheetExecutions = 0;
  #touchedSpreadsheet = false;
  readonly logs: string[] = [];
  #captured: string[] = [];

  count(key: string): void {
    this.#calls.set(key, (this.#calls.get(key) ?? 0) + 1);
    if (!this.#touchedSpreadsheet && serviceOf(key.slice(0, key.indexOf('.'))) === 'SpreadsheetApp') {
      this.#touchedSpreadsheet = true;
      this.#spreadsheetExecutions += 1;
    }
  }

  /** A call on a range of `cells` cells (already counted by count()). */
  countCells(key: string, cells: number): void {
    const sizes = this.#cells.get(key) ?? new Map<number, number>();
    this.#cells.set(key, sizes);
    sizes.set(cells, (sizes.get(cells) ?? 0) + 1);
  }

  /** Range calls by `Class.method`, then by the cells each touched: { cells: calls }. */
  cells(): Record<string, Record<number, number>> {
    return Object.fromEntries([...this.#cells].map(([key, sizes]) => [key, Object.fromEntries(sizes)]));
  }

  startExecution(): void {
    this.#executions += 1;
    this.#touchedSpreadsheet = false;
  }

  /** Executions started, and how many of them called SpreadsheetApp at all. */
  executions(): { all: number; spreadsheet: number } {
    return { all: this.#executions, spreadsheet: this.#spreadsheetExecutions };
  }

  calls(): Record<string, number> {
    return Object.fromEntries(this.#calls);
  }

  callsByService(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [key, n] of this.#calls) {
      const service = serviceOf(key.slice(0, key.indexOf('.')));
      out[service] = (out[service] ?? 0) + n;
    }
    return out;
  }

  /** Starts a fetch/fetchAll round and returns its number. */
  nextRound(): number {
    this.#rounds += 1;
    return this.#rounds;
  }

  recordHttp(record: HttpRecord): void {
    this.#http.push(record);
    this.capture(record.url);
    for (const [name, value] of Object.entries(record.headers)) this.capture(`${name}: ${value}`);
    if (record.error) this.capture(record.error);
  }

  http(): HttpRecord[] {
    return this.#http.map((r) => ({ ...r, headers: { ...r.headers } }));
  }

  fetchAllRounds(): number {
    return this.#rounds;
  }

  reset(): void {
    this.#calls.clear();
    this.#cells.clear();
    this.#http = [];
    this.#rounds = 0;
    this.#executions = 0;
    this.#spreadsheetExecutions = 0;
  }

  log(line: string): void {
    this.logs.push(line);
  }

  capture(text: string): void {
    if (text !== '') this.#captured.push(text);
  }

  capturedText(): string[] {
    return [...this.logs, ...this.#captured];
  }
}
