// Series economics: what a reader who starts a series at book 1 is worth, from the API's figures only.
// Readers and read-through come from each series' read-through report; the series' royalties are the sum
// of its books' royalties in the books report (by the row's series id, or by the books the series lists).
import { moneyDecimals, type ReportTable } from '../report';
import {
  columnOf,
  type DashboardSources,
  idPairs,
  idText,
  measureAt,
  numberOrNull,
  roundTo,
  SERIES_ID,
} from './sources';

interface SeriesBook {
  readonly position: number | null;
  readonly bookId: string | null;
  readonly title: string | null;
  readonly readers: number | null;
  /** As the API sent it (fraction 0..1 of the previous book's readers). */
  readonly fromPrevious: number | null;
  /** The API's read-through from book 1 when it sends one, else readers of this book ÷ readers of book 1. */
  readonly fromFirst: number | null;
  /** More readers than book 1 (readers who start the series later, a free later book, a box set): no ratio
   * over 100% is shown for it, but why. */
  readonly beyondFirst: boolean;
  /** Book 1 has no previous book: its read-through from the previous one does not apply. */
  readonly isFirst: boolean;
}

export interface SeriesEconomics {
  readonly id: string;
  readonly name: string;
  readonly books: readonly SeriesBook[];
  readonly firstReaders: number | null;
  /** The last book's read-through from book 1 (as for each book). */
  readonly throughToLast: number | null;
  /** The last book has more readers than book 1. */
  readonly lastBeyondFirst: boolean;
  readonly royalties: number | null;
  /** Royalties of the series ÷ readers of book 1: also the most an ad may cost per book-one reader to break even. */
  readonly perFirstReader: number | null;
}

const BOOK_ID = ['book_id', 'id', 'books.book_id', 'asin'];
const FROM_FIRST = ['read_through_from_first', 'read_through_from_book_1', 'read_through_from_start'];

function ratio(top: number | null, bottom: number | null): number | null {
  return top !== null && bottom !== null && bottom > 0 ? top / bottom : null;
}

/** The books each series lists (from /series and the read-through rows), for a books report without series ids. */
function membership(tables: readonly ReportTable[]): Map<string, Set<string>> {
  const members = new Map<string, Set<string>>();
  for (const table of tables) {
    for (const [series, book] of idPairs(table, SERIES_ID, BOOK_ID)) {
      if (!members.has(series)) members.set(series, new Set());
      members.get(series)!.add(book);
    }
  }
  return members;
}

/** Sum of the royalties of the books report's rows that belong to each series; a series with none, or with
 * a row whose royalties were not sent, is missing (never the sum of some of its books). */
function seriesRoyalties(sources: DashboardSources): Map<string, number> {
  const { books } = sources;
  const royalties = measureAt(books, 'royalties');
  const out = new Map<string, number>();
  const seriesAt = columnOf(books, SERIES_ID);
  const bookAt = columnOf(books, BOOK_ID);
  const members = seriesAt < 0 ? membership([sources.series, sources.readThrough]) : new Map();
  const decimals = moneyDecimals(books.meta.currency || '');
  const incomplete = new Set<string>();
  books.rows.forEach((row, i) => {
    const value = royalties(i);
    const owners: string[] = [];
    if (seriesAt >= 0) {
      const id = idText(row[seriesAt]);
      if (id !== null) owners.push(id);
    } else {
      const book = idText(row[bookAt]);
      for (const [series, set] of members) if (book !== null && set.has(book)) owners.push(series);
    }
    for (const series of owners) {
      if (value === null) incomplete.add(series);
      else out.set(series, roundTo((out.get(series) ?? 0) + value, decimals));
    }
  });
  for (const series of incomplete) out.delete(series);
  return out;
}

export function seriesEconomics(sources: DashboardSources): SeriesEconomics[] {
  const table = sources.readThrough;
  const idAt = columnOf(table, ['series_id']);
  const nameAt = columnOf(table, ['series_name']);
  const positionAt = columnOf(table, ['position', 'series_position', 'book_position']);
  const bookAt = columnOf(table, BOOK_ID);
  const titleAt = columnOf(table, ['title', 'book_title']);
  const readers = measureAt(table, 'readers');
  const fromPrevious = measureAt(table, 'read_through');
  const fromFirstAt = columnOf(table, FROM_FIRST);
  const royalties = seriesRoyalties(sources);

  const order: string[] = [];
  const rowsOf = new Map<string, { name: string; rows: number[] }>();
  table.rows.forEach((row, i) => {
    const id = idText(row[idAt]);
    if (id === null) return;
    if (!rowsOf.has(id)) {
      order.push(id);
      rowsOf.set(id, { name: idText(row[nameAt]) ?? id, rows: [] });
    }
    rowsOf.get(id)!.rows.push(i);
  });

  return order.map((id) => {
    const { name, rows } = rowsOf.get(id)!;
    const at = (i: number) => table.rows[i]!;
    const positionOf = (i: number) => numberOrNull(at(i)[positionAt]);
    // Reading order: by position when the API sends one, else as sent.
    const sorted = [...rows].sort((a, b) => (positionOf(a) ?? a) - (positionOf(b) ?? b));
    // Book 1 is the row at position 1 when the API sends this series' positions: a series whose book 1 is
    // not in the answer has no book-one figures (never book 2's readers taken for them). Without, as sent.
    const positioned = positionAt >= 0 && rows.some((i) => positionOf(i) !== null);
    const firstRow = positioned ? sorted.find((i) => positionOf(i) === 1) : sorted[0];
    const first = firstRow === undefined ? null : readers(firstRow);
    const books = sorted.map((i): SeriesBook => {
      const read = readers(i);
      return {
        position: positionOf(i),
        bookId: idText(at(i)[bookAt]),
        title: idText(at(i)[titleAt]),
        readers: read,
        fromPrevious: fromPrevious(i),
        fromFirst: numberOrNull(at(i)[fromFirstAt]) ?? ratio(read, first),
        beyondFirst: i !== firstRow && read !== null && first !== null && read > first,
        isFirst: i === firstRow,
      };
    });
    const lastBook = books.length > 0 ? books[books.length - 1]! : null;
    const total = royalties.get(id) ?? null;
    return {
      id,
      name,
      books,
      firstReaders: first,
      throughToLast: lastBook?.fromFirst ?? null,
      lastBeyondFirst: lastBook?.beyondFirst ?? false,
      royalties: total,
      perFirstReader: ratio(total, first),
    };
  });
}
