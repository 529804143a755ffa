// The start record of a refresh (core/flows/refresh-start.ts decides: a refresh stopped, a claim still
// live) in the document store, its times in the sheet's zone, a stopped one in the Status tab's record.
import * as start from '../core/flows/refresh-start';
import type { NightlyRun } from '../core/flows/sidebar-state';
import type { RefreshStart } from '../core/refresh';
import { documentStore, roomFor, type StoredValues, sheetZone } from './document';
import { sheetTime } from './sheet-time';
import { loadStatusBook, saveStatusBook } from './sheets/status-tab';

/** `document`: the document store (read when asked), or what a caller read of it whole. */
function port(document?: StoredValues): start.RefreshStartPort {
  return {
    now: () => Date.now(),
    read: () => document ?? documentStore(),
    store: documentStore,
    roomFor,
    sheetZone,
    sheetTime,
    loadStatusBook: () => loadStatusBook(),
    saveStatusBook: (book, next) => saveStatusBook(book, undefined, undefined, next),
  };
}

export const recordStoppedRefresh = (next: RefreshStart): string | null =>
  start.recordStoppedRefresh(port(), next);
export const noteRefreshStart = (record: RefreshStart): boolean => start.noteRefreshStart(record, port());
export const clearRefreshStart = (): void => start.clearRefreshStart(port());
export const liveStart = (): RefreshStart | null => start.liveStart(port());

export function stoppedRefreshNote(document: StoredValues = documentStore()): string | undefined {
  return start.stoppedRefreshNote(port(document));
}

export function lastNightWithStopped(
  last: NightlyRun | null,
  timeZone: string,
  document: StoredValues = documentStore(),
): NightlyRun | null {
  return start.lastNightWithStopped(last, timeZone, port(document));
}
