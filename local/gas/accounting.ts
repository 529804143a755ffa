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
  #http: HttpRecord[] = [];
  #rounds = 0;
  readonly logs: string[] = [];
  #captured: string[] = [];

  count(key: string): void {
    this.#calls.set(key, (this.#calls.get(key) ?? 0) + 1);
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
    this.#http = [];
    this.#rounds = 0;
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
