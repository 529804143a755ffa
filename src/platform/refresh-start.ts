// The start record of a refresh (core/refresh/interrupted.ts): written before the first request, removed
// when the refresh ends; one left behind is a refresh Apps Script stopped, reported the next time on the
// Status tab and, for a night's refresh, as the night's outcome in the sidebar. A sidebar refresh runs in
// several executions (refresh-parts.ts) and holds the document lock only while it starts and while it
// writes, so its start record also claims the spreadsheet in between: every other refresh (another
// sidebar, the menu, the nightly) is refused while a claim is live, as it is refused while another holds
// the lock. A claim lives at most one execution's time (the parts'), so a sidebar closed midway does not
// block refreshes for long; its start record then reports it as stopped.
import { NIGHTLY_RUN_PROPERTY, nightlyRunToStored } from '../core/flows/nightly';
import type { NightlyRun } from '../core/flows/sidebar-state';
import {
  EXECUTION_LIMIT_MS,
  parseRefreshStart,
  REFRESH_START_PROPERTY,
  type RefreshStart,
  recordStopped,
  stoppedMessage,
} from '../core/refresh';
import { documentStore, type StoredValues, sheetZone } from './document';
import { sheetTime } from './sheet-time';
import { loadStatusBook, saveStatusBook } from './sheets/status-tab';

/** The start record left in the document store, or null. */
function storedStart(document: StoredValues = documentStore()): RefreshStart | null {
  return parseRefreshStart(document.getProperty(REFRESH_START_PROPERTY));
}

/** A start record the sidebar may report without the lock: once the 6 minutes are surely over. */
function surelyStopped(start: RefreshStart | null): start is RefreshStart {
  return start !== null && Date.now() - start.startedAt > EXECUTION_LIMIT_MS;
}

/** `when`: the start in the sheet's time zone. */
function stoppedRun(start: RefreshStart, when: string): NightlyRun {
  return { at: new Date(start.startedAt).toISOString(), ok: false, message: stoppedMessage(start, when) };
}

/** Under the refresh lock, so a record still there is one no running execution owns: record it. */
export function recordStoppedRefresh(): void {
  const start = storedStart();
  if (!start) return;
  const when = sheetTime(sheetZone(), start.startedAt);
  saveStatusBook(recordStopped(loadStatusBook(), start, when));
  const properties = documentStore();
  if (start.origin === 'nightly') {
    properties.setProperty(NIGHTLY_RUN_PROPERTY, nightlyRunToStored(stoppedRun(start, when)));
  }
  properties.deleteProperty(REFRESH_START_PROPERTY);
}

export function noteRefreshStart(start: RefreshStart): void {
  documentStore().setProperty(REFRESH_START_PROPERTY, JSON.stringify(start));
}

/** The start record of a refresh that may still be running (younger than an execution lives), or null.
 * Its `claim`, when it has one, is a sidebar refresh whose parts are fetching (each part one execution at
 * most; the finish holds the document lock itself). Without a claim, in the add-on build, it is another
 * editor's night, which holds only its own user lock (the bound build's refreshes all share one lock).
 * Read under the lock; ours, written by beginRefresh: as trusted as the rest of the record. */
export function liveStart(): RefreshStart | null {
  const start = storedStart();
  return start && Date.now() - start.startedAt < EXECUTION_LIMIT_MS ? start : null;
}

export function clearRefreshStart(): void {
  documentStore().deleteProperty(REFRESH_START_PROPERTY);
}

/** For the sidebar: a refresh of any origin stopped since, once its 6 minutes are surely over. */
export function stoppedRefreshNote(document: StoredValues = documentStore()): string | undefined {
  const start = storedStart(document);
  return surelyStopped(start) ? stoppedMessage(start, sheetTime(sheetZone(), start.startedAt)) : undefined;
}

/** The sidebar's last night: a night stopped since the last recorded run (no lock held, so only once
 * the 6 minutes are surely over). */
export function lastNightWithStopped(
  last: NightlyRun | null,
  timeZone: string,
  document: StoredValues = documentStore(),
): NightlyRun | null {
  const start = storedStart(document);
  if (!surelyStopped(start) || start.origin !== 'nightly') return last;
  if (last && Date.parse(last.at) >= start.startedAt) return last;
  return stoppedRun(start, sheetTime(timeZone, start.startedAt));
}
