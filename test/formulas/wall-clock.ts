// What a date shows on the wall clock of a time zone: how a test sees the day Sheets would display. And
// the zone's offset as Node's zone data sees it: what Utilities.formatDate 'Z' gives in Apps Script.
import { offsetMinutes } from '../../src/core/formulas/midnight.ts';

/** `YYYY-MM-DD HH:mm` in `zone`. */
export function wallClock(date: Date, zone: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
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
