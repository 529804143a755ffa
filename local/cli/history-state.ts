// `npm start` keeps the history between runs: after each run the history tab (values, formats, our mark)
// goes to a state file beside the workbook (`royalties.xlsx.history.json`); the next run puts it back into
// the fresh emulated spreadsheet before refreshing, so the add-on merges into it as it would in Sheets.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { ENDPOINT_IDS, type EndpointId } from '../../src/core/endpoints.ts';
import { HEADER_ROWS, MARK_KEY } from '../../src/core/tabs/index.ts';
import type { Emulator } from '../gas/index.ts';
import type { AddOnTab } from './addon-tabs.ts';
import { writeFileAtomically } from './atomic-file.ts';

export interface HistoryState {
  readonly v: 1;
  readonly name: string;
  readonly mark: string;
  /** Dates as `{ "$date": ms }`. */
  readonly values: unknown[][];
  readonly numberFormats: string[][];
}

export function historyStatePath(workbook: string): string {
  return `${workbook}.history.json`;
}

function toJson(value: unknown): unknown {
  return value instanceof Date ? { $date: value.getTime() } : value;
}

function fromJson(value: unknown): unknown {
  if (value && typeof value === 'object' && typeof (value as { $date?: unknown }).$date === 'number')
    return new Date((value as { $date: number }).$date);
  // Stored text stays text (a typed "=…" or "00123" would not).
  return typeof value === 'string' && value !== '' ? `'${value}` : value;
}

/** Puts the saved history tab back; false when there is none (or it is unreadable: the run starts afresh). */
export async function restoreHistory(emulator: Emulator, file: string): Promise<boolean> {
  if (!existsSync(file)) return false;
  let state: HistoryState;
  try {
    state = JSON.parse(await readFile(file, 'utf8')) as HistoryState;
    if (state.v !== 1 || !Array.isArray(state.values) || state.values.length === 0) return false;
  } catch {
    return false;
  }
  const sheet = emulator.spreadsheet.insertSheet(state.name);
  const rows = state.values.length;
  const columns = Math.max(...state.values.map((r) => r.length));
  if (rows > sheet.getMaxRows()) sheet.insertRowsAfter(sheet.getMaxRows(), rows - sheet.getMaxRows());
  if (columns > sheet.getMaxColumns())
    sheet.insertColumnsAfter(sheet.getMaxColumns(), columns - sheet.getMaxColumns());
  const grid = (r: readonly unknown[]) => Array.from({ length: columns }, (_, c) => r[c] ?? '');
  const range = sheet.getRange(1, 1, rows, columns);
  range.setNumberFormats(state.numberFormats.map((r) => grid(r).map((f) => f || 'General')) as string[][]);
  range.setValues(state.values.map((r) => grid(r).map(fromJson)));
  sheet.setFrozenRows(HEADER_ROWS);
  sheet.addDeveloperMetadata(MARK_KEY, state.mark);
  return true;
}

/** Saves the history tab the add-on left, if it wrote one. */
export async function saveHistory(tabs: readonly AddOnTab[], file: string): Promise<void> {
  const tab = tabs.find((t) => t.mark.tab === 'history');
  const mark = tab?.snapshot.developerMetadata.find((m) => m.key === MARK_KEY)?.value;
  if (!tab || !mark) return;
  const state: HistoryState = {
    v: 1,
    name: tab.snapshot.name,
    mark,
    values: tab.snapshot.values.map((r) => r.map(toJson)),
    numberFormats: tab.snapshot.numberFormats,
  };
  await writeFileAtomically(file, () => new TextEncoder().encode(JSON.stringify(state)));
}

/** The tabs with a restored history where a first run has it, after the report tabs: it was put back before
 * the add-on created the others, so in the emulated spreadsheet it stands first. */
export function withHistoryInPlace(tabs: readonly AddOnTab[]): AddOnTab[] {
  const history = tabs.find((t) => t.mark.tab === 'history');
  if (!history) return [...tabs];
  const rest = tabs.filter((t) => t !== history);
  const isReport = (t: AddOnTab) => ENDPOINT_IDS.includes(t.mark.tab as EndpointId);
  const after = rest.length - [...rest].reverse().findIndex(isReport);
  const at = after > rest.length ? 0 : after;
  return [...rest.slice(0, at), history, ...rest.slice(at)];
}
