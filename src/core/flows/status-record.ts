// The Status tab's records and table: the status book read and saved beside the checks that do not add up
// and the alerts' records, in one write cut to the room the store has (the add-on's metadata is shared:
// the history first, then the checks, then the alerts' records; but the checks' count is kept before the
// history, so the sidebar can always say that reports do not add up, and so is the room of the record
// written right after: a sidebar refresh's claim, the last refresh's record); and the table the tab shows.
// platform/sheets/status-tab.ts builds the ports.
import {
  ALERTS_RAISED_PROPERTY,
  type Alert,
  type AlertRecords,
  alertRecordKeys,
  alertRecordTexts,
  SALES_BASELINE_PROPERTY,
} from '../alerts';
import type { Check } from '../checks';
import {
  MAX_STATUS_BYTES,
  parseStatusBook,
  STATUS_PROPERTY,
  type StatusBook,
  statusBookText,
  statusTable,
} from '../refresh';
import type { ReportTable } from '../report';
import { type Banner, CHECKS_PROPERTY, mismatchesText, type StoredMismatch, storedMismatches } from '../tabs';

const MAX_CHECKS_CHARS = 8000;

export interface StatusStore {
  getProperty(key: string): string | null;
}

export interface StatusWrite {
  /** Characters the records under `keys` may take together beside everything else stored. */
  roomFor(...keys: string[]): number;
  setProperties(values: Record<string, string>): void;
}

export function statusBookOf(document: StatusStore): StatusBook {
  return parseStatusBook(document.getProperty(STATUS_PROPERTY));
}

export function mismatchesOf(document: StatusStore): StoredMismatch[] {
  return storedMismatches(document.getProperty(CHECKS_PROPERTY));
}

/** What each record keeps, for the Status tab's note on those not kept whole. */
const RECORD_NAMES: Readonly<Record<string, string>> = {
  [STATUS_PROPERTY]: "the tabs' last refreshes",
  [CHECKS_PROPERTY]: 'the checks that do not add up',
  [ALERTS_RAISED_PROPERTY]: 'the alerts told (some may be told again)',
  [SALES_BASELINE_PROPERTY]: "the books' usual sales",
};

/** The records' texts within `room` characters together: the book first (less the checks at their
 * shortest), then the checks, then the alerts' records, each cut to what is left, or empty (read as none)
 * when not even that fits. */
function recordTexts(
  room: number,
  book: StatusBook,
  checks: readonly Check[] | undefined,
  alerts: AlertRecords | undefined,
): Record<string, string> {
  let left = room;
  const within = (text: string) => {
    const kept = text.length <= left ? text : '';
    left -= kept.length;
    return kept;
  };
  // The checks' count alone is room the book never takes: the sidebar's warnings are never silent on them.
  const least = checks ? mismatchesText(checks, 0).length : 0;
  left -= least;
  const status = within(statusBookText(book, Math.min(MAX_STATUS_BYTES, left)));
  left += least;
  const mismatches = checks && within(mismatchesText(checks, Math.min(MAX_CHECKS_CHARS, left)));
  return {
    [STATUS_PROPERTY]: status,
    ...(mismatches !== undefined && { [CHECKS_PROPERTY]: mismatches }),
    ...alertRecordTexts(alerts, left),
  };
}

/** The Status tab's sentence naming the records under `keys`, not kept whole for lack of room. */
export function notKeptNote(keys: readonly string[]): string {
  return `Add-on storage full, not kept whole: ${keys.map((key) => RECORD_NAMES[key]).join('; ')}.`;
}

/** A record the caller writes right after, and the characters it takes. */
export type NextRecord = readonly [key: string, chars: number];

/** `checks` left out: only the book (and the alerts' records given) are written, in one write that never
 * passes the room the store has. `next`: a record written right after (a sidebar refresh's claim, the last
 * refresh's record), kept its room first when it can have it at all: the records here are cut for it.
 * Returns, for the Status tab, a sentence naming the records the room cut or left out (null: all kept
 * whole). */
export function saveStatusRecords(
  store: StatusWrite,
  book: StatusBook,
  checks?: readonly Check[],
  alerts?: AlertRecords,
  next?: NextRecord,
): string | null {
  const keys = [STATUS_PROPERTY, ...(checks ? [CHECKS_PROPERTY] : []), ...alertRecordKeys(alerts)];
  // The next record's old value is room it takes back; where it cannot fit even so, nothing is cut for it.
  const besideNext = next ? store.roomFor(...keys, next[0]) - next[1] : -1;
  const room = Math.min(store.roomFor(...keys), besideNext < 0 ? Infinity : besideNext);
  const whole = recordTexts(Infinity, book, checks, alerts);
  const size = Object.values(whole).reduce((n, text) => n + text.length, 0);
  const texts = size <= room ? whole : recordTexts(room, book, checks, alerts);
  store.setProperties(texts);
  const cut = Object.keys(texts).filter((key) => texts[key] !== whole[key]);
  return cut.length ? notKeptNote(cut) : null;
}

/** The Status tab written: its table (the tabs, then the Checks and Alerts blocks) handed to the writer. */
export function writeStatusTabWith(
  write: (table: ReportTable, banner: Banner, at: number) => void,
  status: { book: StatusBook; banner: Banner; at: number },
  checks: readonly Check[] = [],
  alerts: readonly Alert[] = [],
): void {
  write(statusTable(status.book, checks, alerts), status.banner, status.at);
}
