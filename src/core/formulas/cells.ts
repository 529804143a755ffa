// A report cell → what a custom function may return in a cell. Read as the tab writer reads it
// (report/cell-value.ts); strings a custom function returns are not parsed by Sheets, so API text goes back
// as it is (no apostrophe). A calendar day becomes a Date at midnight in the spreadsheet's time zone; only
// the platform knows that zone, so it passes `dayToDate`.
import { cellOf, fitText } from '../report/cell-value';
import type { CellValue } from '../report/types';

export type FormulaCell = string | number | boolean | Date;

/** `iso` is `YYYY-MM-DD`; a month (`YYYY-MM`) arrives as its first day. */
export type DayToDate = (isoDay: string) => Date;

export function formulaCell(value: CellValue, dayToDate: DayToDate): FormulaCell {
  return cellOf(value, fitText, ({ iso }) => dayToDate(iso.length === 7 ? `${iso}-01` : iso));
}
