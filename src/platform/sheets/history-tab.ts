// The history tab's sheet I/O. The ledger is read once (one range of its own columns), new days go in as
// inserted rows (so the author's cells beside a day stay beside it, and nothing below is written over), new
// columns as inserted columns, and only the span of changed rows is written: the same few Spreadsheet calls
// for a month-old ledger or a ten-year one.
import { offsetMinutes } from '../../core/formulas';
import { keyLabel, type Merged, readRow, rowCells, rowFormats, type SheetRow } from '../../core/history';
import { TEXT } from '../../core/report';
import { type Banner, HEADER_ROWS, tabBlock } from '../../core/tabs';
import type { OwnedTab, TabDirectory } from './directory';

export interface LedgerRead {
  readonly owned: OwnedTab;
  readonly keys: readonly string[];
  /** Sheet rows from row 3 to the ledger's last day. */
  readonly rows: readonly SheetRow[];
  /** The cells read, for rows kept as they are. */
  readonly raw: readonly (readonly unknown[])[];
}

/** Sheets hands a date cell back as a Date at midnight in the sheet's zone: its offset turns it into a day. */
function zoneOffsetMs(timeZone: string, now: number): number {
  return offsetMinutes(Utilities.formatDate(new Date(now), timeZone, 'Z')) * 60_000;
}

export function readLedger(directory: TabDirectory, timeZone: string, now: number): LedgerRead {
  const owned = directory.findOrCreate('history');
  const keys = owned.mark.columns;
  const empty = { owned, keys, rows: [], raw: [] };
  if (keys.length === 0) return empty;
  const last = owned.sheet.getLastRow();
  if (last <= HEADER_ROWS) return empty;
  const raw = owned.sheet.getRange(HEADER_ROWS + 1, 1, last - HEADER_ROWS, keys.length).getValues();
  const offset = raw.some((r) => r[0] instanceof Date) ? zoneOffsetMs(timeZone, now) : 0;
  const rows = raw.map((cells) => readRow(cells, keys, offset));
  // Rows below the last day (the author's totals, notes) are not the ledger's.
  let end = rows.length;
  while (end > 0 && rows[end - 1] === null) end -= 1;
  return { owned, keys, rows: rows.slice(0, end), raw: raw.slice(0, end) };
}

export interface LedgerWrite {
  readonly keys: readonly string[];
  readonly labels: ReadonlyMap<string, string>;
  readonly merged: Merged;
  readonly banner: Banner;
  readonly at: number;
}

function widen(read: LedgerRead, width: number): void {
  const { sheet } = read.owned;
  const before = read.keys.length;
  if (width <= before) return;
  // Inserted, not written into: the author's columns to the right move along with their cells.
  if (before > 0) sheet.insertColumnsAfter(before, width - before);
  else {
    const max = sheet.getMaxColumns();
    if (width > max) sheet.insertColumnsAfter(max, width - max);
  }
}

function insertRows(read: LedgerRead, merged: Merged): void {
  const { sheet } = read.owned;
  for (const { before, count } of merged.insertions) {
    if (before >= read.rows.length) sheet.insertRowsAfter(HEADER_ROWS + read.rows.length, count);
    else sheet.insertRowsBefore(HEADER_ROWS + 1 + before, count);
  }
}

/** Banner and headers: the same block every tab has (layout.ts), for the ledger's columns. */
function writeHeader(read: LedgerRead, write: LedgerWrite): void {
  const columns = write.keys.map((key) => ({ key, label: keyLabel(key, write.labels), format: TEXT }));
  const block = tabBlock(
    { columns, rows: [], meta: { period: null, currency: null, truncated: false } },
    write.banner,
    0,
  );
  const range = read.owned.sheet.getRange(1, 1, HEADER_ROWS, write.keys.length);
  range.setNumberFormats(block.numberFormats);
  range.setValues(block.values);
  range.setFontWeights(block.fontWeights);
  range.setBackgrounds(block.backgrounds);
}

/** The changed rows, from the first to the last, in one write (rows between them rewritten as they are). */
function writeSpan(read: LedgerRead, write: LedgerWrite): void {
  const { changed, rows, from } = write.merged;
  if (changed.length === 0) return;
  // In sheet order, as the merge lists them.
  const lo = changed[0]!;
  const hi = changed[changed.length - 1]!;
  const formats = rowFormats(write.keys);
  const values = [];
  for (let i = lo; i <= hi; i++) {
    const at = from[i];
    values.push(rowCells(rows[i]!, write.keys, at === null || at === undefined ? [] : read.raw[at]));
  }
  const range = read.owned.sheet.getRange(HEADER_ROWS + 1 + lo, 1, hi - lo + 1, write.keys.length);
  range.setNumberFormats(values.map(() => formats));
  range.setValues(values);
  // Inserted rows take the format of the row above: the bold header, for the first day.
  range.setFontWeights(values.map(() => formats.map(() => 'normal')));
}

export function writeLedger(directory: TabDirectory, read: LedgerRead, write: LedgerWrite): void {
  widen(read, write.keys.length);
  insertRows(read, write.merged);
  writeHeader(read, write);
  writeSpan(read, write);
  directory.remember(read.owned, {
    tab: 'history',
    columns: write.keys,
    blockRows: HEADER_ROWS + write.merged.rows.length,
    dataAt: write.at,
  });
}
