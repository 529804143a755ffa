// What a cell shows, approximately: enough for tests to see that a number format took effect or that a
// date stayed a date. Not Sheets' full number-format language (README.md, "Displayed values").
import { formatDate } from '../format-date.ts';
import type { Cell } from './model.ts';

function grouped(n: number, decimals: number, thousands: boolean): string {
  return n.toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: thousands,
  });
}

function numberShown(n: number, format: string): string {
  if (format === '' || format === 'General' || format === '@') return String(n);
  const percent = format.includes('%');
  const value = percent ? n * 100 : n;
  const decimals = /\.(0+)/.exec(format)?.[1]?.length ?? 0;
  const prefix = /^"([^"]*)"/.exec(format)?.[1] ?? '';
  if (/E\+/i.test(format))
    return value
      .toExponential(decimals)
      .toUpperCase()
      .replace(/E\+?(-?)(\d)$/, 'E+$10$2');
  return `${prefix}${grouped(value, decimals, format.includes('#,##'))}${percent ? '%' : ''}`;
}

/** Sheets date format → Java pattern for formatDate (mm is minutes next to h or s, month elsewhere).
 *  Sheets reads h/hh as a 24-hour clock unless the pattern has AM/PM (Sheets' "Date and number formats"
 *  help: "h: hour of the day; switches between 12 and 24 hour format depending on whether an am/pm
 *  indicator is present"); Java's h is always 12-hour, so h becomes H without one. */
function datePattern(format: string): string {
  const twelveHour = /am\/pm/i.test(format);
  return format
    .replace(/h/gi, () => (twelveHour ? 'h' : 'H'))
    .replace(/am\/pm/gi, 'a')
    .replace(/(h+:)mm/gi, '$1MI')
    .replace(/mm(:s)/gi, 'MI$1')
    .replace(/m/g, 'M')
    .replace(/MI/g, 'mm')
    .replace(/D/g, 'd')
    .replace(/Y/g, 'y');
}

const SERIAL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/** A date format, once quoted text and [$…] sections are set aside: it has day or year letters. */
function isDateFormat(format: string): boolean {
  return /[dy]/i.test(format.replace(/"[^"]*"|\[[^\]]*\]/g, ''));
}

export function displayed(cell: Cell | undefined, timeZone: string): string {
  if (!cell) return '';
  const { value } = cell;
  const format = cell.numberFormat ?? '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  // A date serial (days since 1899-12-30) is wall-clock time: shown as is, in no time zone.
  if (typeof value === 'number' && isDateFormat(format)) {
    return formatDate(SERIAL_EPOCH_MS + Math.round(value * DAY_MS), 'UTC', datePattern(format));
  }
  if (typeof value === 'number') return numberShown(value, format);
  if (value instanceof Date) {
    const pattern = format && format !== 'General' ? datePattern(format) : 'M/d/yyyy';
    return formatDate(value.getTime(), timeZone, pattern);
  }
  return value;
}
