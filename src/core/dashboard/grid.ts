// The dashboard's cells before they reach the sheet: a grid of values, formats and bold, grown row by row,
// and the words and formats a figure's cell takes (missing, not applicable, money in the currency).
import type { MeasureKind } from '../figures';
import type { CellValue } from '../report';
import { moneyFormat, PLAIN_FORMAT } from '../tabs/formats';

/** The API did not send the figure. */
export const MISSING = 'missing';
/** The figure has no meaning here (book 1's read-through from a previous book, a share of nothing). */
export const NOT_APPLICABLE = '—';

export const COUNT_FORMAT = '#,##0';
export const DECIMAL_FORMAT = '#,##0.0';
export const PERCENT_FORMAT = '0.0%';
export const CHANGE_FORMAT = '+0.0%;-0.0%;0.0%';

/** A rectangle of the tab, 1-based. */
export interface Area {
  readonly row: number;
  readonly column: number;
  readonly rows: number;
  readonly columns: number;
}

export interface Grid {
  readonly values: CellValue[][];
  readonly formats: string[][];
  readonly bold: boolean[][];
}

export interface Cell {
  readonly value: CellValue;
  readonly format: string;
}

export class GridBuilder implements Grid {
  readonly values: CellValue[][] = [];
  readonly formats: string[][] = [];
  readonly bold: boolean[][] = [];
  constructor(private readonly width: number) {}

  put(row: number, column: number, cell: Cell, bold = false): void {
    const blank = <T>(fill: T): T[] => new Array<T>(this.width).fill(fill);
    while (this.values.length < row) {
      this.values.push(blank(null));
      this.formats.push(blank(PLAIN_FORMAT));
      this.bold.push(blank(false));
    }
    this.values[row - 1]![column - 1] = cell.value;
    this.formats[row - 1]![column - 1] = cell.format;
    this.bold[row - 1]![column - 1] = bold;
  }

  /** Bold headers from (row, column), then the rows of cells under them. */
  block(row: number, column: number, headers: readonly string[], rows: readonly (readonly Cell[])[]): void {
    [headers.map(text), ...rows].forEach((cells, r) => {
      cells.forEach((cell, c) => {
        this.put(row + r, column + c, cell, r === 0);
      });
    });
  }

  /** A titled table from column A: title, bold headers, then rows. At `top`, else after one blank row below
   * the last one filled; returns the row of its first data row. */
  table(
    title: string,
    headers: readonly string[],
    rows: readonly (readonly Cell[])[],
    top = this.values.length + 2,
  ): number {
    this.put(top, 1, text(title), true);
    this.block(top + 1, 1, headers, rows);
    return top + 2;
  }
}

export function text(value: string | null): Cell {
  return { value: value ?? MISSING, format: PLAIN_FORMAT };
}

export function number(value: number | null, format: string): Cell {
  return value === null ? text(null) : { value, format };
}

export const notApplicable = text(NOT_APPLICABLE);

/** A figure's format: money's is its currency's. */
export function formatOf(kind: MeasureKind, currency: string | null): string {
  if (kind === 'count') return COUNT_FORMAT;
  if (kind === 'fraction') return PERCENT_FORMAT;
  return currency ? moneyFormat(currency) : '#,##0.00';
}
