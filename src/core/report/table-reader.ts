// Reading the API's tables by column: which column holds a book's id, its title or its series, a cell as an
// id, money rounded to cents, a ratio. Shared by the dashboard, the morning e-mail, the history and the
// list of series the refresh reads through; below them all, so none reaches into another for it.

import { numberOrNull } from '../base/unknown';
import { breakdownOf, lastSegment, words } from './keys';
import { moneyDecimals } from './money';
import type { CellValue, ReportTable } from './types';

/** Where a books or series table names a book's series. */
export const SERIES_ID = ['series_id', 'series.series_id', 'series.id'];
/** Where the list of series (/series) names each series: its id (there also plain `id`), and its name. */
const LISTED_SERIES_ID = [...SERIES_ID, 'id'];
const LISTED_SERIES_NAME = ['name', 'series_name', 'series.name', 'title'];
/** Where a books table names a book: its id, and its title. */
export const BOOK_ID = ['book_id', 'id', 'asin'];
export const BOOK_TITLE = ['title', 'book_title', 'name'];

/** The first column whose key is one of `keys` (in that order of preference), or -1. A key is matched
 * exactly, else by its last segment as the figure catalogue spells it (`figures.kenpc`, `seriesPosition`),
 * so the dashboard reads every shape the tabs do. */
export function columnOf(table: ReportTable, keys: readonly string[]): number {
  // A breakdown's part (`by_market[US].royalties`) is never the figure itself.
  const spelled = (key: string) => (breakdownOf(key) === null ? words(lastSegment(key)).join('_') : null);
  for (const spell of [(key: string) => key, spelled]) {
    for (const key of keys) {
      const at = table.columns.findIndex((c) => spell(c.key) === key);
      if (at >= 0) return at;
    }
  }
  return -1;
}

/** A cell as an id or name: text or a number as text; anything else is no id. Never empty, so `||` can
 * pick the next candidate. */
export function idText(value: CellValue | undefined): string | null {
  if (typeof value === 'string') return value || null;
  return numberOrNull(value) === null ? null : String(value);
}

/** Each row's two ids or names (idText) at the first column of `keys` and of `otherKeys`, where it has both
 * (a missing column, -1, has no value in any row). */
export function idPairs(
  table: ReportTable,
  keys: readonly string[],
  otherKeys: readonly string[],
): [string, string][] {
  const at = columnOf(table, keys);
  const otherAt = columnOf(table, otherKeys);
  const out: [string, string][] = [];
  for (const row of table.rows) {
    const id = idText(row[at]);
    const other = idText(row[otherAt]);
    if (id !== null && other !== null) out.push([id, other]);
  }
  return out;
}

/** Money sums rounded to the currency's cents, so a sum of cents reads as the API's own figures do. */
export function roundTo(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

export function roundMoney(value: number, currency: string | null): number {
  return roundTo(value, moneyDecimals(currency || ''));
}

/** top ÷ bottom; null when either is missing or bottom is not above 0. */
export function ratio(top: number | null, bottom: number | null): number | null {
  return top !== null && bottom !== null && bottom > 0 ? top / bottom : null;
}

export interface SeriesRef {
  readonly id: string;
  readonly name: string;
}

/**
 * The series of a /series table, each once, in order. Rows may repeat a series (one row per book), so ids
 * are deduplicated. The id column is found by key (SERIES_ID, else `id`), as the dashboard finds it.
 */
export function seriesList(table: ReportTable): SeriesRef[] {
  if (!table.rows.length) return [];
  const idAt = columnOf(table, LISTED_SERIES_ID);
  if (idAt < 0) {
    throw new Error('The list of series has no ids, so no read-through could be asked for.');
  }
  const nameAt = columnOf(table, LISTED_SERIES_NAME);
  const seen = new Map<string, SeriesRef>();
  for (const row of table.rows) {
    // A number or text: not empty, nor an object (a date), nor null.
    const id = idText(row[idAt]);
    // A column not found is -1, and row[-1] is undefined: the id stands for the name.
    const name = row[nameAt];
    if (id !== null && !seen.has(id)) {
      seen.set(id, { id, name: (typeof name === 'string' && name) || id });
    }
  }
  return [...seen.values()];
}
