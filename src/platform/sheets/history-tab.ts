// The history tab's sheet I/O. The ledger is read once (one range of its own columns), new days go in as
// inserted rows (so the author's cells beside a day stay beside it, and nothing below is written over), new
// columns as inserted columns, and only the runs of changed rows are written: the same few Spreadsheet calls
// for a month-old ledger or a ten-year one.
import {
  keyLabel,
  type Merged,
  movedColumn,
  readRow,
  rowCells,
  rowFormats,
  runsOf,
  type SheetRow,
} from '../../core/history';
import { TEXT } from '../../core/report';
import { type Banner, HEADER_ROWS, tabBlock } from '../../core/tabs';
import { offsetInZone } from '../zone-offsets';
import type { OwnedTab, TabDirectory } from './directory';
import { putBlock } from './writer';

export interface LedgerRead {
  readonly owned: OwnedTab;
  readonly keys: readonly string[];
  /** Sheet rows from row 3 to the ledger's last day. */
  readonly rows: readonly SheetRow[];
}

/** Sheets hands a date cell back as a Date at midnight in the sheet's zone: its offset turns it into a day. */
function zoneOffsetMs(timeZone: string, now: number): number {
  return offsetInZone(timeZone)(now) * 60_000;
}

export function readLedger(directory: TabDirectory, timeZone: string, now: number): LedgerRead {
  return readOwnedLedger(directory.findOrCreate('history'), timeZone, now);
}

/** The ledger of a history tab already found (a formula creates nothing). */
export function readOwnedLedger(owned: OwnedTab, timeZone: string, now: number): LedgerRead {
  const keys = owned.mark.columns;
  // No columns yet: nothing to read, not even the last row.
  const last = keys.length && owned.sheet.getLastRow();
  if (last <= HEADER_ROWS) return { owned, keys, rows: [] };
  // The header row comes in the same read: the days are read by column place, so the places are checked.
  const [headerRow = [], ...raw] = owned.sheet
    .getRange(HEADER_ROWS, 1, last - HEADER_ROWS + 1, keys.length)
    .getValues();
  const moved = movedColumn(owned.mark.headers, headerRow);
  if (moved !== null) throw new Error(moved);
  const offset = raw.some((r) => r[0] instanceof Date) ? zoneOffsetMs(timeZone, now) : 0;
  const rows = raw.map((cells) => readRow(cells, keys, offset));
  // Rows below the last day (the author's totals, notes) are not the ledger's.
  while (rows.length && rows[rows.length - 1] === null) rows.pop();
  return { owned, keys, rows };
}

interface LedgerWrite {
  readonly keys: readonly string[];
  readonly labels: ReadonlyMap<string, string>;
  readonly merged: Merged;
  readonly banner: Banner;
  readonly at: number;
  /** Currencies whose backfill is still to be tried (TabMark.backfillDue). */
  readonly backfillDue: readonly string[];
  /** Written with the demo key (TabMark.demo). */
  readonly demo: boolean;
}

/** Undoes one insertion: the rows or columns it added come out again. */
type Undo = () => void;

/**
 * Rows and columns are inserted before anything is written (the days need their rows). A later call the
 * sheet refuses (a protected range, Google's "Service Spreadsheets failed…") would leave blank rows among
 * the dates, so what was inserted comes out again, last first, before the error goes on: the ledger keeps
 * the days it had, in their places, under the failed banner. An undo the sheet refuses too stops the
 * undoing (one further step would delete the wrong rows).
 */
export function writeLedger(directory: TabDirectory, read: LedgerRead, write: LedgerWrite): void {
  const { sheet } = read.owned;
  const { keys, merged } = write;
  const width = keys.length;
  const before = read.keys.length;
  const held = read.rows.length;
  const undo: Undo[] = [];
  try {
    if (width > before) {
      if (before > 0) {
        // Inserted, not written into: the author's columns to the right move along with their cells.
        sheet.insertColumnsAfter(before, width - before);
        undo.push(() => sheet.deleteColumns(before + 1, width - before));
      } else {
        // A new ledger only grows the grid: nothing moved, nothing to undo.
        const max = sheet.getMaxColumns();
        if (width > max) sheet.insertColumnsAfter(max, width - max);
      }
    }
    for (const { before: at, count } of merged.insertions) {
      // Bottom first, so each insertion's first row is where the rows before it put it, and undoing them
      // in the reverse order deletes exactly the rows each one added.
      const row = HEADER_ROWS + 1 + Math.min(at, held);
      if (at >= held) sheet.insertRowsAfter(row - 1, count);
      else sheet.insertRowsBefore(row, count);
      undo.push(() => sheet.deleteRows(row, count));
    }
    // The headers of row 2, as written (and remembered in the mark, to check the columns' places by), under
    // the banner: the same block every tab has (layout.ts), for the ledger's columns.
    const headers = keys.map((key) => keyLabel(key, write.labels));
    const columns = headers.map((label, i) => ({ key: keys[i]!, label, format: TEXT }));
    putBlock(
      sheet,
      tabBlock(
        { columns, rows: [], meta: { period: null, currency: null, truncated: false } },
        write.banner,
        0,
      ),
    );
    // The changed rows, one write per run of consecutive ones: the rows between runs (the author's own rows
    // among the days, days that did not change) are never written, so their formulas and formats stay.
    const formats = rowFormats(keys);
    for (const { first, count } of runsOf(merged.changed)) {
      // `changed` lists days only, never a row of the author's.
      const values = merged.rows.slice(first, first + count).map((row) => rowCells(row!, keys));
      const range = sheet.getRange(HEADER_ROWS + 1 + first, 1, count, width);
      range.setNumberFormats(values.map(() => formats));
      range.setValues(values);
      // Inserted rows take the format of the row above: the bold header, for the first day.
      range.setFontWeights(values.map(() => formats.map(() => 'normal')));
    }
    directory.remember(read.owned, {
      tab: 'history',
      columns: keys,
      blockRows: HEADER_ROWS + merged.rows.length,
      dataAt: write.at,
      ...(write.backfillDue.length > 0 ? { backfillDue: write.backfillDue } : {}),
      ...(write.demo ? { demo: true as const } : {}),
      headers,
    });
  } catch (err) {
    try {
      for (const step of undo.reverse()) step();
    } catch {
      // The sheet refuses the undo as well: the write's own error says why.
    }
    throw err;
  }
}
