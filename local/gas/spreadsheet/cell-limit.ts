// A cell holds at most 50,000 characters (Google Sheets' limits; docs/apps-script.md, "Writing to a
// sheet"). Whether the leading apostrophe of typed text counts is undocumented, so the emulator counts
// every character written, apostrophe included: text that passes here passes in Sheets under either reading.
import { GasError, messages } from '../messages.ts';

export const CELL_CHARACTER_LIMIT = 50_000;

/** Throws Sheets' refusal for a string longer than a cell holds; other values pass. */
export function checkCellText(raw: unknown): void {
  if (typeof raw === 'string' && raw.length > CELL_CHARACTER_LIMIT)
    throw new GasError(messages.cellTooLong(CELL_CHARACTER_LIMIT));
}

/** A custom function's result lands in cells: one over the limit fails the formula (UNCONFIRMED wording). */
export function resultInCells(result: unknown): unknown {
  for (const cell of Array.isArray(result) ? result.flat() : [result]) checkCellText(cell);
  return result;
}
