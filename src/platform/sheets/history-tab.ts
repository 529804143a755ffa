// The history tab's sheet I/O. The ledger is read once (one range of its own columns); new days go in
// rows inserted after the last day (so nothing below is written over), new columns as inserted columns, and
// only the runs of changed rows are written, the banner after them (core/history/write-plan.ts): the same
// few Spreadsheet calls for a month-old ledger or a ten-year one.
import {
  keyLabel,
  ledgerWritePlan,
  type Merged,
  movedColumn,
  readRow,
  rowCells,
  rowFormats,
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
  const owned = directory.findOrCreate('history');
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
 * The days go in before the banner, so a banner never claims newer figures than the days under it, and
 * rows only where the plan puts them (ledgerWritePlan: after the last day, unless the author's cells must
 * stay beside theirs). Rows and columns are inserted before anything is written (the days need their
 * rows). A later call the sheet refuses (a protected range, Google's "Service Spreadsheets failed…") would
 * leave empty rows, so what was inserted comes out again, last first, before the error goes on: the ledger
 * keeps the days it had, in their places, under the failed banner. An undo the sheet refuses too stops the
 * undoing (one further step would delete the wrong rows).
 */
export function writeLedger(directory: TabDirectory, read: LedgerRead, write: LedgerWrite): void {
  const { sheet } = read.owned;
  const { keys, merged } = write;
  const width = keys.length;
  const before = read.keys.length;
  const undo: Undo[] = [];
  try {
    const plan = ledgerWritePlan(merged, read.rows, HEADER_ROWS + 1, () => sheet.getLastColumn() > before);
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
    const columnUndos = undo.length;
    for (const insertion of plan.insertions) {
      // Bottom first, so each insertion's first row is where the rows before it put it, and undoing them
      // in the reverse order deletes exactly the rows each one added.
      const { count } = insertion;
      const row = 'after' in insertion ? insertion.after + 1 : insertion.before;
      if ('after' in insertion) sheet.insertRowsAfter(insertion.after, count);
      else sheet.insertRowsBefore(row, count);
      undo.push(() => sheet.deleteRows(row, count));
    }
    // The changed rows, one write per run of consecutive ones: the rows between runs (the author's own rows
    // among the days, days that did not change) are never written, so their formulas and formats stay.
    const formats = rowFormats(keys);
    plan.runs.forEach(({ first, count }, i) => {
      // `changed` lists days only, never a row of the author's.
      const values = merged.rows.slice(first, first + count).map((row) => rowCells(row!, keys));
      const range = sheet.getRange(HEADER_ROWS + 1 + first, 1, count, width);
      range.setNumberFormats(values.map(() => formats));
      range.setValues(values);
      // The inserted rows now hold days the ledger had: they stay.
      if (i === plan.keepsInsertionFrom) undo.length = columnUndos;
      // Inserted rows take the format of the row above: the bold header, for the first day.
      range.setFontWeights(values.map(() => formats.map(() => 'normal')));
    });
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
