// A refresh that Apps Script stopped at its time limit records nothing itself: no finally block runs in
// a killed execution. So a refresh writes a start record before its first request and removes it when it
// has recorded its outcome; a start record found later is a refresh that was stopped, and says so.

import { isObject, parseJson } from '../base/unknown';
import type { TabChoice } from '../tab-ids';
import { REFRESH_ORIGINS, type RefreshOrigin } from './origin';
import { recordRefresh, type StatusBook } from './status';
import { failedOutcome } from './write-policy';

export const REFRESH_START_PROPERTY = 'royalties.refresh.started';
/** Apps Script ends an execution (menu, sidebar, trigger) after 6 minutes. */
export const EXECUTION_LIMIT_MS = 6 * 60_000;

export interface RefreshStart {
  readonly origin: RefreshOrigin;
  /** ms since the epoch. */
  readonly startedAt: number;
  readonly tabs: readonly TabChoice[];
  /** A sidebar refresh in parts (platform/refresh-parts.ts): its run id and how many parts the sidebar was
   * told to ask for. Its parts hold no lock, so while the record is younger than an execution lives it is
   * the run's claim on the spreadsheet: every other refresh is refused. `notKept`: what the storage had no
   * room for when its start recorded a stopped refresh, for its finish to say (the Status tab's words). */
  readonly claim?: { readonly runId: string; readonly parts: number; readonly notKept?: string };
}

/** Ours, written by noteRefreshStart: anything unreadable counts as no record. */
export function parseRefreshStart(json: string | null): RefreshStart | null {
  const raw = parseJson(json);
  return isObject(raw) &&
    typeof raw.startedAt === 'number' &&
    Array.isArray(raw.tabs) &&
    (REFRESH_ORIGINS as readonly unknown[]).includes(raw.origin)
    ? (raw as unknown as RefreshStart)
    : null;
}

/** `when` is the start in the sheet's time zone. */
export function stoppedMessage(start: RefreshStart, when: string): string {
  return `The ${start.origin} refresh started ${when} was stopped by Apps Script's 6-minute limit: nothing was updated.`;
}

/** The stopped refresh as a failure of every tab it was refreshing, at the time it started. */
export function recordStopped(book: StatusBook, start: RefreshStart, when: string): StatusBook {
  const error = stoppedMessage(start, when);
  return recordRefresh(
    book,
    start.tabs.map((tab) => failedOutcome(tab, null, error)),
    start.startedAt,
  );
}
