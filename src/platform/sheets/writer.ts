// The only code that writes report tabs (core/flows/tab-writer.ts decides what goes where). A tab costs the
// same few service calls whatever its row count: one range, its number formats, values, font weights and
// backgrounds as whole-block arrays, and the mark.
import { type TableWritten, type TabSheetPort, tabSheetsOver, writeTable } from '../../core/flows/tab-writer';
import type { TabSheets } from '../../core/refresh';
import type { ReportTable } from '../../core/report';
import type { TabId } from '../../core/tab-ids';
import type { Banner, TabBlock } from '../../core/tabs';
import type { TabDirectory } from './directory';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** Adds rows or columns when the block is larger than the sheet; false when it already fits. */
export function growTo(sheet: Sheet, rows: number, columns: number): boolean {
  const maxRows = sheet.getMaxRows();
  const maxColumns = sheet.getMaxColumns();
  if (rows <= maxRows && columns <= maxColumns) return false;
  if (rows > maxRows) sheet.insertRowsAfter(maxRows, rows - maxRows);
  if (columns > maxColumns) sheet.insertColumnsAfter(maxColumns, columns - maxColumns);
  return true;
}

/** The block from A1: number formats, values, font weights and backgrounds, one call each. */
export function putBlock(sheet: Sheet, block: TabBlock): void {
  const rows = block.values.length;
  const columns = block.values[0]!.length;
  const place = (): GoogleAppsScript.Spreadsheet.Range => {
    const range = sheet.getRange(1, 1, rows, columns);
    // Formats first: a cell the author set to plain text would otherwise keep our apostrophes.
    range.setNumberFormats(block.numberFormats);
    return range;
  };
  let range: GoogleAppsScript.Spreadsheet.Range;
  try {
    range = place();
  } catch (err) {
    // Only a block larger than the sheet is worth a second try; the size is read only then, so a
    // refresh that fits pays nothing for the check.
    if (!growTo(sheet, rows, columns)) throw err;
    range = place();
  }
  range.setValues(block.values);
  range.setFontWeights(block.fontWeights);
  range.setBackgrounds(block.backgrounds);
}

const sheetPort: TabSheetPort<Sheet> = {
  insertRowsAfter: (sheet, after, count) => sheet.insertRowsAfter(after, count),
  insertColumnsAfter: (sheet, after, count) => sheet.insertColumnsAfter(after, count),
  putBlock,
  putBannerRow(sheet, row, background) {
    const range = sheet.getRange(1, 1, 1, row.length);
    range.setValues([[...row]]);
    range.setBackground(background);
  },
};

/** Lays a table into its tab (core/flows/tab-writer.ts decides where): `basis`, what the figures are for. */
export function writeTableTab(
  directory: TabDirectory,
  tab: TabId,
  table: ReportTable,
  banner: Banner,
  dataAt: number,
  basis?: string,
): TableWritten {
  return writeTable(directory, sheetPort, { tab, table, banner, dataAt, basis });
}

/** The writer as a refresh's write policy sees it: tables written as of `dataAt`. */
export function tabSheets(directory: TabDirectory, dataAt: number): TabSheets {
  return tabSheetsOver(directory, sheetPort, dataAt);
}
