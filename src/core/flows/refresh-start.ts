// The start record of a refresh (core/refresh/interrupted.ts): written before the first request, removed
// when the refresh ends; one left behind is a refresh Apps Script stopped, reported the next time on the
// Status tab and, for a night's refresh, as the night's outcome in the sidebar. A sidebar refresh runs in
// several executions (platform/refresh-parts.ts) and holds the document lock only while it starts and
// while it writes, so its start record also claims the spreadsheet in between: every other refresh
// (another sidebar, the menu, the nightly) is refused while a claim is live, as it is refused while another
// holds the lock. A claim lives at most one execution's time (the parts'), so a sidebar closed midway does
// not block refreshes for long; its start record then reports it as stopped.
// platform/refresh-start.ts builds the port.
import {
  EXECUTION_LIMIT_MS,
  parseRefreshStart,
  REFRESH_START_PROPERTY,
  type RefreshStart,
  recordStopped,
  STATUS_PROPERTY,
  type StatusBook,
  stoppedMessage,
} from '../refresh';
import { NIGHTLY_RUN_PROPERTY, nightlyRunToStored } from './nightly';
import type { NightlyRun } from './sidebar-state';
import { type NextRecord, notKeptNote } from './status-record';

/** The document store, as the start record uses it. */
export interface DocumentRecords {
  getProperty(key: string): string | null;
  setProperty(key: string, value: string): void;
  deleteProperty(key: string): void;
}

export interface RefreshStartPort {
  now(): number;
  /** Where the record is read: the document store, or what a caller read of it whole. */
  read(): Pick<DocumentRecords, 'getProperty'>;
  /** The document store, to write. */
  store(): DocumentRecords;
  /** How much the store can still hold under this key (Infinity: document properties, unbounded here). */
  roomFor(key: string): number;
  /** The time zone the spreadsheet shows its times in. */
  sheetZone(): string;
  /** An instant as the author reads it in banners, in `timeZone`. */
  sheetTime(timeZone: string, ms: number): string;
  loadStatusBook(): StatusBook;
  /** Returns what the storage had no room for, as the Status tab says it (null: all kept whole); `next`:
   * the record written right after, kept its room first (core/flows/status-record.ts). */
  saveStatusBook(book: StatusBook, next?: NextRecord): string | null;
}

const storedStart = (port: RefreshStartPort): RefreshStart | null =>
  parseRefreshStart(port.read().getProperty(REFRESH_START_PROPERTY));

/** A start record the sidebar may report without the lock: once the 6 minutes are surely over. */
function surelyStopped(start: RefreshStart | null, now: number): start is RefreshStart {
  return start !== null && now - start.startedAt > EXECUTION_LIMIT_MS;
}

/** `when`: the start in the sheet's time zone; `notKept`: what the storage had no room for. */
function stoppedRun(start: RefreshStart, when: string, notKept: string | null = null): NightlyRun {
  const message = stoppedMessage(start, when);
  return {
    at: new Date(start.startedAt).toISOString(),
    ok: false,
    message: notKept ? `${message} ${notKept}` : message,
  };
}

/** Under the refresh lock, so a record still there is one no running execution owns: record it, the
 * history giving up room for `next`, the start record that takes its place (a claim with this note in it).
 * With none, a claim that has no room is given it the same way. Returns what the storage had no room for
 * (null: all kept whole), said as the refresh sequence says it on the Status tab; a stopped night says it
 * in its own outcome too. */
export function recordStoppedRefresh(port: RefreshStartPort, next: RefreshStart): string | null {
  const noted = next.claim
    ? { ...next, claim: { ...next.claim, notKept: notKeptNote([STATUS_PROPERTY]) } }
    : next;
  const after: NextRecord = [REFRESH_START_PROPERTY, JSON.stringify(noted).length];
  const start = storedStart(port);
  if (!start) {
    const short = next.claim && after[1] > port.roomFor(REFRESH_START_PROPERTY);
    return short ? port.saveStatusBook(port.loadStatusBook(), after) : null;
  }
  const when = port.sheetTime(port.sheetZone(), start.startedAt);
  const notKept = port.saveStatusBook(recordStopped(port.loadStatusBook(), start, when), after);
  const properties = port.store();
  if (start.origin === 'nightly') {
    properties.setProperty(NIGHTLY_RUN_PROPERTY, nightlyRunToStored(stoppedRun(start, when, notKept)));
  }
  properties.deleteProperty(REFRESH_START_PROPERTY);
  return notKept;
}

/** Whether the record was kept: the add-on's metadata leaves out one it has no room for. */
export function noteRefreshStart(start: RefreshStart, port: RefreshStartPort): boolean {
  const text = JSON.stringify(start);
  port.store().setProperty(REFRESH_START_PROPERTY, text);
  return text.length <= port.roomFor(REFRESH_START_PROPERTY);
}

export function clearRefreshStart(port: RefreshStartPort): void {
  port.store().deleteProperty(REFRESH_START_PROPERTY);
}

/** The start record of a refresh that may still be running (younger than an execution lives), or null.
 * Its `claim`, when it has one, is a sidebar refresh whose parts are fetching (each part one execution at
 * most; the finish holds the document lock itself). Without a claim, in the add-on build, it is another
 * editor's night, which holds only its own user lock (the bound build's refreshes all share one lock).
 * Read under the lock; ours, written by beginRefresh: as trusted as the rest of the record. */
export function liveStart(port: RefreshStartPort): RefreshStart | null {
  const start = storedStart(port);
  return start && port.now() - start.startedAt < EXECUTION_LIMIT_MS ? start : null;
}

/** For the sidebar: a refresh of any origin stopped since, once its 6 minutes are surely over. */
export function stoppedRefreshNote(port: RefreshStartPort): string | undefined {
  const start = storedStart(port);
  return surelyStopped(start, port.now())
    ? stoppedMessage(start, port.sheetTime(port.sheetZone(), start.startedAt))
    : undefined;
}

/** The sidebar's last night: a night stopped since the last recorded run (no lock held, so only once
 * the 6 minutes are surely over). */
export function lastNightWithStopped(
  last: NightlyRun | null,
  timeZone: string,
  port: RefreshStartPort,
): NightlyRun | null {
  const start = storedStart(port);
  if (!surelyStopped(start, port.now()) || start.origin !== 'nightly') return last;
  if (last && Date.parse(last.at) >= start.startedAt) return last;
  return stoppedRun(start, port.sheetTime(timeZone, start.startedAt));
}
