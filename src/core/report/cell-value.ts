// A report cell read one way by both of its writers: the tab writer (core/tabs/cells.ts) and the custom
// functions (core/formulas/cells.ts). They differ only in how they write text and calendar days, which
// each passes in; the limit of a cell and the text that fits it are the same for both.
import { cutText } from '../base/text';
import { isObject } from '../base/unknown';
import type { CalendarDate, CellValue } from './types';

/** Sheets refuses a cell holding more than 50,000 characters. */
export const MAX_CELL_CHARS = 50_000;

/** Text a cell can hold: longer than that, cut with a visible "…" (base/text.ts). */
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
): string | number | boolean | Date | T {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return text(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value;
  return isCalendarDate(value) ? day(value) : text(String(value));
}
