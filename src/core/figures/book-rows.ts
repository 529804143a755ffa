// The books report read book by book, for the alerts and the dashboard's book economics: each row's id,
// title and series as sent, and the figures asked for, each under the name the caller gives its measure.
import type { ReportTable } from '../report';
import { BOOK_ID, BOOK_TITLE, columnOf, idText, SERIES_ID } from '../report/table-reader';
import type { Measure } from './catalogue';
import { measureAt } from './measure-at';

export type BookRow<Name extends string> = {
  /** The book's id as sent; null when the row has none. */
  readonly bookId: string | null;
  /** What tells it from the others: its id, else its title, else its row ("Row 3"). */
  readonly id: string;
  /** What names it: its title, else its id, else its row. */
  readonly title: string;
  readonly seriesId: string | null;
} & {
  /** Each figure asked for; null when the row has none or the report no such column. */
  readonly [name in Name]: number | null;
};

export function bookRows<Name extends string>(
  table: ReportTable,
  figures: Readonly<Record<Name, Measure>>,
): BookRow<Name>[] {
  const readers = Object.entries<Measure>(figures).map(
    ([name, measure]) => [name, measureAt(table, measure)] as const,
  );
  const idAt = columnOf(table, BOOK_ID);
  const titleAt = columnOf(table, BOOK_TITLE);
  const seriesAt = columnOf(table, SERIES_ID);
  return table.rows.map((row, i) => {
    const bookId = idText(row[idAt]);
    const title = idText(row[titleAt]);
    const placeholder = `Row ${i + 1}`;
    return {
      bookId,
      id: bookId || title || placeholder,
      title: title || bookId || placeholder,
      seriesId: idText(row[seriesAt]),
      ...Object.fromEntries(readers.map(([name, at]) => [name, at(i)])),
    } as BookRow<Name>;
  });
}
