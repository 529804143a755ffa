// What a date shows on the wall clock of a time zone: how a test sees the day Sheets would display. And
// the zone's offset as Node's zone data sees it: what Utilities.formatDate 'Z' gives in Apps Script.
import { formatDate } from '../../local/gas/format-date.ts';
import { offsetMinutes } from '../../src/core/formulas/midnight.ts';

/** `YYYY-MM-DD HH:mm` in `zone`, as the emulator's Utilities.formatDate writes it (not a copy of the
 * sidebar's formatInstant, which the tests hold to this). */
export function wallClock(date: Date, zone: string): string {
  return formatDate(date.getTime(), zone, 'yyyy-MM-dd HH:mm');
}

/** Minutes east of UTC in `zone` at an instant. */
export function offsetIn(zone: string): (ms: number) => number {
  const format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'longOffset' });
  return (ms) => {
    const name = format.formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
    return name === 'GMT' ? 0 : offsetMinutes(name.slice(3));
  };
}

/** Daylight saving both ways, half-hour and 45-minute offsets, +14 and −12, Ramadan pauses (Gaza,
 * Casablanca), Brazil's one-week summer time of 2000 (Recife), and zones that never change. */
export const TEST_ZONES = [
  'Europe/London',
  'America/New_York',
  'Pacific/Auckland',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'America/St_Johns',
  'Asia/Kolkata',
  'Pacific/Kiritimati',
  'Etc/GMT+12',
  'Asia/Gaza',
  'Africa/Casablanca',
  'America/Recife',
  'UTC',
];
