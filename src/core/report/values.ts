// One flattened value on its way to a cell, and what a string from the API looks like (a day, a month, an
// instant, or just text). The patterns are compiled once here: they run on every string cell.

import type { CalendarDate } from './types';

/** Text this layer made (an array joined with ", ", JSON of something too deep): never read as a date. */
export class MadeText {
  constructor(readonly text: string) {}
}

/** An amount the API gave as `{amount, currency}`: the number, and the currency it was in. */
export class Amount {
  constructor(
    readonly amount: number,
    readonly currency: string,
  ) {}
}

export type Leaf = string | number | boolean | null | MadeText | Amount;

export type StringKind = 'date' | 'month' | 'datetime' | 'text';

/** A day (`2026-11-01`) or a month (`2026-11`). */
const DAY_OR_MONTH = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/;
// A time of day needs a zone (Z or an offset): without one the instant is ambiguous, so it stays text.
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)$/i;

export function stringKind(text: string): StringKind {
  // Cheap first look: every date form starts with four digits and a hyphen.
  if (text.length < 7 || text.charCodeAt(4) !== 45) return 'text';
  const m = DAY_OR_MONTH.exec(text);
  if (m !== null) return realDay(m) ? (m[3] === undefined ? 'month' : 'date') : 'text';
  return instantMatch(text) === null ? 'text' : 'datetime';
}

/** A timestamp at midnight (`2026-11-01T00:00:00Z`, `…T00:00+02:00`): how APIs often send a day. A column
 * (or the keys of an object) of nothing but these is a column of days, read as written: the offset says
 * whose midnight, so the day is the one the text names, never shifted into another zone. */
export function midnightDay(text: string): string | null {
  const m = instantMatch(text);
  if (m === null) return null;
  const midnight = m[4] === '00' && m[5] === '00' && Number(m[6] || 0) === 0 && Number(m[7] || 0) === 0;
  return midnight ? text.slice(0, 10) : null;
}

export function calendarDate(iso: string): CalendarDate {
  return { kind: 'calendar-date', iso };
}

/** Whether a match's year, month and day exist (a month's first day, when it names no day). */
function realDay(m: RegExpExecArray): boolean {
  return validDay(Number(m[1]), Number(m[2]), Number(m[3] || 1));
}

/** The instant an ISO 8601 timestamp names, or null. Computed by hand: no reliance on Date.parse quirks. */
export function parseInstant(text: string): Date | null {
  const m = instantMatch(text);
  if (m === null) return null;
  const millis = m[7] === undefined ? 0 : Number(`${m[7]}00`.slice(0, 3));
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0 to 99 as 1900 to 1999.
  const date = new Date(0);
  date.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  date.setUTCHours(Number(m[4]), Number(m[5]) - offsetMinutes(m[8]!), Number(m[6] || 0), millis);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The parts of a valid timestamp (a real day, hours to 23, minutes and seconds to 59), or null. */
function instantMatch(text: string): RegExpExecArray | null {
  const m = INSTANT.exec(text);
  if (m === null) return null;
  const valid = realDay(m) && Number(m[4]) <= 23 && Number(m[5]) <= 59 && Number(m[6] || 0) <= 59;
  return valid ? m : null;
}

function offsetMinutes(zone: string): number {
  if (zone === 'Z' || zone === 'z') return 0;
  const sign = zone.charAt(0) === '-' ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0'));
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function validDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!);
}
