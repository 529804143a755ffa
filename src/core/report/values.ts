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
// Hours to 23, minutes and seconds to 59. A time of day needs a zone (Z or an offset): without one the
// instant is ambiguous, so it stays text.
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})[T ]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)$/i;

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
  // Hours, minutes, seconds and fraction all zeros.
  return m !== null && !/[1-9]/.test(m.slice(4, 8).join('')) ? text.slice(0, 10) : null;
}

export function calendarDate(iso: string): CalendarDate {
  return { kind: 'calendar-date', iso };
}

/** Whether a match's year, month and day exist (a month's first day, when it names no day): the day and
 * month a date set to them keeps (31 April rolls into May; a two-digit day never rolls a whole year). */
function realDay(m: RegExpExecArray): boolean {
  const [month, day] = [Number(m[2]), Number(m[3] || 1)];
  const date = new Date(0);
  date.setUTCFullYear(Number(m[1]), month - 1, day);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The instant an ISO 8601 timestamp names, or null. Computed by hand: no reliance on Date.parse quirks.
 * Four-digit years and two-digit fields keep it a valid date. */
export function parseInstant(text: string): Date | null {
  const m = instantMatch(text);
  if (m === null) return null;
  const [year, month, day, hours, minutes, seconds] = m
    .slice(1, 7)
    .map((part) => Number(part || 0)) as number[];
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0 to 99 as 1900 to 1999.
  const date = new Date(0);
  date.setUTCFullYear(year!, month! - 1, day);
  date.setUTCHours(hours!, minutes! - offsetMinutes(m[8]!), seconds, Number(`${m[7] || ''}00`.slice(0, 3)));
  return date;
}

/** A zone offset → minutes east of UTC: `+0100`, `-05:30`, `+01` (a timestamp's, or Java's `Z` pattern in
 * Utilities.formatDate); `Z` and anything else are 0. */
export function offsetMinutes(zoneOffset: string): number {
  const m = /^([+-])(\d{2})(?::?(\d{2}))?$/.exec(zoneOffset.trim());
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] || 0)) : 0;
}

/** The parts of a valid timestamp (a real day, a real time of day), or null. */
function instantMatch(text: string): RegExpExecArray | null {
  const m = INSTANT.exec(text);
  return m !== null && realDay(m) ? m : null;
}
