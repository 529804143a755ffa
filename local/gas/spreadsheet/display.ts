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

/** A format's sections, split at semicolons outside quotes, brackets and backslash escapes. */
function sections(format: string): string[] {
  const out: string[] = [];
  let current = '';
  for (let i = 0; i < format.length; i++) {
    const ch = format[i]!;
    if (ch === '"') {
      const end = format.indexOf('"', i + 1);
      const stop = end < 0 ? format.length : end;
      current += format.slice(i, stop + 1);
      i = stop;
    } else if (ch === '[') {
      const end = format.indexOf(']', i + 1);
      const stop = end < 0 ? format.length : end;
      current += format.slice(i, stop + 1);
      i = stop;
    } else if (ch === '\\') {
      current += format.slice(i, i + 2);
      i++;
    } else if (ch === ';') {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out;
}

/** One section shown for a value of zero or more: literal text kept where it stands
 *  ("quoted", \\x, [$€-407] currencies, any other character but the digit placeholders), the digits in
 *  the place of the first placeholder. */
function sectionShown(value: number, section: string): string {
  const percent = /%/.test(section.replace(/"[^"]*"/g, ''));
  const shownValue = percent ? value * 100 : value;
  const digitsPart = /[0#?][0#?,]*(\.[0#?]*)?/.exec(
    section.replace(/"[^"]*"|\[[^\]]*\]|\\./g, (m) => ' '.repeat(m.length)),
  );
  const decimals = digitsPart?.[1] ? digitsPart[1].length - 1 : 0;
  if (/E\+/i.test(section))
    return shownValue
      .toExponential(decimals)
      .toUpperCase()
      .replace(/E\+?(-?)(\d)$/, 'E+$10$2');
  const digits = grouped(shownValue, decimals, section.includes('#,##') || section.includes('0,0'));
  let out = '';
  let placed = false;
  for (let i = 0; i < section.length; i++) {
    const ch = section[i]!;
    if (ch === '"') {
      const end = section.indexOf('"', i + 1);
      const stop = end < 0 ? section.length : end;
      out += section.slice(i + 1, stop);
      i = stop;
    } else if (ch === '[') {
      const end = section.indexOf(']', i + 1);
      const stop = end < 0 ? section.length : end;
      const currency = /^\[\$([^-\]]*)/.exec(section.slice(i, stop + 1));
      if (currency) out += currency[1];
      i = stop;
    } else if (ch === '\\') {
      out += section[i + 1] ?? '';
      i++;
    } else if (digitsPart && i === digitsPart.index) {
      out += digits;
      placed = true;
      i += digitsPart[0].length - 1;
    } else if (ch === '_' || ch === '*') {
      // Padding (the width of the next character) and fill: no text of their own here.
      i++;
    } else out += ch;
  }
  return placed ? out : `${out}${digits}`;
}

/** Sheets' number formats: up to four sections, positive;negative;zero;text. A negative value under a
 *  format with a negative section is shown without its minus (the section writes its own sign or
 *  brackets); with one section, with a minus before it. A value of zero takes the third section, else the
 *  first (Google Sheets help, "Customize number formats": "positive;negative;zero;text"). */
function numberShown(n: number, format: string): string {
  if (format === '' || format === 'General' || format === '@') return String(n);
  const parts = sections(format);
  if (n < 0 && parts.length >= 2) return sectionShown(-n, parts[1]!);
  if (n === 0 && parts.length >= 3) return sectionShown(0, parts[2]!);
  // One section for every sign: the minus goes before everything, "-$5.00" (as Sheets shows it).
  if (n < 0) return `-${sectionShown(-n, parts[0]!)}`;
  return sectionShown(n, parts[0]!);
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
