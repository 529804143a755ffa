// Series economics: what a reader who starts a series at book 1 is worth, from the API's figures only.
// Readers and read-through come from each series' read-through report; the series' royalties are the sum
// of its books' royalties in the books report (by the row's series id, or by the books the series lists).

import { numberOrNull } from '../base/unknown';
import { measureAt } from '../figures/measure-at';
import { columnOf, idPairs, idText, ratio, roundMoney, SERIES_ID } from '../report/table-reader';
import type { DashboardSources } from './sources';

export interface SeriesBook {
  readonly position: number | null;
  /** Its title, else its id. */
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
  readonly name: string;
  /** In reading order; never empty (a series is known by its rows). */
  readonly books: readonly SeriesBook[];
  readonly firstReaders: number | null;
  readonly royalties: number | null;
}

const BOOK_ID = ['book_id', 'id', 'books.book_id', 'asin'];
const FROM_FIRST = ['read_through_from_first', 'read_through_from_book_1', 'read_through_from_start'];

/** Sum of the royalties of the books report's rows that belong to each series; a series with a row whose
 * royalties were not sent is missing (never the sum of some of its books), as is one with no row. */
function seriesRoyalties(sources: DashboardSources): Map<string, number | null> {
  const { books } = sources;
  const royalties = measureAt(books, 'royalties');
  const seriesAt = columnOf(books, SERIES_ID);
  const bookAt = columnOf(books, BOOK_ID);
  // Without series ids in the books report: the series of each book, as /series and the read-through rows list them.
  const seriesOf = new Map<string, Set<string>>();
  if (seriesAt < 0) {
    for (const table of [sources.series, sources.readThrough]) {
      for (const [series, book] of idPairs(table, SERIES_ID, BOOK_ID))
        seriesOf.set(book, new Set(seriesOf.get(book)).add(series));
    }
  }
  const out = new Map<string, number | null>();
  books.rows.forEach((row, i) => {
    const value = royalties(i);
    const owners =
      seriesAt >= 0 ? [idText(row[seriesAt])] : (seriesOf.get(idText(row[bookAt]) as string) ?? []);
    for (const series of owners) {
      if (series === null) continue;
      const sum = out.get(series);
      out.set(
        series,
        value === null || sum === null ? null : roundMoney((sum ?? 0) + value, books.meta.currency),
      );
    }
  });
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
  const at = (i: number) => table.rows[i]!;
  const positionOf = (i: number) => numberOrNull(at(i)[positionAt]);

  // Each series' rows, in the order the series first appear.
  const rowsOf = new Map<string, number[]>();
  table.rows.forEach((row, i) => {
    const id = idText(row[idAt]);
    if (id !== null) rowsOf.set(id, [...(rowsOf.get(id) ?? []), i]);
  });

  return [...rowsOf].map(([id, rows]) => {
    // Reading order: by position when the API sends one, else as sent.
    const sorted = [...rows].sort((a, b) => (positionOf(a) ?? a) - (positionOf(b) ?? b));
    // Book 1 is the row at position 1 when the API sends this series' positions: a series whose book 1 is
    // not in the answer has no book-one figures (never book 2's readers taken for them). Without, as sent.
    const positioned = rows.some((i) => positionOf(i) !== null);
    const firstRow = positioned ? sorted.find((i) => positionOf(i) === 1) : sorted[0];
    const first = firstRow === undefined ? null : readers(firstRow);
    return {
      name: idText(at(rows[0]!)[nameAt]) || id,
      books: sorted.map((i): SeriesBook => {
        const read = readers(i);
        return {
          position: positionOf(i),
          title: idText(at(i)[titleAt]) || idText(at(i)[bookAt]),
          readers: read,
          fromPrevious: fromPrevious(i),
          fromFirst: numberOrNull(at(i)[fromFirstAt]) ?? ratio(read, first),
          beyondFirst: i !== firstRow && read !== null && first !== null && read > first,
          isFirst: i === firstRow,
        };
      }),
      firstReaders: first,
      royalties: royalties.get(id) ?? null,
    };
  });
}
