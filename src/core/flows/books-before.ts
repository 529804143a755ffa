// The figures the Books tab holds when the night's refresh starts, before it is rewritten: the books that
// moved most are ranked against them (core/morning/movers.ts). Only a nightly refresh that refreshes the
// Books tab compares; a tab never written compares nothing; a tab that cannot be read is said plainly,
// never a failed refresh. One read of the block the mark says was written; columns by their places, as
// the writer keeps them. platform/sheets/books-before.ts reads the sheet.
import { plainMessageOf } from '../google-faults';
import { BOOKS_NOT_CHOSEN, type BooksBefore, FIRST_REFRESH, NOT_NIGHTLY } from '../morning';
import type { TabId } from '../tab-ids';
import { HEADER_ROWS, type WrittenTab, writtenRows } from '../tabs';

export interface BooksBeforePort {
  /** Our Books tab; undefined when there is none yet (throws as Google does). */
  findBooks(): WrittenTab | undefined;
  /** An instant in the sheet's time ("2026-11-23 05:00"). */
  inSheetTime(ms: number): string;
}

export function booksBefore(
  port: BooksBeforePort,
  /** A nightly refresh, or npm start's in its stead: the others compare nothing. */
  compares: boolean,
  tabs: readonly TabId[],
): BooksBefore {
  if (!compares || !tabs.includes('books-report')) return { why: compares ? BOOKS_NOT_CHOSEN : NOT_NIGHTLY };
  try {
    const owned = port.findBooks();
    if (!owned) return { why: FIRST_REFRESH };
    const { columns, blockRows, dataAt, basis } = owned.mark;
    if (!dataAt || blockRows <= HEADER_ROWS || !columns.length) return { why: FIRST_REFRESH };
    return { at: port.inSheetTime(dataAt), basis: basis || null, columns, rows: writtenRows(owned) };
  } catch (error) {
    return { why: `the Books tab could not be read: ${plainMessageOf(error)}` };
  }
}
