// Entry of the bench-only bundle (naive-bundle.ts): the naive way, as real Apps Script code run in the
// same emulator against the same demo API as the add-on, so every ratio compares two measured runs.
// It reads the same settings and key and turns responses into the same tables; what differs is the
// strategy: one UrlFetchApp.fetch after another, one appendRow per row, no cache across executions.
// Also `cachedFetch`, the add-on's own client path with the document cache, for the chunked-cache figures.
import { prepareRequest } from '../../../src/core/api/request.ts';
import type { ApiRequest } from '../../../src/core/api/types.ts';
import { ENDPOINTS } from '../../../src/core/endpoints.ts';
import {
  type DayToDate,
  FORMULA_FUNCTIONS,
  type FormulaArguments,
  type FormulaName,
  formulaCall,
  formulaOutput,
  midnightInZone,
} from '../../../src/core/formulas/index.ts';
import { firstRound, firstRoundEndpoints, secondRound } from '../../../src/core/refresh/index.ts';
import { toReportTable } from '../../../src/core/report/index.ts';
import type { CellValue } from '../../../src/core/report/types.ts';
import { parseSettings } from '../../../src/core/settings.ts';
import {
  type Fetched,
  type ReadThroughFetched,
  seriesToRead,
  tabContents,
} from '../../../src/core/tabs/index.ts';
import { platformClient } from '../../../src/platform/api.ts';
import { buildConfig } from '../../../src/platform/build-config.ts';
import { keyStore } from '../../../src/platform/key-store.ts';
import { loadSettings, storeSettings } from '../../../src/platform/settings-store.ts';
import { offsetInZone } from '../../../src/platform/zone-offsets.ts';

/** The naive formula's dates: day by day, two formatDate calls each, with no cache (the add-on converts a
 * whole table with a few calls and keeps the zone's offsets in the document cache). */
function dayInSpreadsheetZone(): DayToDate {
  const offsetAt = offsetInZone(SpreadsheetApp.getActive().getSpreadsheetTimeZone());
  const days = new Map<string, number>();
  return (iso) => {
    let ms = days.get(iso);
    if (ms === undefined) {
      ms = midnightInZone(iso, offsetAt).getTime();
      days.set(iso, ms);
    }
    return new Date(ms);
  };
}

function apiKey(): string {
  const key = keyStore.get();
  if (key === null) throw new Error('No API key saved: call saveKey first.');
  return key;
}

/** One request, one UrlFetchApp.fetch: nothing shared, nothing cached. */
function fetchOne(request: ApiRequest, key: string): Fetched {
  const { http } = prepareRequest(buildConfig.apiBaseUrl, key, request);
  const response = UrlFetchApp.fetch(http.url, { headers: { ...http.headers }, muteHttpExceptions: true });
  const status = response.getResponseCode();
  if (status !== 200) return { ok: false, error: `HTTP ${status}` };
  return { ok: true, data: JSON.parse(response.getContentText()) };
}

/** What appendRow can take: dates as their ISO text, empty cells as ''. */
function plainCell(value: CellValue): string | number | boolean | Date {
  if (value === null) return '';
  if (typeof value === 'object' && !(value instanceof Date)) return value.iso;
  return value;
}

export function saveKey(key: string): void {
  keyStore.save(key);
}

/** The same settings the add-on's sidebar stores, in the same place. */
export function saveSettings(input: unknown): void {
  storeSettings(parseSettings(input));
}

/** Refresh the chosen tabs the naive way; returns the rows written per tab. */
export function naiveRefresh(): Record<string, number> {
  const key = apiKey();
  const settings = loadSettings();
  const endpoints = firstRoundEndpoints(settings);
  const requests = firstRound(settings);
  const first = new Map(endpoints.map((endpoint, i) => [endpoint, fetchOne(requests[i]!, key)]));
  let readThrough: ReadThroughFetched | undefined;
  if (settings.tabs.includes('read-through')) {
    const toRead = seriesToRead(first.get('series'));
    readThrough = toRead.ok
      ? {
          ok: true,
          series: toRead.series,
          responses: secondRound(toRead.series, settings).map((r) => fetchOne(r, key)),
        }
      : toRead;
  }
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const written: Record<string, number> = {};
  for (const content of tabContents(settings.tabs, first, readThrough)) {
    if (content.kind === 'failed') throw new Error(`${content.tab}: ${content.error}`);
    const title = ENDPOINTS[content.tab].title;
    // Start afresh by deleting and inserting the sheet: one call more than clear(), and appendRow then
    // finds the last row at once in the emulator (after clear() it would scan every emptied row).
    const old = spreadsheet.getSheetByName(title);
    if (old) spreadsheet.deleteSheet(old);
    const sheet = spreadsheet.insertSheet(title);
    sheet.appendRow(content.table.columns.map((c) => c.label));
    for (const row of content.table.rows) sheet.appendRow(row.map(plainCell));
    written[content.tab] = content.table.rows.length;
  }
  return written;
}

/** A custom function the naive way: fetch on every call, one request per cell. Arguments as Sheets passes them. */
export function naiveFormula(name: FormulaName, positional: unknown[]): unknown {
  const params: readonly string[] = FORMULA_FUNCTIONS[name].params;
  const args: FormulaArguments = Object.fromEntries(params.map((param, i) => [param, positional[i]]));
  const call = formulaCall(name, args, loadSettings());
  const fetched = fetchOne(call.request, apiKey());
  if (!fetched.ok) throw new Error(fetched.error);
  const table = toReportTable(fetched.data, call.request.endpoint);
  return formulaOutput(table, {
    functionName: name,
    dayToDate: dayInSpreadsheetZone(),
    ...(call.field === undefined ? {} : { field: call.field }),
  });
}

/** The add-on's client with the document cache: a miss fetches and writes the cache, a hit reads it. */
export function cachedFetch(requestJson: string): { bytes: number; fromCache: boolean } {
  const request = JSON.parse(requestJson) as ApiRequest;
  const response = platformClient({ apiKey: apiKey(), budgetMs: 25_000, cache: 'document' }).fetch(request);
  return { bytes: JSON.stringify(response.data).length, fromCache: response.fromCache };
}

/** The naive ledger: read the whole tab, merge the timeline by date in memory, then
 * clear it and append every day again, one appendRow per row. Returns the days it holds. */
export function naiveLedger(range: string): number {
  const fetched = fetchOne({ endpoint: 'timeline', period: range }, apiKey());
  if (!fetched.ok) throw new Error(`timeline: ${fetched.error}`);
  const table = toReportTable(fetched.data, 'timeline');
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const sheet = spreadsheet.getSheetByName('Naive ledger') || spreadsheet.insertSheet('Naive ledger');
  const days = new Map<string, unknown[]>();
  for (const row of sheet.getDataRange().getValues().slice(1)) days.set(String(row[0]), row);
  for (const row of table.rows) {
    const cells = row.map(plainCell);
    days.set(String(cells[0]), cells);
  }
  sheet.clearContents();
  sheet.appendRow(table.columns.map((c) => c.label));
  for (const date of [...days.keys()].sort()) sheet.appendRow(days.get(date)!);
  return days.size;
}
