// The what-if KENP rate: a cell the author may type over, and formulas over it (written as formulas, so
// Sheets recalculates them the moment the rate changes, with no refresh).

import type { CellValue } from '../report';
import { ratio } from '../report/table-reader';
import { literalText, type SheetCell } from '../tabs/cells';
import { PLAIN_FORMAT } from '../tabs/formats';
import type { BookEconomics } from './books';
import { type Cell, COUNT_FORMAT, formatOf, type GridBuilder, MISSING, number, text } from './grid';
import type { Tile } from './tiles';

/** Row of the what-if table's title; its rate cell is two rows below, in column B. */
export const WHAT_IF_ROW = 7;
export const WHAT_IF_TITLE = 'What if: your own KENP rate (type one per page in B9)';
/** The rate cell, first filled with this period's effective rate (the writer keeps the author's); the
 * estimates' formulas, from the rate's row down in column D, one per row. */
export const RATE_CELL = { row: WHAT_IF_ROW + 2, column: 2 } as const;
export const ESTIMATES_COLUMN = 4;

export interface WhatIf {
  /** This period's rate: estimated KENP royalties ÷ KENP pages read; null when either is missing. */
  readonly effectiveRate: number | null;
  readonly formulas: readonly string[];
}

/** The what-if table: all books, then each book; pages in C, the estimate at the rate in D. */
export function whatIfTable(
  grid: GridBuilder,
  tiles: readonly Tile[],
  books: readonly BookEconomics[],
  currency: string | null,
): WhatIf {
  // Every tile is there (figureTiles), each with its figure or null.
  const figure = (measure: Tile['measure']) => tiles.find((t) => t.measure === measure)!.value;
  const pages = figure('kenp_pages');
  const effectiveRate = ratio(figure('kenp_royalties'), pages);
  const money = formatOf('money', currency);
  const rateRow = RATE_CELL.row;
  const estimate: Cell = { value: null, format: money };
  const rows: Cell[][] = [
    // A rate per page shows its fractions of a cent: the money format with six decimals.
    [
      text('All books'),
      number(effectiveRate, money.replace(/#,##0(\.0+)?/, '0.000000')),
      number(pages, COUNT_FORMAT),
      estimate,
    ],
    ...books.map((b) => [
      text(b.title),
      { value: null, format: PLAIN_FORMAT },
      number(b.kenpPages, COUNT_FORMAT),
      estimate,
    ]),
  ];
  grid.table(
    WHAT_IF_TITLE,
    ['', 'Rate per page read', 'KENP pages read', 'Estimated KENP royalties at this rate'],
    rows,
    WHAT_IF_ROW,
  );
  return {
    effectiveRate,
    // "missing" where the pages or the rate are not a number: never a figure made up.
    formulas: rows.map((_, i) => `=IFERROR(C${rateRow + i}*$B$${rateRow},"${MISSING}")`),
  };
}

/** Equal, numbers to 15 significant digits: a sheet is reported to keep no more of a number (Google does
 * not say), so a rate we wrote may read back a little off ours, and would be taken for the author's. */
function sameFigure(a: unknown, b: unknown): boolean {
  return (
    a === b || (typeof a === 'number' && typeof b === 'number' && a.toPrecision(15) === b.toPrecision(15))
  );
}

/** What the author put in the rate cell, as it goes back there; null when the cell holds ours. Ours is
 * what we write there (a number, or "missing" in a period with no rate), so: nothing, "missing", the rate
 * we wrote last (`ourLast`; undefined when no record of it can be read) or this period's. Anything else is
 * the author's, a formula kept as a formula, text as text: with no record, a rate of ours from an earlier
 * period stays until the author clears it, rather than one they typed being written over. */
export function authorsRate(
  value: unknown,
  formula: string,
  ourLast: number | null | undefined,
  ours: CellValue,
): SheetCell | null {
  if (formula !== '') return formula;
  if ([undefined, '', MISSING, ourLast, ours].some((v) => sameFigure(value, v))) return null;
  return typeof value === 'string' ? literalText(value) : (value as SheetCell);
}
