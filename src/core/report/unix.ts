// Dates sent as Unix time: seconds or milliseconds since 1970-01-01 UTC. A number is read as one only in a
// column whose name says a day or a moment (`date`, `created_at`, `timestamp`: keys.ts) and whose every
// number has the size of one unit (name and magnitude agree); anywhere else a number stays a number. Then
// they are read the way the project reads ISO timestamps: instants, and a column of nothing but midnights
// (UTC, as `2026-11-01T00:00:00Z` reads) is a column of days.

import type { KeyInfo } from './keys';
import type { CalendarDate } from './types';
import { calendarDate } from './values';

type UnixUnit = 'seconds' | 'milliseconds';

/** From 2001-09-09 to 2286-11-20 in either unit: sizes no count or amount of a report shares with a date
 * column's name by chance (a day of the month, a year, a duration are far smaller). */
const SECONDS = [1e9, 1e10] as const;
const MILLISECONDS = [1e12, 1e13] as const;
const DAY_MS = 86_400_000;

export function unixUnit(n: number): UnixUnit | null {
  if (n >= SECONDS[0] && n < SECONDS[1]) return 'seconds';
  if (n >= MILLISECONDS[0] && n < MILLISECONDS[1] && Number.isInteger(n)) return 'milliseconds';
  return null;
}

function milliseconds(n: number): number {
  return unixUnit(n) === 'seconds' ? Math.round(n * 1000) : n;
}

export function unixMidnight(n: number): boolean {
  return milliseconds(n) % DAY_MS === 0;
}

/** The column's reading when its numbers are Unix times: `date` (all midnights), `datetime`, or null. The
 * tally's counts (cells.ts): every value a number of one unit, nothing else but nulls. */
export function unixColumn(
  t: {
    readonly kinds: Readonly<Record<string, number>>;
    readonly numberText: number;
    readonly unixSeconds: number;
    readonly unixMillis: number;
    readonly unixMidnights: number;
    readonly displays: readonly unknown[];
  },
  info: KeyInfo,
): 'date' | 'datetime' | null {
  if (!info.temporal || info.role === 'identifier' || t.displays.length) return null;
  const numbers = t.kinds.number! + t.numberText;
  const others = Object.values(t.kinds).reduce((a, b) => a + b, 0) - t.kinds.number!;
  if (numbers === 0 || others > 0 || (t.unixSeconds !== numbers && t.unixMillis !== numbers)) return null;
  return t.unixMidnights === numbers ? 'date' : 'datetime';
}

/** One Unix time as a cell: the day it starts (a column of midnights), else the instant. */
export function unixCell(n: number, day: boolean): Date | CalendarDate {
  const instant = new Date(milliseconds(n));
  return day ? calendarDate(instant.toISOString().slice(0, 10)) : instant;
}
