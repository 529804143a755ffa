// Helpers for the refresh acceptance tests: the add-on (built bundle in the emulator) against the demo API
// over HTTP, the API read directly for expectations, and our tabs read back through their marks.

import { afterEach, beforeEach } from 'vitest';
import type { DemoApiOptions } from '../../local/demo-api/index.ts';
import type { SheetSnapshot } from '../../local/gas/index.ts';
import { ENDPOINTS, type EndpointId } from '../../src/core/endpoints.ts';
import type { RefreshResult } from '../../src/core/refresh/index.ts';
import type { TabChoice, TabId } from '../../src/core/tab-ids.ts';
import { MARK_KEY, parseMark, type TabMark } from '../../src/core/tabs/index.ts';
import { type AddOn, type AddOnOptions, startAddOn, useDemoApi } from '../support/addon.ts';

export const SETTINGS_PROPERTY = 'royalties.settings';
export const PINNED_PERIOD = 'last_30_days';

export async function startWithKey(
  demo: DemoApiOptions = {},
  emulator?: AddOnOptions['emulator'],
): Promise<AddOn> {
  const addOn = await startAddOn({ demo, emulator });
  addOn.saveApiKeyFor();
  return addOn;
}

export function refresh(addOn: AddOn): RefreshResult {
  return addOn.emulator.run<RefreshResult>('refreshAllTabs');
}

/** A fresh add-on for each test of the file, on the file's one demo API (useDemoApi: put back as started
 * before each test): the owner's key saved and every tab filled once before the test (`ready` then takes
 * it), closed after it. No test sees what another left. */
export function useFilledAddOn(ready: (addOn: AddOn) => void, emulator?: AddOnOptions['emulator']): void {
  const demoApi = useDemoApi();
  let addOn: AddOn | undefined;
  beforeEach(async () => {
    addOn = await startAddOn({ api: demoApi(), emulator });
    addOn.saveApiKeyFor();
    refresh(addOn);
    ready(addOn);
  });
  afterEach(async () => {
    const done = addOn;
    addOn = undefined;
    await done?.close();
  });
}

export function chooseSettings(
  addOn: AddOn,
  settings: { range?: string; currency?: string | null; tabs?: TabChoice[]; paymentDelay?: number },
): void {
  addOn.emulator.properties.setDocument(SETTINGS_PROPERTY, JSON.stringify(settings));
}

/** GET from the demo API directly with the demo key: what the tabs must show. */
export async function apiGet(
  addOn: AddOn,
  path: string,
  query: Record<string, string> = { range: PINNED_PERIOD },
  apiKey = addOn.api.demoKey,
): Promise<Record<string, unknown>> {
  const url = new URL(`${addOn.api.baseUrl}${path}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const response = await fetch(url, { headers: { Authorization: `Bearer ${apiKey}` } });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

export function markOf(snapshot: SheetSnapshot): TabMark | null {
  const entry = snapshot.developerMetadata.find((m) => m.key === MARK_KEY);
  return entry?.value ? parseMark(entry.value) : null;
}

/** Every sheet that carries our mark, by tab. */
export function ourTabs(addOn: AddOn): Map<TabId, SheetSnapshot> {
  const found = new Map<TabId, SheetSnapshot>();
  for (const sheet of addOn.emulator.spreadsheet.getSheets()) {
    const snapshot = addOn.emulator.sheetSnapshot(sheet.getName());
    const mark = markOf(snapshot);
    if (mark && !found.has(mark.tab)) found.set(mark.tab, snapshot);
  }
  return found;
}

export function ourTab(addOn: AddOn, tab: TabId): SheetSnapshot {
  const snapshot = ourTabs(addOn).get(tab);
  if (!snapshot) throw new Error(`No tab of ours holds ${tab}`);
  return snapshot;
}

/** The data cells of one of our columns, by key (rows from 3, as stored). */
export function column(snapshot: SheetSnapshot, key: string, rows?: number): unknown[] {
  const mark = markOf(snapshot);
  const at = mark?.columns.indexOf(key) ?? -1;
  if (at < 0) throw new Error(`${snapshot.name} has no column ${key} (has ${mark?.columns.join(', ')})`);
  const count = rows ?? snapshot.values.length - 2;
  return snapshot.values.slice(2, 2 + count).map((row) => row[at] ?? '');
}

export function banner(snapshot: SheetSnapshot): string {
  return String(snapshot.values[0]?.[0] ?? '');
}

export function rowsOf(body: Record<string, unknown>, name: string): Record<string, unknown>[] {
  const rows = body[name];
  if (!Array.isArray(rows)) throw new Error(`No ${name} array in the response`);
  return rows as Record<string, unknown>[];
}

export const TITLES = Object.fromEntries(Object.entries(ENDPOINTS).map(([id, e]) => [id, e.title])) as Record<
  EndpointId,
  string
>;

/** Spreadsheet service calls in a counted execution, by Class.method. */
export function spreadsheetCalls(addOn: AddOn): Record<string, number> {
  const services = new Set([
    'Spreadsheet',
    'Sheet',
    'Range',
    'RangeList',
    'DeveloperMetadata',
    'SpreadsheetApp',
  ]);
  const out: Record<string, number> = {};
  for (const [name, count] of Object.entries(addOn.emulator.stats.calls())) {
    if (services.has(name.split('.')[0] ?? '')) out[name] = count;
  }
  return out;
}
