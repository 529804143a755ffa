// The dashboard's tables under the what-if rate: series economics, each series book by book, and book
// economics; figures the API did not send shown as missing, ratios with no meaning as not applicable.
import { type Alert, alertName, levelRank, levelWord } from '../alerts';
import { moneyDecimals } from '../report';
import { ratio } from '../report/table-reader';
import type { BookEconomics } from './books';
import {
  type Cell,
  COUNT_FORMAT,
  DECIMAL_FORMAT,
  formatOf,
  type GridBuilder,
  notApplicable,
  number,
  PERCENT_FORMAT,
  text,
} from './grid';
import type { SeriesBook, SeriesEconomics } from './series';

/** In place of a read-through over 100%: a later book with more readers than book 1. */
export const MORE_READERS_THAN_FIRST = 'more readers than book 1: readers may start this series later';

/** A book's read-through from book 1, or why it has more readers than book 1. */
function fromFirstCell(book: SeriesBook): Cell {
  return book.beyondFirst ? text(MORE_READERS_THAN_FIRST) : number(book.fromFirst, PERCENT_FORMAT);
}

/** The three tables, each after one blank row; returns the first data row of each (series economics, book
 * by book, book economics). */
export function economicsTables(
  grid: GridBuilder,
  series: readonly SeriesEconomics[],
  books: readonly BookEconomics[],
  currency: string | null,
  alerts: readonly Alert[] = [],
): [number, number, number] {
  const money = formatOf('money', currency);
  // The most serious alert on each series (ad spend is judged per series).
  const seriesAlert = new Map<string, Alert>();
  for (const a of alerts) {
    const was = a.series === undefined ? undefined : seriesAlert.get(a.series);
    if (a.series !== undefined && (!was || levelRank(a.level) > levelRank(was.level)))
      seriesAlert.set(a.series, a);
  }
  const seriesAt = grid.table(
    'Series economics',
    [
      'Series',
      'Readers of book 1',
      'Read-through, book 1 to last',
      'Royalties of the series',
      'Earnings per book-one reader',
      'What it means for ads',
      'Alert',
    ],
    series.map((s) => {
      // Royalties of the series ÷ readers of book 1: also the most an ad may cost per book-one reader to
      // break even, said beside it in the report's currency. Neither has a meaning without book-one readers.
      const perReader = ratio(s.royalties, s.firstReaders);
      const breakEven =
        perReader === null
          ? null
          : `At most ${perReader.toFixed(moneyDecimals(currency || ''))}${currency ? ` ${currency}` : ''} per book-one reader to break even`;
      return [
        text(s.name),
        number(s.firstReaders, COUNT_FORMAT),
        fromFirstCell(s.books[s.books.length - 1]!),
        number(s.royalties, money),
        ...(s.firstReaders === 0
          ? [notApplicable, notApplicable]
          : [number(perReader, money), text(breakEven)]),
        alertCell(seriesAlert.get(s.name)),
      ];
    }),
  );
  const byBookAt = grid.table(
    'Series read-through, book by book',
    ['Series', 'Book', 'Position', 'Readers', 'Read-through from previous book', 'Read-through from book 1'],
    series.flatMap((s) =>
      s.books.map((b) => [
        text(s.name),
        text(b.title),
        number(b.position, COUNT_FORMAT),
        number(b.readers, COUNT_FORMAT),
        b.isFirst && b.fromPrevious === null ? notApplicable : number(b.fromPrevious, PERCENT_FORMAT),
        fromFirstCell(b),
      ]),
    ),
  );
  const booksAt = grid.table(
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
      text(b.series || ''),
      number(b.royalties, money),
      number(b.adSpend, money),
      number(b.netProfit, money),
      // A share of no royalties has no meaning; a share of royalties not sent is missing.
      b.royalties !== null && b.royalties <= 0 && b.adSpend !== null
        ? notApplicable
        : number(ratio(b.adSpend, b.royalties), PERCENT_FORMAT),
      number(b.kenpPages, COUNT_FORMAT),
      number(b.borrows, DECIMAL_FORMAT),
    ]),
  );
  // Every alert, the books and series it names, its level and why: below the tables.
  if (alerts.length)
    grid.table(
      'Alerts (set the lines under Alerts in the sidebar)',
      ['Series or book', 'Level', 'What crossed a line'],
      alerts.map((a) => [text(alertName(a)), text(levelWord(a.level)), text(a.text)]),
    );
  return [seriesAt, byBookAt, booksAt];
}

/** A series' alert: its level, else nothing. */
function alertCell(alert: Alert | undefined): Cell {
  return text(alert ? `${levelWord(alert.level)}: see Alerts below` : '');
}
