// One of our tabs read back (core/tabs/read-back.ts): the tab found in the refresh's directory, its mark,
// and its cells read in one range: the rows its mark names (getRange), or all to the sheet's last row and
// column (getDataRange, no call more than the mark's rows).
import type { CellValue } from '../../core/report';
import type { TabId } from '../../core/tab-ids';
import type { WrittenTab } from '../../core/tabs';
import type { TabDirectory } from './directory';

/** Our tab for `tab` as the refresh found it; undefined when there is none (throws as Google does). */
export function writtenTab(directory: Pick<TabDirectory, 'find'>, tab: TabId): WrittenTab | undefined {
  const owned = directory.find(tab);
  return (
    owned && {
      mark: owned.mark,
      values: (firstRow, rows, columns) =>
        owned.sheet.getRange(firstRow, 1, rows, columns).getValues() as CellValue[][],
      readBelow(headerRow, width) {
        const rows = owned.sheet.getDataRange().getValues() as CellValue[][];
        if (rows.length <= headerRow) return [];
        return rows.slice(headerRow - 1).map((row) => Array.from({ length: width }, (_, c) => row[c] ?? ''));
      },
    }
  );
}
