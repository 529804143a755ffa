// The emulated tabs → one .xlsx workbook (write-excel-file): every tab with its banner, headers, number
// formats, bold, colours, frozen rows and column widths, in the spreadsheet's order.
import writeExcelFile, { type Row, type Sheet } from 'write-excel-file/node';
import { type SheetCell, toXlsxCell } from './cells.ts';

/** One tab as the add-on left it in the emulated spreadsheet. */
export interface ExportTab {
  readonly name: string;
  /** Row by row, from A1. */
  readonly cells: readonly (readonly SheetCell[])[];
  readonly frozenRows: number;
  /** Column widths in pixels where the add-on set them. */
  readonly columnWidths?: readonly (number | undefined)[];
}

const EXCEL_NAME_LIMIT = 31;
/** Roughly the width of one character of the default font, in pixels. */
const PIXELS_PER_CHARACTER = 7;
const MIN_WIDTH = 8;
const MAX_WIDTH = 60;

/** Excel refuses `[]:*?/\` and names over 31 characters (Sheets allows 100), and compares names ignoring case. */
export function excelSheetName(name: string, taken: ReadonlySet<string>): string {
  const clean =
    name
      .replace(/[[\]:*?/\\]/g, ' ')
      .replace(/^'+|'+$/g, '')
      .trim() || 'Sheet';
  const base = clean.slice(0, EXCEL_NAME_LIMIT).trim();
  let candidate = base;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
    const suffix = ` (${n})`;
    candidate = `${base.slice(0, EXCEL_NAME_LIMIT - suffix.length).trim()}${suffix}`;
  }
  return candidate;
}

function shownLength(value: unknown): number {
  if (value instanceof Date) return 19;
  // With thousands separators and a currency sign, as a money format shows it.
  if (typeof value === 'number')
    return value.toLocaleString('en-US', { maximumFractionDigits: 2 }).length + 2;
  return String(value ?? '').length;
}

/** Widths in characters: the add-on's own where it set them, else fitted to the content. The banner row is
 * left out because its one long sentence overflows into the empty cells beside it. */
function columnWidths(tab: ExportTab): Array<{ width: number }> {
  const count = Math.max(0, ...tab.cells.map((row) => row.length));
  const body = tab.frozenRows >= 2 ? tab.cells.slice(1) : tab.cells;
  return Array.from({ length: count }, (_, c) => {
    const pixels = tab.columnWidths?.[c];
    if (pixels !== undefined && pixels > 0) return { width: Math.round(pixels / PIXELS_PER_CHARACTER) };
    const longest = Math.max(0, ...body.map((row) => shownLength(row[c]?.value)));
    return { width: Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, longest + 2)) };
  });
}

function toXlsxSheets(tabs: readonly ExportTab[], timeZone: string): Sheet<never>[] {
  const taken = new Set<string>();
  return tabs.map((tab) => {
    const name = excelSheetName(tab.name, taken);
    taken.add(name.toLowerCase());
    // write-excel-file wants at least one row.
    const data: Row[] =
      tab.cells.length > 0 ? tab.cells.map((row) => row.map((cell) => toXlsxCell(cell, timeZone))) : [[]];
    const sheet: Sheet<never> = { sheet: name, data, columns: columnWidths(tab) };
    if (tab.frozenRows > 0) sheet.stickyRowsCount = tab.frozenRows;
    return sheet;
  });
}

/** The workbook's bytes. Throws when there is no tab to write. */
export async function workbookBytes(tabs: readonly ExportTab[], timeZone: string): Promise<Uint8Array> {
  if (tabs.length === 0) throw new Error('The add-on wrote no tab, so there is nothing to export.');
  const buffer = await writeExcelFile(toXlsxSheets(tabs, timeZone)).toBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
