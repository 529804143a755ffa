// A cell holds at most 50,000 characters (Google Sheets' limits; docs/apps-script.md, "Writing to a
// sheet"). Whether the leading apostrophe of typed text counts is undocumented, so the emulator counts
// every character written, apostrophe included: text that passes here passes in Sheets under either reading.
import { GasError, messages } from '../messages.ts';

const CELL_CHARACTER_LIMIT = 50_000;

/** Throws Sheets' refusal for a string longer than a cell holds; other values pass. */
export function checkCellText(raw: unknown): void {
  if (typeof raw === 'string' && raw.length > CELL_CHARACTER_LIMIT)
    throw new GasError(messages.cellTooLong(CELL_CHARACTER_LIMIT));
}

/**
 * How many cells (rows × columns) a custom function's result may fill before Google refuses it with "Result
 * too large". Undocumented: a result of 61,744 rows × 8 columns (493,952 cells) was refused (Blacksmoke16/
 * GESI#102). The default reading is pessimistic, well under that; EmulatorOptions.resultCellLimit sets
 * another (null: no limit).
 */
export const RESULT_CELL_LIMIT = 200_000;

/** A custom function's result lands in cells: one over the limit fails the formula (UNCONFIRMED wording);
 * a result over `cellLimit` cells is refused as a whole. */
export function resultInCells(result: unknown, cellLimit: number | null): unknown {
  if (cellLimit !== null && Array.isArray(result)) {
    const cells = result.reduce((n: number, row: unknown) => n + (Array.isArray(row) ? row.length : 1), 0);
    if (cells > cellLimit) throw new GasError(messages.resultTooLarge);
  }
  for (const cell of Array.isArray(result) ? result.flat() : [result]) checkCellText(cell);
  return result;
}
