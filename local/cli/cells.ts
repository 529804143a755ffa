// One emulated Sheets cell → one .xlsx cell: the stored value, its number format, bold, text colour and
// background. Sheets and Excel share number format syntax for everything the add-on writes (`#,##0.00`,
// `[$€]#,##0.00`, `0.0%`, `yyyy-mm-dd`), so formats pass through unchanged.
import type { CellObject } from 'write-excel-file/node';
import { cutText } from '../../src/core/base/text.ts';
import { wallTime } from '../gas/zone.ts';

/** What one cell of an emulated sheet holds. */
export interface SheetCell {
  readonly value: unknown;
  readonly numberFormat?: string;
  readonly fontWeight?: string;
  readonly fontColor?: string;
  readonly background?: string;
  /** A formula the add-on wrote (`=C9*$B$9`): kept a formula in the workbook, so it follows the cells. */
  readonly formula?: string;
}

/** Excel keeps at most 32,767 characters in a cell (Sheets allows 50,000): longer text is cut with a visible "…". */
export const EXCEL_TEXT_LIMIT = 32_767;

const DAY_MS = 86_400_000;
/** Days from the sheet epoch (1899-12-30) to 1970-01-01, as write-excel-file counts them. */
const UNIX_EPOCH_SERIAL = 25_569;

/** Sheets' own defaults: writing them would only bloat the file. */
const DEFAULT_FORMATS = new Set(['', 'general', '0.###############']);
const DEFAULT_FONT_COLOURS = new Set(['#000000', 'black']);
const DEFAULT_BACKGROUNDS = new Set(['#ffffff', 'white']);

const NAMED_COLOURS: Readonly<Record<string, string>> = {
  black: '#000000',
  white: '#ffffff',
  red: '#ff0000',
  green: '#008000',
  blue: '#0000ff',
  yellow: '#ffff00',
  orange: '#ffa500',
  grey: '#808080',
  gray: '#808080',
};

/** `#abc`, `#aabbcc` or a basic colour name → `#aabbcc`; anything else → undefined (left unstyled). */
function hexColour(colour: string | undefined): string | undefined {
  if (!colour) return undefined;
  const text = colour.trim().toLowerCase();
  const named = NAMED_COLOURS[text];
  if (named) return named;
  if (/^#[0-9a-f]{6}$/.test(text)) return text;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text);
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : undefined;
}

/** A format that shows a date or time: has y, d, h or s outside quotes and brackets (m alone is ambiguous). */
export function isDateFormat(format: string): boolean {
  const bare = format.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  return /[ydhs]/i.test(bare) && !/[#0?]/.test(bare.replace(/\.0+/g, ''));
}

/** The wall-clock time of `instant` in `timeZone`, as a Date whose UTC fields carry it (what .xlsx stores). */
export function wallClock(instant: Date, timeZone: string): Date {
  const w = wallTime(instant.getTime(), timeZone);
  return new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond));
}

export function fitText(text: string): string {
  return cutText(text, EXCEL_TEXT_LIMIT);
}

function style(cell: SheetCell): Partial<CellObject> {
  const out: Partial<CellObject> = {};
  if (cell.fontWeight === 'bold') out.fontWeight = 'bold';
  const colour = hexColour(cell.fontColor);
  if (colour && !DEFAULT_FONT_COLOURS.has(colour)) out.textColor = colour;
  const background = hexColour(cell.background);
  if (background && !DEFAULT_BACKGROUNDS.has(background)) out.backgroundColor = background;
  return out;
}

/** The .xlsx cell for one emulated cell, in the spreadsheet's `timeZone`; null when empty and unstyled. */
export function toXlsxCell(cell: SheetCell, timeZone: string): CellObject | null {
  const styled = style(cell);
  const format =
    cell.numberFormat && !DEFAULT_FORMATS.has(cell.numberFormat.toLowerCase()) ? cell.numberFormat : '';
  const { value } = cell;
  if (cell.formula) {
    // Excel computes it on opening; its number format shows the result as Sheets does.
    return format
      ? { ...styled, type: 'Formula', value: cell.formula, format }
      : { ...styled, type: 'Formula', value: cell.formula };
  }
  if (value instanceof Date) {
    return {
      ...styled,
      type: Date,
      value: wallClock(value, timeZone),
      format: format || 'yyyy-mm-dd hh:mm:ss',
    };
  }
  if (typeof value === 'number' && Number.isFinite(value)) {
    // A date serial (a day written by the add-on as a number with a date format) stays a date.
    if (format && isDateFormat(format)) {
      return { ...styled, type: Date, value: new Date((value - UNIX_EPOCH_SERIAL) * DAY_MS), format };
    }
    return format ? { ...styled, type: Number, value, format } : { ...styled, type: Number, value };
  }
  if (typeof value === 'boolean') return { ...styled, type: Boolean, value };
  const text = value === null || value === undefined ? '' : fitText(String(value));
  // An empty cell keeps its background: the banner colour spans the banner row.
  if (text === '') return Object.keys(styled).length > 0 ? styled : null;
  return format === '@'
    ? { ...styled, type: String, value: text, format }
    : { ...styled, type: String, value: text };
}
