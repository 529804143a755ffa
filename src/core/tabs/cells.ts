// The one way a value from the API reaches a cell. Sheets parses every string written with setValues as if
// the author had typed it (`=…` becomes a formula, `00123` a number, `1/2` a date), so every string gets a
// leading apostrophe: the documented way to keep typed input as text. The apostrophe is not part of the
// cell's content; it is applied to every string, not only to strings that look parseable, because what
// Sheets parses depends on the spreadsheet's locale and a guess could miss a case.
import { MS_PER_DAY } from '../base/days';
import type { CalendarDate, CellValue } from '../report';
import { cellOf, fitText, isCalendarDate, MAX_CELL_CHARS } from '../report/cell-value';

export { isCalendarDate, MAX_CELL_CHARS };

/** What the sheet writer hands to Range.setValues. */
export type SheetCell = string | number | boolean | Date;

/** Days between the spreadsheet epoch (1899-12-30) and the Unix epoch. */
export const EPOCH_OFFSET_DAYS = 25_569;

/** Text as Sheets must keep it: never a formula, number or date. Longer than a cell can hold: cut, with a
 * visible "…". Whether the apostrophe counts toward the cell's 50,000 characters is undocumented, so it is
 * counted: apostrophe and text together stay within the limit (docs/google-rules.md). */
export function literalText(text: string): string {
  return text === '' ? '' : `'${fitText(text, MAX_CELL_CHARS - 1)}`;
}

/** A calendar day or month as a spreadsheet serial number (days since 1899-12-30): no time zone can shift it. */
export function calendarSerial(date: CalendarDate): number | null {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(date.iso);
  if (!match) return null;
  const utc = Date.UTC(Number(match[1]), Number(match[2]) - 1, match[3] ? Number(match[3]) : 1);
  return utc / MS_PER_DAY + EPOCH_OFFSET_DAYS;
}

/** Instants stay Dates (Sheets shows them in the sheet's time zone); everything else as described above. */
export function sheetCell(value: CellValue): SheetCell {
  return cellOf(value, literalText, (date) => calendarSerial(date) ?? literalText(date.iso));
}
