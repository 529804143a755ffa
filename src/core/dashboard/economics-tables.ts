// The dashboard's tables under the what-if rate: series economics, each series book by book, and book
// economics; figures the API did not send shown as missing, ratios with no meaning as not applicable.
import { moneyDecimals } from '../report';
import { PLAIN_FORMAT } from '../tabs/formats';
import type { BookEconomics } from './books';
import {
  type Cell,
  COUNT_FORMAT,
  DECIMAL_FORMAT,
  formatOf,
  type GridBuilder,
  MISSING,
  notApplicable,
  number,
  PERCENT_FORMAT,
  text,
} from './grid';
import type { SeriesEconomics } from './series';

/** In place of a read-through over 100%: a later book with more readers than book 1. */
export const MORE_READERS_THAN_FIRST = 'more readers than book 1: readers may start this series later';

/** Where each table's title sits (its data rows start two rows below). */
interface TableTops {
  readonly series: number;
  readonly byBook: number;
  readonly books: number;
}

/** A read-through from book 1, or why a later book has more readers than book 1. */
function fromFirstCell(value: number | null, beyondFirst: boolean): Cell {
  return beyondFirst
    ? { value: MORE_READERS_THAN_FIRST, format: PLAIN_FORMAT }
    : number(value, PERCENT_FORMAT);
}

/** "At most 4.12 USD per book-one reader": the sentence beside the figure, in the report's currency. */
function breakEvenText(perReader: number | null, currency: string | null): string {
  if (perReader === null) return MISSING;
  const amount = perReader.toFixed(moneyDecimals(currency || ''));
  return `At most ${amount}${currency ? ` ${currency}` : ''} per book-one reader to break even`;
}

/** The three tables, the first titled at `top`. */
export function economicsTables(
  grid: GridBuilder,
  top: number,
  series: readonly SeriesEconomics[],
  books: readonly BookEconomics[],
  currency: string | null,
): TableTops {
  const money = formatOf('money', currency);
  const seriesTop = top;
  let row = grid.table(
    top,
    'Series economics',
    [
      'Series',
      'Readers of book 1',
      'Read-through, book 1 to last',
      'Royalties of the series',
      'Earnings per book-one reader',
      'What it means for ads',
    ],
    series.map((s) => [
      text(s.name),
      number(s.firstReaders, COUNT_FORMAT),
      fromFirstCell(s.throughToLast, s.lastBeyondFirst),
      number(s.royalties, money),
      s.firstReaders === 0 ? notApplicable : number(s.perFirstReader, money),
      s.firstReaders === 0 ? notApplicable : text(breakEvenText(s.perFirstReader, currency)),
    ]),
  );
  const byBookTop = row;
  row = grid.table(
    row,
    'Series read-through, book by book',
    ['Series', 'Book', 'Position', 'Readers', 'Read-through from previous book', 'Read-through from book 1'],
    series.flatMap((s) =>
      s.books.map((b) => [
        text(s.name),
        text(b.title ?? b.bookId),
        number(b.position, COUNT_FORMAT),
        number(b.readers, COUNT_FORMAT),
        b.isFirst && b.fromPrevious === null ? notApplicable : number(b.fromPrevious, PERCENT_FORMAT),
        fromFirstCell(b.fromFirst, b.beyondFirst),
      ]),
    ),
  );
  const booksTop = row;
  grid.table(
    row,
    'Book economics',
    [
      'Book',
      'Series',
      'Royalties',
      'Ad spend',
      'Net profit',
      'TACoS (ad spend ÷ royalties)',
      'KENP pages read',
      'Estimated borrows (pages ÷ KENPC)',
    ],
    books.map((b) => [
      text(b.title),
      { value: b.series ?? '', format: PLAIN_FORMAT },
      number(b.royalties, money),
      number(b.adSpend, money),
      number(b.netProfit, money),
      // A share of no royalties has no meaning; a share of royalties not sent is missing.
      b.tacos === null && b.royalties !== null && b.adSpend !== null
        ? notApplicable
        : number(b.tacos, PERCENT_FORMAT),
      number(b.kenpPages, COUNT_FORMAT),
      number(b.borrows, DECIMAL_FORMAT),
    ]),
  );
  return { series: seriesTop, byBook: byBookTop, books: booksTop };
}
