// The history tab's sheet I/O: the ledger read in one range of its own columns, and the port its writing
// is carried out over, call by call (core/flows/ledger-write.ts: rows and columns inserted, one write per
// run of changed rows, the banner after them, undone on failure). The same few Spreadsheet calls for a
// month-old ledger or a ten-year one.
import { type LedgerSheetWritePort, writeLedger as writeLedgerOver } from '../../core/flows/ledger-write';
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

const writePort: LedgerSheetWritePort<Sheet> = {
  insertRowsAfter: (sheet, after, count) => sheet.insertRowsAfter(after, count),
  insertRowsBefore: (sheet, row, count) => sheet.insertRowsBefore(row, count),
  deleteRows: (sheet, row, count) => sheet.deleteRows(row, count),
  insertColumnsAfter: (sheet, after, count) => sheet.insertColumnsAfter(after, count),
  deleteColumns: (sheet, column, count) => sheet.deleteColumns(column, count),
  maxColumns: (sheet) => sheet.getMaxColumns(),
  run(sheet, run) {
    const range = sheet.getRange(run.row, 1, run.values.length, run.values[0]!.length);
    return {
      numberFormats: () => range.setNumberFormats(run.numberFormats),
      values: () => range.setValues(run.values),
      fontWeights: () => range.setFontWeights(run.fontWeights),
    };
  },
  putBlock,
};

/** Carries out the writing (core/flows/ledger-write.ts decides its order and what a failure undoes);
 * `remember` writes the mark, last. */
export function writeLedger(sheet: Sheet, writing: LedgerWriting, remember: () => void): void {
  writeLedgerOver(writePort, sheet, writing, remember);
}
