// The installed add-on's metadata room, as the tests of its records set it up: the spreadsheet's metadata
// read back, another add-on's record leaving only so much room, a refresh Apps Script stopped, and
// demo API answers that make the reports stop adding up.
import type { DemoApiHandle } from '../../local/demo-api/index.ts';
import type { Emulator } from '../../local/gas/index.ts';
import { EXECUTION_LIMIT_MS, REFRESH_START_PROPERTY } from '../../src/core/refresh/index.ts';
import { TAB_CHOICES, type TabChoice } from '../../src/core/tab-ids.ts';

/** The limit of one location's metadata as reported (docs/google-rules.md, UNCONFIRMED). */
export const METADATA_LIMIT = 30_000;
const OTHER_ADDON = 'another.addon';
const PROJECT = 'PROJECT' as unknown as GoogleAppsScript.Spreadsheet.DeveloperMetadataVisibility;

/** The spreadsheet's own metadata as the test sees it: key → value. */
export function storedMetadata(emulator: Emulator): Map<string, string> {
  return new Map(emulator.spreadsheet.getDeveloperMetadata().map((m) => [m.getKey(), m.getValue() ?? '']));
}

/** Characters the metadata holds, keys and values counted. */
export function metadataSize(entries: Map<string, string>): number {
  let n = 0;
  for (const [key, value] of entries) n += key.length + value.length;
  return n;
}

/** Another add-on's record leaves `free` characters of the metadata's room; returns its value's length. */
export function leaveMetadataRoom(emulator: Emulator, free: number): number {
  const other = METADATA_LIMIT - metadataSize(storedMetadata(emulator)) - free - OTHER_ADDON.length;
  emulator.spreadsheet.addDeveloperMetadata(OTHER_ADDON, 'x'.repeat(other));
  return other;
}

/** The other add-on's record, as leaveMetadataRoom wrote it (undefined: none). */
export function otherAddOnRecord(entries: Map<string, string>): string | undefined {
  return entries.get(OTHER_ADDON);
}

/** The Summary refreshed (the key saved), then a menu refresh of `tabs` (every tab) stopped by Apps Script,
 * its start record left behind, and `free` characters left (too few for each tab's failure message in
 * full: recording it cuts the refresh history). */
export function stoppedRefreshWithLittleRoom(
  emulator: Emulator,
  free = 2300,
  tabs: readonly TabChoice[] = TAB_CHOICES,
): void {
  emulator.run('saveSettings', [{ tabs: ['summary'] }]);
  emulator.run('refreshAllTabs');
  const stopped = { origin: 'menu', startedAt: emulator.clock.now(), tabs };
  emulator.spreadsheet.addDeveloperMetadata(REFRESH_START_PROPERTY, JSON.stringify(stopped), PROJECT);
  emulator.clock.advance(EXECUTION_LIMIT_MS + 60_000);
  leaveMetadataRoom(emulator, free);
}

/** Every request to `path` answers what `change` makes of its demo answer, from now on. */
async function answerChanged<T>(api: DemoApiHandle, path: string, change: (body: T) => T): Promise<void> {
  const answer = await fetch(`${api.baseUrl}${path}?range=last_30_days`, {
    headers: { Authorization: `Bearer ${api.demoKey}` },
  });
  const body = JSON.stringify(change((await answer.json()) as T));
  await api.setFaults(path, { statuses: new Array(20).fill({ status: 200, body }) });
}

/** The books report one row short from now on, so the reports no longer add up. */
export function booksOneRowShort(api: DemoApiHandle): Promise<void> {
  return answerChanged<{ rows: unknown[] }>(api, '/reports/books', (books) => ({
    ...books,
    rows: books.rows.slice(1),
  }));
}

/** The Summary's totals each one more from now on (the books as they were), so they no longer add up. */
export function summaryOneMore(api: DemoApiHandle): Promise<void> {
  const more = (v: unknown): unknown =>
    typeof v === 'number'
      ? v + 1
      : v && typeof v === 'object' && 'amount' in v
        ? { ...v, amount: Number((v as { amount: unknown }).amount) + 1 }
        : v;
  return answerChanged<{ totals: Record<string, unknown> }>(api, '/summary', (summary) => ({
    ...summary,
    totals: Object.fromEntries(Object.entries(summary.totals).map(([k, v]) => [k, more(v)])),
  }));
}
