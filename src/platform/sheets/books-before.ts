// The figures the Books tab holds when the night's refresh starts, before it is rewritten: the books that
// moved most are ranked against them. One read of the block the mark says was written (getRange and
// getValues: npm run bench counts them in the nightly refresh); columns by their places, as the writer
// keeps them.

import { messageOf } from '../../core/base/unknown';
import { BOOKS_NOT_CHOSEN, type BooksBefore, FIRST_REFRESH, NOT_NIGHTLY } from '../../core/morning';
import type { CellValue } from '../../core/report';
import type { TabId } from '../../core/tab-ids';
import { HEADER_ROWS } from '../../core/tabs';
import type { TabDirectory } from './directory';

export function booksBefore(
  directory: TabDirectory,
  /** A nightly refresh, or npm start's in its stead: the others compare nothing. */
  compares: boolean,
  tabs: readonly TabId[],
  inSheetTime: (ms: number) => string,
): BooksBefore {
  if (!compares || !tabs.includes('books-report')) return { why: compares ? BOOKS_NOT_CHOSEN : NOT_NIGHTLY };
  try {
    const owned = directory.find('books-report');
    if (!owned) return { why: FIRST_REFRESH };
    const { columns, blockRows, dataAt, basis } = owned.mark;
    if (!dataAt || blockRows <= HEADER_ROWS || !columns.length) return { why: FIRST_REFRESH };
    const rows = owned.sheet
      .getRange(HEADER_ROWS + 1, 1, blockRows - HEADER_ROWS, columns.length)
      .getValues() as CellValue[][];
    return { at: inSheetTime(dataAt), basis: basis || null, columns, rows };
  } catch (error) {
    return { why: `the Books tab could not be read: ${messageOf(error)}` };
  }
}
