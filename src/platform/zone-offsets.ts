// Calendar days → Dates at midnight in the spreadsheet's zone, for custom functions. The zone's offsets
// come from Utilities.formatDate, a service call each; what one cell learned is kept in the shared cache
// under the zone's name, so the next cells showing the same days (a recalculation, a copied formula)
// ask nothing. Offsets are facts about the zone, not about anyone's data or key.
import { knownOffsets, midnightsInZone, type OffsetSample, offsetMinutes } from '../core/formulas';
import type { CachePort } from '../core/ports';

const KEY_PREFIX = 'rfs-zone.';
/** About 40 KB of JSON, well under CacheService's 100 KB per value. */
const MAX_SAMPLES = 2_000;
/** CacheService's longest: a zone's offsets do not change under us. */
const TTL_SECONDS = 6 * 60 * 60;

export function offsetInZone(zone: string): (ms: number) => number {
  return (ms) => offsetMinutes(Utilities.formatDate(new Date(ms), zone, 'Z'));
}

export function midnightsInSheetZone(
  zone: string,
  days: Iterable<string>,
  cache: CachePort | undefined,
): Map<string, Date> {
  const key = `${KEY_PREFIX}${zone}`;
  const known = cache ? cachedSamples(cache, key) : [];
  let asked = 0;
  const ask = offsetInZone(zone);
  const offsets = knownOffsets((ms) => {
    asked += 1;
    return ask(ms);
  }, known);
  const dates = midnightsInZone(days, offsets);
  if (cache && asked > 0) {
    const samples = offsets.samples();
    try {
      cache.putAll({ [key]: JSON.stringify(samples.slice(-MAX_SAMPLES)) }, TTL_SECONDS);
    } catch {
      // Best effort: the next cell asks again.
    }
  }
  return dates;
}

/** What earlier cells learned (only this script writes the key); anything unreadable counts as nothing. */
function cachedSamples(cache: CachePort, key: string): OffsetSample[] {
  try {
    const parsed: unknown = JSON.parse(cache.getAll([key])[key] || '[]');
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}
