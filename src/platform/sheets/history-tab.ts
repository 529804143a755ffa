// The history tab's sheet I/O: the ledger read in one range of its own columns, and its writing
// (core/history/writing.ts) carried out call by call: new days in rows inserted after the last one, new
// columns as inserted columns, one write per run of changed rows, the banner after them. The same few
// Spreadsheet calls for a month-old ledger or a ten-year one.
import type { LedgerWriting } from '../../core/history';
import { offsetInZone } from '../zone-offsets';
import { putBlock } from './writer';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** The header row and every row below it to the sheet's last, `width` columns; none when nothing is below
 * the header row. */
export function readBelow(sheet: Sheet, headerRow: number, width: number): unknown[][] {
  const last = sheet.getLastRow();
  if (last <= headerRow) return [];
  return sheet.getRange(headerRow, 1, last - headerRow + 1, width).getValues();
}

/** Sheets hands a date cell back as a Date at midnight in the sheet's zone: its offset turns it into a day. */
export function zoneOffsetMs(timeZone: string, now: number): number {
  return offsetInZone(timeZone)(now) * 60_000;
}

/** Undoes one insertion: the rows or columns it added come out again. */
type Undo = () => void;

/**
 * Carries out the writing; `remember` writes the mark, last. Rows and columns are inserted before anything
 * is written (the days need their rows). A later call the sheet refuses (a protected range, Google's
 * "Service Spreadsheets failed…") would leave empty rows, so what was inserted comes out again, last
 * first, before the error goes on: the ledger keeps the days it had, in their places, under the failed
 * banner; once the days below a put-back one moved into the inserted rows, those rows stay. An undo the
 * sheet refuses too stops the undoing (one further step would delete the wrong rows).
 */
export function writeLedger(sheet: Sheet, writing: LedgerWriting, remember: () => void): void {
  const undo: Undo[] = [];
  try {
    insertColumns(sheet, writing.columns, undo);
    const columnUndos = undo.length;
    for (const insertion of writing.rows) {
      const { count } = insertion;
      const row = 'after' in insertion ? insertion.after + 1 : insertion.before;
      if ('after' in insertion) sheet.insertRowsAfter(insertion.after, count);
      else sheet.insertRowsBefore(row, count);
      undo.push(() => sheet.deleteRows(row, count));
    }
    writing.runs.forEach((run, i) => {
      const range = sheet.getRange(run.row, 1, run.values.length, run.values[0]!.length);
      range.setNumberFormats(run.numberFormats);
      range.setValues(run.values);
      if (i === writing.keepsInsertionFrom) undo.length = columnUndos;
      range.setFontWeights(run.fontWeights);
    });
    putBlock(sheet, writing.block);
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

function insertColumns(sheet: Sheet, columns: LedgerWriting['columns'], undo: Undo[]): void {
  if (!columns) return;
  if ('insertAfter' in columns) {
    // Inserted, not written into: the author's columns to the right move along with their cells.
    sheet.insertColumnsAfter(columns.insertAfter, columns.count);
    undo.push(() => sheet.deleteColumns(columns.insertAfter + 1, columns.count));
    return;
  }
  // A new ledger only grows the grid: nothing moved, nothing to undo.
  const max = sheet.getMaxColumns();
  if (columns.growTo > max) sheet.insertColumnsAfter(max, columns.growTo - max);
}
