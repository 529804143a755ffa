// Whether a timeline answer is clearly not one of days: the ledger asks for no interval (the API documents
// none), so an API may answer a long period by month, dating each month's point on its first day. Such a
// point filed as a day would put a month's royalties on one date. Only what is clearly not daily is refused.
import { isObject } from '../base/unknown';
import { KEEPS, type TimelineDays } from './timeline';

/** Field names an answer may state its interval under (compared without case, spaces or underscores). */
const INTERVAL_FIELDS: ReadonlySet<string> = new Set(['interval', 'granularity']);
const DAILY: ReadonlySet<string> = new Set(['day', 'days', 'daily', '1d', 'p1d']);

/** The intervals the answer states at its top or one object down (`meta`, `period`, a wrapper). */
function statedIntervals(data: unknown): string[] {
  if (!isObject(data)) return [];
  const places = [data, ...Object.values(data).filter(isObject)];
  return places.flatMap((place) =>
    Object.entries(place)
      .filter(([key]) => INTERVAL_FIELDS.has(key.toLowerCase().replace(/[^a-z]/g, '')))
      .flatMap(([, value]) => (typeof value === 'string' ? [value] : [])),
  );
}

/** Why the history takes no days from this answer, or null when its points may be days. */
export function notDailyReason(data: unknown, read: TimelineDays): string | null {
  const interval = statedIntervals(data).find((i) => !DAILY.has(i.trim().toLowerCase()));
  if (interval !== undefined) return `The timeline's points are by "${interval}", not by day, ${KEEPS}`;
  const dates = read.days.map((d) => d.date);
  if (dates.length >= 2 && dates.every((d) => d.endsWith('-01')))
    return `The timeline's points are all on the first of a month (${dates[0]} to ${dates[dates.length - 1]}), like months, ${KEEPS}`;
  return null;
}
