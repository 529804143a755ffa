// The Status tab's records and table: the status book read and saved beside the checks that do not add up
// and the alerts' records, in one write cut to the room the store has (the add-on's metadata is shared:
// the history first, then the checks, then the alerts' records); and the table the tab shows.
// platform/sheets/status-tab.ts builds the ports.
import { type Alert, type AlertRecords, alertRecordKeys, alertRecordTexts } from '../alerts';
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

/** `checks` left out: only the book (and the alerts' records given) are written. */
export function saveStatusRecords(
  store: StatusWrite,
  book: StatusBook,
  checks?: readonly Check[],
  alerts?: AlertRecords,
): void {
  const room = store.roomFor(
    STATUS_PROPERTY,
    ...(checks ? [CHECKS_PROPERTY] : []),
    ...alertRecordKeys(alerts),
  );
  const status = statusBookText(book, Math.min(MAX_STATUS_BYTES, room));
  const mismatches = checks && mismatchesText(checks, Math.min(MAX_CHECKS_CHARS, room - status.length));
  store.setProperties({
    [STATUS_PROPERTY]: status,
    ...(mismatches !== undefined && { [CHECKS_PROPERTY]: mismatches }),
    ...alertRecordTexts(alerts, room - status.length - (mismatches?.length ?? 0)),
  });
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
