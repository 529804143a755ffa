// Writing a report tab, decided here: columns in their previous places, stale rows below cleared, rows and
// columns the block gains inserted below and beside its last extent (what the author keeps there moves
// along instead of being written over), the mark kept up to date; a failed tab gets only its banner row.
// platform/sheets/writer.ts builds the port: a few Sheet calls, the same whatever the row count.
import type { TabSheets } from '../refresh';
import { columnLabel, type ReportTable } from '../report';
import type { TabId } from '../tab-ids';
import {
  arrangeColumns,
  BANNER_BACKGROUND,
  type Banner,
  blockWidth,
  literalText,
  type TabBlock,
  tabBlock,
} from '../tabs';
import type { TabDirectoryOf } from './tab-directory';

/** What writing a tab asks of one sheet `S`. */
export interface TabSheetPort<S> {
  insertRowsAfter(sheet: S, after: number, count: number): void;
  insertColumnsAfter(sheet: S, after: number, count: number): void;
  /** The block from A1: number formats, values, font weights and backgrounds, one call each. */
  putBlock(sheet: S, block: TabBlock): void;
  /** Row 1 from A1: these cells, one background for them all. */
  putBannerRow(sheet: S, row: readonly string[], background: string): void;
}

export interface TableWritten {
  readonly sheetName: string;
  readonly rows: number;
}

/** Lays a table into its tab as of `dataAt`; `basis`: what the figures are for (figuresBasis), in the mark;
 * `holds`: rows of ours found on it past its mark's (TabSheets.writeTable). */
export function writeTable<S, M>(
  directory: TabDirectoryOf<S, M>,
  port: TabSheetPort<S>,
  written: { tab: TabId; table: ReportTable; banner: Banner; dataAt: number; basis?: string; holds?: number },
): TableWritten {
  const { tab, table, banner, dataAt, basis, holds = 0 } = written;
  const owned = directory.findOrCreate(tab);
  const { sheet, mark } = owned;
  const previous = Math.max(mark.blockRows, holds);
  const totals = mark.totals || null;
  const block = tabBlock(arrangeColumns(table, mark.columns, columnLabel), banner, previous, totals);
  const rows = block.values.length;
  if (previous > 0) {
    if (rows > previous) port.insertRowsAfter(sheet, previous, rows - previous);
    const before = blockWidth(mark.columns.length, totals);
    const width = block.values[0]!.length;
    if (width > before) port.insertColumnsAfter(sheet, before, width - before);
  }
  port.putBlock(sheet, block);
  // Totals are left out of the mark's JSON when there are none.
  directory.remember(owned, {
    tab,
    columns: block.columns,
    blockRows: rows,
    dataAt,
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
export function tabSheetsOver<S, M>(
  directory: TabDirectoryOf<S, M>,
  port: TabSheetPort<S>,
  dataAt: number,
): TabSheets {
  return {
    writeTable: (tab, table, banner, basis, holds) =>
      writeTable(directory, port, { tab, table, banner, dataAt, basis, holds }),
    writeFailed(tab, bannerFor) {
      const owned = directory.findOrCreate(tab);
      const { mark } = owned;
      const banner = bannerFor(mark.dataAt);
      const row = new Array<string>(blockWidth(mark.columns.length, mark.totals || null)).fill('');
      row[0] = literalText(banner.text);
      port.putBannerRow(owned.sheet, row, BANNER_BACKGROUND[banner.tone]);
      if (!owned.metadata) directory.remember(owned, { ...mark, blockRows: Math.max(1, mark.blockRows) });
      return owned.name;
    },
  };
}
