// The Status tab and the history behind it (document properties: every editor sees the same history).
import { type Alert, type AlertRecords, alertRecordKeys, alertRecordTexts } from '../../core/alerts';
import type { Check } from '../../core/checks';
import {
  MAX_STATUS_BYTES,
  parseStatusBook,
  STATUS_PROPERTY,
  type StatusBook,
  statusBookText,
  statusTable,
} from '../../core/refresh';
import {
  type Banner,
  CHECKS_PROPERTY,
  mismatchesText,
  type StoredMismatch,
  storedMismatches,
} from '../../core/tabs';
import { documentStore, roomFor, type StoredValues } from '../document';
import type { TabDirectory } from './directory';
import { writeTableTab } from './writer';

export function loadStatusBook(document: StoredValues = documentStore()): StatusBook {
  return parseStatusBook(document.getProperty(STATUS_PROPERTY));
}

/** `checks`: the refresh's reconciliation; what does not add up is kept beside the book (one call for
 * both) for the sidebar's warnings. Left out, only the book is written. */
export function saveStatusBook(book: StatusBook, checks?: readonly Check[], alerts?: AlertRecords): void {
  // The add-on build keeps them all in the spreadsheet's metadata, whose room is shared: the history first,
  // then the checks, then the alerts' records.
  const room = roomFor(STATUS_PROPERTY, ...(checks ? [CHECKS_PROPERTY] : []), ...alertRecordKeys(alerts));
  const status = statusBookText(book, Math.min(MAX_STATUS_BYTES, room));
  const mismatches = checks && mismatchesText(checks, Math.min(8000, room - status.length));
  documentStore().setProperties({
    [STATUS_PROPERTY]: status,
    ...(mismatches !== undefined && { [CHECKS_PROPERTY]: mismatches }),
    ...alertRecordTexts(alerts, room - status.length - (mismatches?.length ?? 0)),
  });
}

/** The last refresh's checks that did not add up (the sidebar's warnings). */
export function loadMismatches(document: StoredValues = documentStore()): StoredMismatch[] {
  return storedMismatches(document.getProperty(CHECKS_PROPERTY));
}

/** Ours and marked like every report tab, written the same way (one block, batched formats); the Checks
 * block below the tabs, in the same write. */
export function writeStatusTab(
  directory: TabDirectory,
  book: StatusBook,
  banner: Banner,
  at: number,
  checks: readonly Check[] = [],
  alerts: readonly Alert[] = [],
): void {
  writeTableTab(directory, 'status', statusTable(book, checks, alerts), banner, at);
}
