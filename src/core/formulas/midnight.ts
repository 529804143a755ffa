// A calendar day → the instant of its midnight in the spreadsheet's time zone, so Sheets shows that day
// whatever the zone. The platform supplies the zone's UTC offset at an instant (Utilities.formatDate 'Z').
import { type KnownOffsets, type OffsetAt, offsetAnchors } from './offsets';

// The zone's offset as Utilities.formatDate gives it, read by the report layer's one reader of offsets.
export { offsetMinutes } from '../report/values';

/** `iso` is `YYYY-MM-DD`. Checked twice because the offset at midnight can differ from the offset at
 * 00:00 UTC when a daylight-saving change falls between them; and where the clocks jump over midnight
 * (Gaza, Brazil once) the day starts at the jump, so the later of the two guesses, the one on that day. */
export function midnightInZone(iso: string, offsetAt: OffsetAt): Date {
  // A date-only ISO text is read as UTC midnight (ECMAScript's date time string format).
  const utcMidnight = Date.parse(iso);
  const first = offsetAt(utcMidnight);
  const guess = utcMidnight - first * 60_000;
  const second = offsetAt(guess);
  if (second === first) return new Date(guess);
  const other = utcMidnight - second * 60_000;
  return new Date(offsetAt(other) === second ? other : Math.max(guess, other));
}

/** Every day at once, the same dates as midnightInZone gives one by one, with a few questions for a whole
 * table rather than two per day (see offsets.ts). */
export function midnightsInZone(days: Iterable<string>, offsets: KnownOffsets): Map<string, Date> {
  const unique = [...new Set(days)];
  for (const anchor of offsetAnchors(unique.map(Date.parse))) offsets.settle(anchor);
  return new Map(unique.map((iso) => [iso, midnightInZone(iso, offsets.at)]));
}
