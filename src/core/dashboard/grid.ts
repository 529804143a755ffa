// The dashboard's cells before they reach the sheet: a grid of values, formats and bold, grown row by row,
// and the words and formats a figure's cell takes (missing, not applicable, money in the currency).
import type { MeasureKind } from '../figures';
import type { CellValue } from '../report';
import { DATE_FORMAT, MONTH_FORMAT, moneyFormat, PLAIN_FORMAT } from '../tabs/formats';
import type { ColumnKind } from './charts';

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

  get height(): number {
    return this.values.length;
  }

  put(row: number, column: number, value: CellValue, format = PLAIN_FORMAT, bold = false): void {
    while (this.values.length < row) {
      this.values.push(new Array<CellValue>(this.width).fill(null));
      this.formats.push(new Array<string>(this.width).fill(PLAIN_FORMAT));
      this.bold.push(new Array<boolean>(this.width).fill(false));
    }
    this.values[row - 1]![column - 1] = value;
    this.formats[row - 1]![column - 1] = format;
    this.bold[row - 1]![column - 1] = bold;
  }

  /** A titled table: title, bold headers, then rows; returns the next free row after one blank. */
  table(top: number, title: string, headers: readonly string[], rows: readonly (readonly Cell[])[]): number {
    this.put(top, 1, title, PLAIN_FORMAT, true);
    headers.forEach((h, c) => {
      this.put(top + 1, c + 1, h, PLAIN_FORMAT, true);
    });
    rows.forEach((row, r) => {
      row.forEach((cell, c) => {
        this.put(top + 2 + r, c + 1, cell.value, cell.format);
      });
    });
    return top + 2 + rows.length + 1;
  }
}

export function text(value: string | null): Cell {
  return { value: value ?? MISSING, format: PLAIN_FORMAT };
}

export function number(value: number | null, format: string): Cell {
  return value === null ? { value: MISSING, format: PLAIN_FORMAT } : { value, format };
}

export const notApplicable: Cell = { value: NOT_APPLICABLE, format: PLAIN_FORMAT };

/** Each kind's format but money's, which is its currency's. */
const KIND_FORMATS: Readonly<Record<Exclude<MeasureKind | ColumnKind, 'money'>, string>> = {
  count: COUNT_FORMAT,
  fraction: PERCENT_FORMAT,
  date: DATE_FORMAT,
  month: MONTH_FORMAT,
  text: PLAIN_FORMAT,
};

export function formatOf(kind: MeasureKind | ColumnKind, currency: string | null): string {
  if (kind !== 'money') return KIND_FORMATS[kind];
  return currency ? moneyFormat(currency) : '#,##0.00';
}
