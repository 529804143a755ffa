// Carrying out the history ledger's writing (core/history/writing.ts plans it) over its sheet: rows and
// columns inserted before anything is written (the days need their rows), one write per run of changed
// rows, the banner block after them, the mark last. A later call the sheet refuses (a protected range,
// Google's "Service Spreadsheets failed…") would leave empty rows, so what was inserted comes out again,
// last first, before the error goes on: the ledger keeps the days it had, in their places, under the failed
// banner; once the days below a put-back one moved into the inserted rows, those rows stay. An undo the
// sheet refuses too stops the undoing (one further step would delete the wrong rows).
// platform/sheets/history-tab.ts builds the port.
import type { LedgerRunCells, LedgerWriting } from '../history';
import type { TabBlock } from '../tabs';

/** A run's range on the sheet, each part written by its own call. */
export interface LedgerRunRange {
  numberFormats(): void;
  values(): void;
  fontWeights(): void;
}

/** What writing the ledger asks of its sheet `S`. */
export interface LedgerSheetWritePort<S> {
  insertRowsAfter(sheet: S, after: number, count: number): void;
  insertRowsBefore(sheet: S, row: number, count: number): void;
  deleteRows(sheet: S, row: number, count: number): void;
  insertColumnsAfter(sheet: S, after: number, count: number): void;
  deleteColumns(sheet: S, column: number, count: number): void;
  maxColumns(sheet: S): number;
  /** The run's range, read once. */
  run(sheet: S, run: LedgerRunCells): LedgerRunRange;
  /** The banner and header block from A1. */
  putBlock(sheet: S, block: TabBlock): void;
}

/** Undoes one insertion: the rows or columns it added come out again. */
type Undo = () => void;

/** Carries out `writing`; `remember` writes the mark, last. */
export function writeLedger<S>(
  port: LedgerSheetWritePort<S>,
  sheet: S,
  writing: LedgerWriting,
  remember: () => void,
): void {
  const undo: Undo[] = [];
  try {
    insertColumns(port, sheet, writing.columns, undo);
    const columnUndos = undo.length;
    for (const insertion of writing.rows) {
      const { count } = insertion;
      const row = 'after' in insertion ? insertion.after + 1 : insertion.before;
      if ('after' in insertion) port.insertRowsAfter(sheet, insertion.after, count);
      else port.insertRowsBefore(sheet, row, count);
      undo.push(() => port.deleteRows(sheet, row, count));
    }
    writing.runs.forEach((run, i) => {
      const range = port.run(sheet, run);
      range.numberFormats();
      range.values();
      if (i === writing.keepsInsertionFrom) undo.length = columnUndos;
      range.fontWeights();
    });
    port.putBlock(sheet, writing.block);
    remember();
  } catch (err) {
    try {
      for (const step of undo.reverse()) step();
    } catch {
      // The sheet refuses the undo as well: the write's own error says why.
    }
    throw err;
  }
}

function insertColumns<S>(
  port: LedgerSheetWritePort<S>,
  sheet: S,
  columns: LedgerWriting['columns'],
  undo: Undo[],
): void {
  if (!columns) return;
  if ('insertAfter' in columns) {
    // Inserted, not written into: the author's columns to the right move along with their cells.
    port.insertColumnsAfter(sheet, columns.insertAfter, columns.count);
    undo.push(() => port.deleteColumns(sheet, columns.insertAfter + 1, columns.count));
    return;
  }
  // A new ledger only grows the grid: nothing moved, nothing to undo.
  const max = port.maxColumns(sheet);
  if (columns.growTo > max) port.insertColumnsAfter(sheet, max, columns.growTo - max);
}
