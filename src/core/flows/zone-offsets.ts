// An instant's offset from UTC in a time zone, read from the zone's own formatting of it ("+0100"): the
// formulas' dates and the history's today. platform/zone-offsets.ts formats with Utilities.formatDate.
import { offsetMinutes } from '../formulas';

/** `zoneOffsetAt(ms)`: the offset as the zone writes it, "Z" pattern ("+0100", "-0430"). */
export function offsetsFrom(zoneOffsetAt: (ms: number) => string): (ms: number) => number {
  return (ms) => offsetMinutes(zoneOffsetAt(ms));
}
