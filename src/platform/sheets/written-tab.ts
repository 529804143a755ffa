// One of our tabs read back (core/tabs/read-back.ts): the tab found in the refresh's directory, its mark,
// and its cells read in one call (getRange and getValues), or to the sheet's last row (getLastRow first),
// as the history tab is read too.
import type { CellValue } from '../../core/report';
import type { TabId } from '../../core/tab-ids';
import type { WrittenTab } from '../../core/tabs';
import type { TabDirectory } from './directory';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** The header row and every row below it to the sheet's last, `width` columns; none when nothing is below
 * the header row. */
export function readBelow(sheet: Sheet, headerRow: number, width: number): CellValue[][] {
  const last = sheet.getLastRow();
  if (last <= headerRow) return [];
  return sheet.getRange(headerRow, 1, last - headerRow + 1, width).getValues() as CellValue[][];
}

/** Our tab for `tab` as the refresh found it; undefined when there is none (throws as Google does). */
export function writtenTab(directory: TabDirectory, tab: TabId): WrittenTab | undefined {
  const owned = directory.find(tab);
  return (
    owned && {
      mark: owned.mark,
      values: (firstRow, rows, columns) =>
        owned.sheet.getRange(firstRow, 1, rows, columns).getValues() as CellValue[][],
      readBelow: (headerRow, width) => readBelow(owned.sheet, headerRow, width),
    }
  );
}
