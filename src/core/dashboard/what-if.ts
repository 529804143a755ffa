// The what-if KENP rate: a cell the author may type over, and formulas over it (written as formulas, so
// Sheets recalculates them the moment the rate changes, with no refresh).
import { PLAIN_FORMAT } from '../tabs/formats';
import type { BookEconomics } from './books';
import { type Cell, COUNT_FORMAT, formatOf, type GridBuilder, MISSING, number, text } from './grid';
import type { Tile } from './tiles';

/** Row of the what-if table's title; its rate cell is two rows below, in column B. */
export const WHAT_IF_ROW = 7;
export const WHAT_IF_TITLE = 'What if: your own KENP rate (type a rate per page in B9; the estimates follow)';

export interface WhatIf {
  /** The rate cell (1-based), first filled with this period's effective rate; the writer keeps the author's. */
  readonly rate: { readonly row: number; readonly column: number };
  /** This period's rate: estimated KENP royalties ÷ KENP pages read; null when either is missing. */
  readonly effectiveRate: number | null;
  /** The formula column, from `firstRow` down, one formula per row. */
  readonly column: number;
  readonly firstRow: number;
  readonly formulas: readonly string[];
}

/** A rate per page shows its fractions of a cent: the money format with six decimals. */
function rateFormat(money: string): string {
  return money.replace(/#,##0(\.0+)?/, '0.000000');
}

function tileValue(list: readonly Tile[], measure: Tile['measure']): number | null {
  return list.find((t) => t.measure === measure)?.value ?? null;
}

/** The what-if table: all books, then each book; pages in C, the estimate at the rate in D. */
export function whatIfTable(
  grid: GridBuilder,
  tileList: readonly Tile[],
  books: readonly BookEconomics[],
  currency: string | null,
): { row: number; whatIf: WhatIf } {
  const pages = tileValue(tileList, 'kenp_pages');
  const royalties = tileValue(tileList, 'kenp_royalties');
  const effectiveRate = pages !== null && royalties !== null && pages > 0 ? royalties / pages : null;
  const money = formatOf('money', currency);
  const rateRow = WHAT_IF_ROW + 2;
  const rate = `$B$${rateRow}`;
  const pending: Cell = { value: null, format: money };
  const rows: Cell[][] = [
    [text('All books'), number(effectiveRate, rateFormat(money)), number(pages, COUNT_FORMAT), pending],
    ...books.map((b) => [
      text(b.title),
      { value: null, format: PLAIN_FORMAT },
      number(b.kenpPages, COUNT_FORMAT),
      pending,
    ]),
  ];
  const next = grid.table(
    WHAT_IF_ROW,
    WHAT_IF_TITLE,
    ['', 'Rate per page read', 'KENP pages read', 'Estimated KENP royalties at this rate'],
    rows,
  );
  // "missing" where the pages or the rate are not a number: never a figure made up.
  const formulas = rows.map((_, i) => `=IFERROR(C${rateRow + i}*${rate},"${MISSING}")`);
  return {
    row: next,
    whatIf: { rate: { row: rateRow, column: 2 }, effectiveRate, column: 4, firstRow: rateRow, formulas },
  };
}
