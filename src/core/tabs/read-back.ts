// One of our tabs read back as a refresh found it: its mark and one read of its cells. The night's
// Books-before comparison reads the rows the mark says it last wrote; a year's tab, its kept marketplace
// rows to the sheet's last row, once its headers are checked against the mark's columns.
import type { CellValue } from '../report';
import { HEADER_ROWS } from './layout';
import type { TabMark } from './mark';

/** Our tab as the refresh found it. */
export interface WrittenTab {
  readonly mark: TabMark;
  /** The values of `rows` rows from `firstRow` (1-based), `columns` wide (one read; throws as Google does). */
  values(firstRow: number, rows: number, columns: number): CellValue[][];
  /** The header row and every row below it to the sheet's last, `width` columns; none when nothing is
   * below the header row (throws as Google does). */
  readBelow(headerRow: number, width: number): CellValue[][];
}

/** The rows the mark says were last written below the headers, as wide as its columns (one read); none
 * when the block holds no row or no column. */
export function writtenRows(tab: WrittenTab): CellValue[][] {
  const { blockRows, columns } = tab.mark;
  if (blockRows <= HEADER_ROWS || !columns.length) return [];
  return tab.values(HEADER_ROWS + 1, blockRows - HEADER_ROWS, columns.length);
}

/** Why a tab's columns cannot be read where its mark says they are (the author inserted, deleted or
 * retitled one among them): each column is read by its place, so a shifted one would file figures under
 * the wrong heading for good. Null when row 2 still reads as written (`written`: its headers; `whose`:
 * whose columns, "history's"). */
export function movedColumn(
  written: readonly string[] | undefined,
  headerRow: readonly unknown[],
  whose: string,
): string | null {
  if (!written) return null;
  const at = written.findIndex((label, i) => headerRow[i] !== label);
  if (at < 0) return null;
  return `its column ${at + 1} is headed "${String(headerRow[at] ?? '')}", not "${written[at]}". Undo the change; add columns of your own right of the ${whose}.`;
}
