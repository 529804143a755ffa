// A report cell → what a custom function may return in a cell. Strings a custom function returns are not
// parsed by Sheets, so API text goes back as it is (no apostrophe). A calendar day becomes a Date at
// midnight in the spreadsheet's time zone; only the platform knows that zone, so it passes `dayToDate`.
import type { CellValue } from '../report/types';

export type FormulaCell = string | number | boolean | Date;

/** Sheets refuses a cell holding more than 50,000 characters. */
export const MAX_CELL_CHARS = 50_000;

const CUT_MARK = '…';

/** `iso` is `YYYY-MM-DD`; a month (`YYYY-MM`) arrives as its first day. */
export type DayToDate = (isoDay: string) => Date;

/** Text a cell can hold: longer than that, cut with a visible "…" (never between an emoji's two halves).
 * Also the tab writer's (core/tabs/cells.ts). */
export function fitText(text: string, max = MAX_CELL_CHARS): string {
  if (text.length <= max) return text;
  let end = max - CUT_MARK.length;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end) + CUT_MARK;
}

export function formulaCell(value: CellValue, dayToDate: DayToDate): FormulaCell {
  if (value === null) return '';
  if (typeof value === 'string') return fitText(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  if (typeof value === 'boolean' || value instanceof Date) return value;
  const iso = value.iso.length === 7 ? `${value.iso}-01` : value.iso;
  return dayToDate(iso);
}
