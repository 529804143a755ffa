// The figures the Books tab holds when the night's refresh starts (core/flows/books-before.ts decides
// when they are read and what a failure says): here, the Books tab found in the refresh's directory and
// its block read in one call (written-tab.ts; npm run bench counts them in the nightly refresh).

import { booksBefore as booksBeforeOf } from '../../core/flows/books-before';
import type { BooksBefore } from '../../core/morning';
import type { TabId } from '../../core/tab-ids';
import type { TabDirectory } from './directory';
import { writtenTab } from './written-tab';

export function booksBefore(
  directory: TabDirectory,
  /** A nightly refresh, or npm start's in its stead: the others compare nothing. */
  compares: boolean,
  tabs: readonly TabId[],
  inSheetTime: (ms: number) => string,
): BooksBefore {
  const findBooks = () => writtenTab(directory, 'books-report');
  return booksBeforeOf({ findBooks, inSheetTime }, compares, tabs);
}
