// A1 notation: "B2", "A1:C3", "A:C", "2:5", "A2:C" (open to the sheet's end), optional "$" and a sheet
// prefix ("'My tab'!A1:B2"). Rows and columns are 1-based.
import { GasError, messages } from '../messages.ts';

export interface GridRect {
  row: number;
  column: number;
  numRows: number;
  numColumns: number;
}

function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

export function columnLetters(column: number): string {
  let s = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

export function a1Of(rect: GridRect): string {
  const start = `${columnLetters(rect.column)}${rect.row}`;
  if (rect.numRows === 1 && rect.numColumns === 1) return start;
  return `${start}:${columnLetters(rect.column + rect.numColumns - 1)}${rect.row + rect.numRows - 1}`;
}

/** Splits "'My tab'!A1:B2" into its sheet name (or null) and the cell part. */
export function splitSheetName(a1: string): { sheet: string | null; cells: string } {
  const bang = a1.lastIndexOf('!');
  if (bang < 0) return { sheet: null, cells: a1 };
  let sheet = a1.slice(0, bang);
  if (sheet.startsWith("'") && sheet.endsWith("'")) sheet = sheet.slice(1, -1).replace(/''/g, "'");
  return { sheet, cells: a1.slice(bang + 1) };
}

const END = /^\$?([A-Za-z]{1,3})?\$?(\d+)?$/;

export function parseA1(cells: string, maxRows: number, maxColumns: number): GridRect {
  const parts = cells.trim().split(':');
  if (parts.length > 2 || parts[0] === '') throw new GasError(messages.rangeNotFound);
  const ends = parts.map((p) => END.exec(p));
  const [a, b] = ends;
  if (!a || (parts.length === 2 && !b)) throw new GasError(messages.rangeNotFound);
  const col1 = a[1] ? columnNumber(a[1]) : null;
  const row1 = a[2] ? Number(a[2]) : null;
  if (parts.length === 1) {
    if (col1 === null || row1 === null) throw new GasError(messages.rangeNotFound);
    return { row: row1, column: col1, numRows: 1, numColumns: 1 };
  }
  const col2 = b?.[1] ? columnNumber(b[1]) : null;
  const row2 = b?.[2] ? Number(b[2]) : null;
  // "A:C" whole columns, "2:5" whole rows, "A2:C" to the last row.
  const top = row1 ?? 1;
  const left = col1 ?? 1;
  const bottom = row2 ?? (row1 === null || col2 !== null ? maxRows : top);
  const right = col2 ?? (col1 === null ? maxColumns : left);
  if ((col1 === null) !== (col2 === null) && row1 !== null && row2 !== null)
    throw new GasError(messages.rangeNotFound);
  if (top === 0 || left === 0) throw new GasError(messages.rangeNotFound);
  return {
    row: Math.min(top, bottom),
    column: Math.min(left, right),
    numRows: Math.abs(bottom - top) + 1,
    numColumns: Math.abs(right - left) + 1,
  };
}
