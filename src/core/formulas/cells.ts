// A report cell → what a custom function may return in a cell, or what the tab writer sends (tabs/cells.ts):
// both read a value the same way, and differ in how they write text and calendar days. Strings a custom
// function returns are not parsed by Sheets, so API text goes back as it is (no apostrophe). A calendar day
// becomes a Date at midnight in the spreadsheet's time zone; only the platform knows that zone, so it passes
// `dayToDate`.

import { cutText } from '../base/text';
import { isObject } from '../base/unknown';
import type { CalendarDate, CellValue } from '../report/types';

export type FormulaCell = string | number | boolean | Date;

/** Sheets refuses a cell holding more than 50,000 characters. */
export const MAX_CELL_CHARS = 50_000;

/** `iso` is `YYYY-MM-DD`; a month (`YYYY-MM`) arrives as its first day. */
export type DayToDate = (isoDay: string) => Date;

/** Text a cell can hold: longer than that, cut with a visible "…" (text.ts). Also the tab writer's
 * (core/tabs/cells.ts). */
export function fitText(text: string, max = MAX_CELL_CHARS): string {
  return cutText(text, max);
}

export function isCalendarDate(value: unknown): value is CalendarDate {
  return isObject(value) && value.kind === 'calendar-date';
}

/** Nothing, a number that is not finite and a date that is no date are empty; text and calendar days as
 * the caller writes them (anything else is shown as text). */
export function cellOf<T>(
  value: CellValue | undefined,
  text: (text: string) => string,
  day: (date: CalendarDate) => T,
): FormulaCell | T {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return text(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value;
  return isCalendarDate(value) ? day(value) : text(String(value));
}

export function formulaCell(value: CellValue, dayToDate: DayToDate): FormulaCell {
  return cellOf(value, fitText, ({ iso }) => dayToDate(iso.length === 7 ? `${iso}-01` : iso));
}
