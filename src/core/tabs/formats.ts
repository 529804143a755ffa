// Number formats by column hint. Money carries the response's currency: a symbol where it is unambiguous,
// the ISO code otherwise, and the currency's own number of decimals (JPY none).
import { type CellValue, CURRENCY_SYMBOL, type FormatHint, moneyDecimals } from '../report';
import { isCalendarDate } from './cells';

/** Sheets' automatic format: text and booleans show as they are. */
export const PLAIN_FORMAT = 'General';

function quoted(text: string): string {
  return `"${text.replace(/"/g, '')}"`;
}

export function moneyFormat(currency: string): string {
  const code = currency.toUpperCase();
  const decimals = moneyDecimals(code);
  const digits = decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0';
  const prefix = CURRENCY_SYMBOL[code];
  if (prefix) return `${quoted(prefix)}${digits}`;
  return /^[A-Z]{3}$/.test(code) ? `${digits} ${quoted(code)}` : digits;
}

export const DATE_FORMAT = 'yyyy-mm-dd';
export const MONTH_FORMAT = 'yyyy-mm';
const DATETIME_FORMAT = 'yyyy-mm-dd hh:mm';

export function hintFormat(hint: FormatHint): string {
  switch (hint.kind) {
    case 'money':
      return moneyFormat(hint.currency);
    case 'integer':
      return '#,##0';
    case 'decimal':
      return '#,##0.00';
    case 'percent':
      return '0.0%';
    case 'date':
      return DATE_FORMAT;
    case 'month':
      return MONTH_FORMAT;
    case 'datetime':
      return DATETIME_FORMAT;
    default:
      return PLAIN_FORMAT;
  }
}

/** The format of one cell: the value decides first (a day is a date whatever its column), then the hint. */
export function cellFormat(value: CellValue, hintFormatText: string): string {
  if (typeof value === 'number') return hintFormatText;
  if (value instanceof Date) return DATETIME_FORMAT;
  if (isCalendarDate(value)) return value.iso.length === 7 ? MONTH_FORMAT : DATE_FORMAT;
  return PLAIN_FORMAT;
}
