// One of our tabs read back as a refresh found it: its mark and one read of the rows it last wrote below
// its headers. The night's Books-before comparison and a past year's kept marketplace rows both read it.
import type { CellValue } from '../report';
import { HEADER_ROWS } from './layout';
import type { TabMark } from './mark';

/** Our tab as the refresh found it. */
export interface WrittenTab {
  readonly mark: TabMark;
  /** The values of `rows` rows from `firstRow` (1-based), `columns` wide (one read; throws as Google does). */
  values(firstRow: number, rows: number, columns: number): CellValue[][];
}

/** The rows the mark says were last written below the headers, as wide as its columns (one read); none
 * when the block holds no row or no column. */
export function writtenRows(tab: WrittenTab): CellValue[][] {
  const { blockRows, columns } = tab.mark;
  if (blockRows <= HEADER_ROWS || !columns.length) return [];
  return tab.values(HEADER_ROWS + 1, blockRows - HEADER_ROWS, columns.length);
}
