// The books that moved most, for the morning e-mail: the largest changes of a book's royalties, against the
// previous period when the books report sends each book's figure for it (a `previous_period.royalties`
// sibling, period-role.ts), else against the figures the Books tab held before this refresh wrote it. When
// there is nothing to compare with, `why` says so and the e-mail lists the top earners under their own name.

import { cutText } from '../base/text';
import { numberOrNull } from '../base/unknown';
import { measureOfKey } from '../figures';
import { measureAt } from '../figures/measure-at';
import { type CellValue, moneyDecimals, type ReportTable, TEXT } from '../report';
import { isPreviousPeriodKey } from '../report/period-role';
import { BOOK_ID, BOOK_TITLE, columnOf, idText, roundTo } from '../report/table-reader';
import { figuresBasis, isCutShortBasis } from '../tabs/mark';

/** Movers shown: an account of 2,000 books still gets a short e-mail. */
export const MOVERS = 5;
/** A title may be 50,000 characters (a cell's most): the e-mail shows its start. */
const MAX_TITLE = 120;

export interface BookFigure {
  /** The book id, else its title: how a book is found again in the other list. */
  readonly id: string;
  readonly title: string;
  /** Null when the row has no royalties figure: such a book is left out, never counted as 0. */
  readonly royalties: number | null;
}

interface Mover {
  readonly title: string;
  readonly royalties: number;
  readonly previous: number;
  readonly change: number;
}

export type MovedBooks =
  | { readonly heading: string; readonly books: readonly Mover[] }
  | { readonly why: string };

/** What the Books tab held when this refresh started (platform/sheets/books-before.ts), or why nothing. */
export type BooksBefore =
  | {
      /** The refresh that wrote those figures, in the sheet's time ("2026-11-23 05:00"). */
      readonly at: string;
      /** `figuresBasis` of those figures; null from a version that did not keep it. */
      readonly basis: string | null;
      readonly columns: readonly string[];
      readonly rows: readonly (readonly CellValue[])[];
    }
  | { readonly why: string };

export const FIRST_REFRESH = 'the Books tab had no figures before this refresh';
export const NOT_NIGHTLY = 'only the nightly refresh compares with the refresh before';
export const BOOKS_NOT_CHOSEN = 'the Books tab is not refreshed';

export function shortTitle(title: string): string {
  return cutText(title, MAX_TITLE);
}

/** Each row's book and one of its royalties figures (`royaltiesAt`, by default the row's royalties), null
 * where the row has none. */
function booksOf(table: ReportTable, royaltiesAt = measureAt(table, 'royalties')): BookFigure[] {
  const idAt = columnOf(table, BOOK_ID);
  const titleAt = columnOf(table, BOOK_TITLE);
  const out: BookFigure[] = [];
  table.rows.forEach((row, i) => {
    const royalties = royaltiesAt(i);
    const title = idText(row[titleAt]);
    const id = idText(row[idAt]) || title;
    if (id) out.push({ id, title: shortTitle(title || id), royalties });
  });
  return out;
}

/**
 * The `limit` books whose royalties changed most, up or down, largest first (a tie keeps the order of `now`).
 * A book in only one list counts 0 in the other: new to the report, or gone from it. A book that did not
 * change is no mover; one whose figure is missing in either list is left out.
 */
export function rankMovers(
  now: readonly BookFigure[],
  before: readonly BookFigure[],
  decimals: number,
): Mover[] {
  const earlier = new Map(before.map((b) => [b.id, b.royalties]));
  const all: Mover[] = [];
  const add = (title: string, royalties: number | null, previous: number | null | undefined = 0) => {
    if (royalties === null || previous === null) return;
    const change = roundTo(royalties - previous, decimals);
    if (change !== 0) all.push({ title, royalties, previous, change });
  };
  for (const b of now) add(b.title, b.royalties, earlier.get(b.id));
  const ids = new Set(now.map((b) => b.id));
  for (const b of before) if (!ids.has(b.id)) add(b.title, 0, b.royalties);
  return all.sort((a, b) => Math.abs(b.change) - Math.abs(a.change)).slice(0, MOVERS);
}

/** The title of a book on more than one row (one row per marketplace, say), or null: such rows cannot be
 * matched with the other list's one to one, and adding them up would be a guess. */
function repeatedBook(books: readonly BookFigure[]): string | null {
  const seen = new Set<string>();
  for (const b of books) {
    if (seen.has(b.id)) return b.title;
    seen.add(b.id);
  }
  return null;
}

/**
 * The books that moved most in `books` (this refresh's books report): against its own previous-period
 * figures when it sends them, else against `before`; `range` is the period the refresh asked for.
 */
export function movedBooks(books: ReportTable, before: BooksBefore, range: string): MovedBooks {
  const basis = figuresBasis(range, books.meta.currency);
  const decimals = moneyDecimals(books.meta.currency || '');
  const now = booksOf(books);
  const against = (heading: string, earlier: BookFigure[]): MovedBooks => {
    const repeated = repeatedBook(now) || repeatedBook(earlier);
    if (repeated !== null)
      return { why: `"${repeated}" is on more than one row, so the books cannot be matched` };
    return earlier.some((b) => b.royalties !== null)
      ? { heading: `Books that moved most ${heading} (${basis})`, books: rankMovers(now, earlier, decimals) }
      : { why: `no earlier royalties were found ${heading}` };
  };
  const at = books.columns.findIndex(
    (c) => measureOfKey(c.key) === 'royalties' && isPreviousPeriodKey(c.key),
  );
  if (at >= 0)
    return against(
      'against the period before',
      booksOf(books, (i) => numberOrNull(books.rows[i]![at])),
    );
  if ('why' in before) return before;
  if (books.meta.truncated) return { why: 'the books report was cut short' };
  if (isCutShortBasis(before.basis))
    return { why: `the Books tab was cut short at the refresh of ${before.at}` };
  if (before.basis !== basis)
    return { why: `the Books tab held ${before.basis || 'figures of an earlier version'}, not ${basis}` };
  return against(
    `since the refresh of ${before.at}`,
    booksOf({
      columns: before.columns.map((key) => ({ key, label: key, format: TEXT })),
      rows: before.rows,
      meta: { period: null, currency: null, truncated: false },
    }),
  );
}
