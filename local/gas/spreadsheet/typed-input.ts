// A string written with setValue/setValues is typed input, as if someone typed it into the cell
// (docs/apps-script.md, "Writing to a sheet"): `=…` is a formula, numeric-, boolean- or date-looking
// text becomes a number, boolean or Date, a leading apostrophe keeps the rest as text. Locale en_US.
// A cell formatted as plain text ('@') keeps every string as it is. Details: README.md, "Typed input".
import { instantOf, wallTime } from '../zone.ts';

interface TypedValue {
  value: string | number | boolean | Date;
  formula?: string;
  /** The number format Sheets gives the cell when the cell has none yet. */
  format?: string;
}

const NUMBER = /^([+-]?)([$£€]?)((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d*)?|\.\d+)(?:[eE]([+-]?\d+))?(%?)$/;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

interface TypingContext {
  timeZone: string;
  now: number;
}

export function typedInput(text: string, ctx: TypingContext): TypedValue {
  if (text.startsWith("'")) return { value: text.slice(1) };
  if (text.startsWith('=') && text.length > 1) return { value: '', formula: text };
  const t = text.trim();
  if (t === '') return { value: text };
  if (/^(true|false)$/i.test(t)) return { value: t.toUpperCase() === 'TRUE' };
  const number = parseNumber(t);
  if (number) return number;
  const date = parseDateTime(t, ctx);
  if (date) return date;
  // Sheets starts a formula at a leading + or - too: "+44 20 7946 0000" shows #ERROR!.
  if (/^[+-]./.test(t)) return { value: '#ERROR!', formula: `=${t}` };
  return { value: text };
}

function parseNumber(t: string): TypedValue | null {
  const m = NUMBER.exec(t);
  if (!m) return null;
  const [, sign, currency, digits, exponent, percent] = m;
  let n = Number((digits ?? '').replace(/,/g, '')) * 10 ** Number(exponent ?? 0);
  if (sign === '-') n = -n;
  if (percent) return { value: n / 100, format: '0.00%' };
  if (currency) return { value: n, format: `"${currency}"#,##0.00` };
  if (exponent) return { value: n, format: '0.00E+00' };
  if (digits?.includes(',')) return { value: n, format: '#,##0' };
  return { value: n };
}

function validDay(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function fullYear(y: string): number {
  const n = Number(y);
  if (y.length > 2) return n;
  return n < 30 ? 2000 + n : 1900 + n;
}

const FULL_MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

function monthOf(name: string): number {
  const lower = name.toLowerCase();
  const short = MONTHS.indexOf(lower) + 1;
  return short > 0 ? short : FULL_MONTHS.indexOf(lower) + 1;
}

const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap]m)?$/i;

function parseTime(t: string): { h: number; mi: number; s: number } | null {
  const m = TIME.exec(t);
  if (!m) return null;
  let h = Number(m[1]);
  const mi = Number(m[2]);
  const s = Number(m[3] ?? 0);
  const ampm = m[4]?.toLowerCase();
  if (ampm) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (ampm === 'pm' ? 12 : 0);
  }
  if (h > 23 || mi > 59 || s > 59) return null;
  return { h, mi, s };
}

function parseDateTime(t: string, ctx: TypingContext): TypedValue | null {
  const onlyTime = parseTime(t);
  if (onlyTime) {
    // A time alone is a time of day on Sheets' epoch, 30 Dec 1899.
    const ms = instantOf(ctx.timeZone, 1899, 12, 30, onlyTime.h, onlyTime.mi, onlyTime.s);
    return { value: new Date(ms), format: 'h:mm:ss am/pm' };
  }
  const [datePart = '', ...rest] = t.split(/\s+(?=\d{1,2}:)/);
  const time = rest.length > 0 ? parseTime(rest.join(' ')) : { h: 0, mi: 0, s: 0 };
  if (!time) return null;
  const ymd = dateOf(datePart, ctx);
  if (!ymd || !validDay(ymd.year, ymd.month, ymd.day)) return null;
  const ms = instantOf(ctx.timeZone, ymd.year, ymd.month, ymd.day, time.h, time.mi, time.s);
  const format = rest.length > 0 ? `${ymd.format} H:mm:ss` : ymd.format;
  return { value: new Date(ms), format };
}

function dateOf(
  s: string,
  ctx: TypingContext,
): { year: number; month: number; day: number; format: string } | null {
  let m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(s);
  if (m) return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), format: 'yyyy-mm-dd' };
  // en_US: month first. "1/2" is 2 January of this year.
  m = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{2}|\d{4}))?$/.exec(s);
  if (m) {
    const year = m[3] ? fullYear(m[3]) : wallTime(ctx.now, ctx.timeZone).year;
    return { year, month: Number(m[1]), day: Number(m[2]), format: 'M/d/yyyy' };
  }
  m = /^([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(s);
  if (m && monthOf(m[1] ?? '') > 0)
    return { year: Number(m[3]), month: monthOf(m[1] ?? ''), day: Number(m[2]), format: 'mmm d, yyyy' };
  m = /^(\d{1,2})\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})$/.exec(s);
  if (m && monthOf(m[2] ?? '') > 0)
    return { year: Number(m[3]), month: monthOf(m[2] ?? ''), day: Number(m[1]), format: 'd mmm yyyy' };
  return null;
}
