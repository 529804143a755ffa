// The Status tab and the history behind it (document properties: every editor sees the same history),
// over the document store and the tab writer; what is kept, cut to what room, and what the tab shows are
// core/flows/status-record.ts's.
import type { Alert, AlertRecords } from '../../core/alerts';
import type { Check } from '../../core/checks';
import {
  mismatchesOf,
  type NextRecord,
  saveStatusRecords,
  statusBookOf,
  writeStatusTabWith,
} from '../../core/flows/status-record';
import type { StatusBook } from '../../core/refresh';
import type { Banner, StoredMismatch } from '../../core/tabs';
import { documentStore, roomFor, type StoredValues } from '../document';
import type { TabDirectory } from './directory';
import { writeTableTab } from './writer';

export function loadStatusBook(document: StoredValues = documentStore()): StatusBook {
  return statusBookOf(document);
}

/** `checks`: the refresh's reconciliation; what does not add up is kept beside the book (one call for
 * both) for the sidebar's warnings, with the alerts' records. Left out, only the book is written. `next`:
 * the record written right after, kept room for. Returns what the Status tab says of records the storage
 * had no room for (null: none). */
export function saveStatusBook(
  book: StatusBook,
  checks?: readonly Check[],
  alerts?: AlertRecords,
  next?: NextRecord,
): string | null {
  const store = documentStore();
  return saveStatusRecords(
    { roomFor, setProperties: (values) => store.setProperties(values) },
    book,
    checks,
    alerts,
    next,
  );
}

/** The last refresh's checks that did not add up (the sidebar's warnings). */
export function loadMismatches(document: StoredValues = documentStore()): StoredMismatch[] {
  return mismatchesOf(document);
}

/** Ours and marked like every report tab, written the same way (one block, batched formats); the Checks
 * and Alerts blocks below the tabs, in the same write. */
export function writeStatusTab(
  directory: TabDirectory,
  book: StatusBook,
  banner: Banner,
  at: number,
  checks: readonly Check[] = [],
  alerts: readonly Alert[] = [],
): void {
  writeStatusTabWith(
    (table, tabBanner, when) => writeTableTab(directory, 'status', table, tabBanner, when),
    { book, banner, at },
    checks,
    alerts,
  );
}
