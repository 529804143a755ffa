// A calendar day → the instant of its midnight in the spreadsheet's time zone, so Sheets shows that day
// whatever the zone. The platform supplies the zone's UTC offset at an instant (Utilities.formatDate 'Z').

/** Minutes east of UTC in the spreadsheet's zone at `ms`. */
export type OffsetAt = (ms: number) => number;

/** `iso` is `YYYY-MM-DD`. Checked twice because the offset at midnight can differ from the offset at
 * 00:00 UTC when a daylight-saving change falls between them. */
export function midnightInZone(iso: string, offsetAt: OffsetAt): Date {
  const [year, month, day] = iso.split('-').map(Number);
  const utcMidnight = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1);
  const first = offsetAt(utcMidnight);
  const guess = utcMidnight - first * 60_000;
  const second = offsetAt(guess);
  return new Date(second === first ? guess : utcMidnight - second * 60_000);
}

/** `+0100` / `-0530` (Java's `Z` pattern) → minutes east of UTC. */
export function offsetMinutes(zoneOffset: string): number {
  const match = /^([+-])(\d{2}):?(\d{2})$/.exec(zoneOffset.trim());
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}
