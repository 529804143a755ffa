// Number formats by column hint. Money carries the response's currency: a symbol where it is unambiguous,
// the ISO code otherwise, and the currency's own number of decimals (JPY none).
import { type CellValue, CURRENCY_SYMBOL, type FormatHint, moneyDecimals } from '../report';
import { isCalendarDate } from './cells';

/** Sheets' automatic format: text and booleans show as they are. */
export const PLAIN_FORMAT = 'General';

export function moneyFormat(currency: string): string {
  const code = currency.toUpperCase();
  const decimals = moneyDecimals(code);
  const digits = `#,##0${decimals > 0 ? `.${'0'.repeat(decimals)}` : ''}`;
  const prefix = CURRENCY_SYMBOL[code];
  // The symbols are ours (report/money.ts), none with a double quote in it.
  if (prefix) return `"${prefix}"${digits}`;
  return /^[A-Z]{3}$/.test(code) ? `${digits} "${code}"` : digits;
}

export const DATE_FORMAT = 'yyyy-mm-dd';
export const MONTH_FORMAT = 'yyyy-mm';
const DATETIME_FORMAT = 'yyyy-mm-dd hh:mm';

/** By hint kind; money's follows its currency, and booleans and text are General. */
const HINT_FORMATS: Partial<Record<FormatHint['kind'], string>> = {
  integer: '#,##0',
  decimal: '#,##0.00',
  percent: '0.0%',
  date: DATE_FORMAT,
  month: MONTH_FORMAT,
  datetime: DATETIME_FORMAT,
};

export function hintFormat(hint: FormatHint): string {
  return hint.kind === 'money' ? moneyFormat(hint.currency) : HINT_FORMATS[hint.kind] || PLAIN_FORMAT;
}

/** The format of one cell: the value decides first (a day is a date whatever its column), then the hint. */
export function cellFormat(value: CellValue, hintFormatText: string): string {
  if (typeof value === 'number') return hintFormatText;
  if (value instanceof Date) return DATETIME_FORMAT;
  if (isCalendarDate(value)) return value.iso.length === 7 ? MONTH_FORMAT : DATE_FORMAT;
  return PLAIN_FORMAT;
}
