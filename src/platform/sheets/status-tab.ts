// The Status tab and the history behind it (document properties: every editor sees the same history).
import type { Check } from '../../core/checks';
import {
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
import { documentStore } from '../document';
import type { TabDirectory } from './directory';
import { writeTableTab } from './writer';

export function loadStatusBook(): StatusBook {
  return parseStatusBook(documentStore().getProperty(STATUS_PROPERTY));
}

/** `checks`: the refresh's reconciliation; what does not add up is kept beside the book (one call for
 * both) for the sidebar's warnings. Left out, only the book is written. */
export function saveStatusBook(book: StatusBook, checks?: readonly Check[]): void {
  const store = documentStore();
  if (checks === undefined) store.setProperty(STATUS_PROPERTY, statusBookText(book));
  else
    store.setProperties({
      [STATUS_PROPERTY]: statusBookText(book),
      [CHECKS_PROPERTY]: mismatchesText(checks),
    });
}

/** The last refresh's checks that did not add up (the sidebar's warnings). */
export function loadMismatches(): StoredMismatch[] {
  return storedMismatches(documentStore().getProperty(CHECKS_PROPERTY));
}

/** Ours and marked like every report tab, written the same way (one block, batched formats); the Checks
 * block below the tabs, in the same write. */
export function writeStatusTab(
  directory: TabDirectory,
  book: StatusBook,
  banner: Banner,
  at: number,
  checks: readonly Check[] = [],
): void {
  writeTableTab(directory, 'status', statusTable(book, checks), banner, at);
}
