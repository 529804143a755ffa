// The only code that writes report tabs. A tab costs the same few service calls whatever its row count:
// one range, its number formats, values, font weights and backgrounds as whole-block arrays, and the mark.
import type { TabSheets } from '../../core/refresh';
import { columnLabel, type ReportTable } from '../../core/report';
import type { TabId } from '../../core/tab-ids';
import {
  arrangeColumns,
  BANNER_BACKGROUND,
  type Banner,
  blockWidth,
  literalText,
  type TabBlock,
  tabBlock,
} from '../../core/tabs';
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

/** Lays a table into its tab: columns in their previous places, stale rows below cleared, rows and columns
 * it gains inserted, nothing else touched. */
export function writeTableTab(
  directory: TabDirectory,
  tab: TabId,
  table: ReportTable,
  banner: Banner,
  dataAt: number,
  /** What the figures are for (figuresBasis), kept in the mark. */
  basis?: string,
): { readonly sheetName: string; readonly rows: number } {
  const owned = directory.findOrCreate(tab);
  const { sheet, mark } = owned;
  const previous = mark.blockRows;
  const totals = mark.totals || null;
  const block = tabBlock(arrangeColumns(table, mark.columns, columnLabel), banner, previous, totals);
  const rows = block.values.length;
  // Rows and columns the block gains go in as inserted rows below its last height and columns right of its
  // last width: what the author keeps under or beside the tab moves along instead of being written over.
  if (previous > 0) {
    if (rows > previous) sheet.insertRowsAfter(previous, rows - previous);
    const before = blockWidth(mark.columns.length, totals);
    const width = block.values[0]!.length;
    if (width > before) sheet.insertColumnsAfter(before, width - before);
  }
  putBlock(sheet, block);
  directory.remember(owned, {
    tab,
    columns: block.columns,
    blockRows: rows,
    dataAt,
    // Left out of the mark's JSON when there are none.
    totals: block.totals || undefined,
    basis,
  });
  return {
    // Read when asked: a refresh reports its report tabs' names, not the Status tab's.
    get sheetName() {
      return owned.name;
    },
    rows: block.dataRows,
  };
}

/** The writer as a refresh's write policy sees it (core/refresh): tables written as of `dataAt`. A failed
 * tab: only the banner row changes; the figures below stay exactly as they were. A tab that never had
 * figures is created with the banner alone. */
export function tabSheets(directory: TabDirectory, dataAt: number): TabSheets {
  return {
    writeTable: (tab, table, banner, basis) => writeTableTab(directory, tab, table, banner, dataAt, basis),
    writeFailed(tab, bannerFor) {
      const owned = directory.findOrCreate(tab);
      const { mark } = owned;
      const banner = bannerFor(mark.dataAt);
      const row = new Array<string>(blockWidth(mark.columns.length, mark.totals || null)).fill('');
      row[0] = literalText(banner.text);
      const range = owned.sheet.getRange(1, 1, 1, row.length);
      range.setValues([row]);
      range.setBackground(BANNER_BACKGROUND[banner.tone]);
      if (!owned.metadata) directory.remember(owned, { ...mark, blockRows: Math.max(1, mark.blockRows) });
      return owned.name;
    },
  };
}
