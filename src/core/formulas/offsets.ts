// The spreadsheet zone's UTC offset at many instants from few questions. Each question is a service call
// (Utilities.formatDate), and an offset changes a few times a year at most, so most answers follow from two
// known instants around them; only a change between two known instants costs more (a few halvings).

const HOUR_MS = 3_600_000;
/** In the IANA zone data since 1970 no zone leaves an offset and comes back to it within 6.9 days (the
 * shortest: Gaza's Ramadan pauses, Brazil's one week of summer time in 2000). So two instants at most 6 days
 * apart with the same offset have that offset all the way between them. */
export const SAME_OFFSET_SPAN_MS = 144 * HOUR_MS;
/** A bracket this short is not halved again: the instant itself is asked. */
const ASK_WITHIN_MS = 48 * HOUR_MS;
/** Offsets run from UTC−12 to UTC+14, so a day's midnight lies this close to its UTC midnight. */
const MIDNIGHT_BEFORE_MS = 14 * HOUR_MS;
const MIDNIGHT_AFTER_MS = 12 * HOUR_MS;

/** Minutes east of UTC in the spreadsheet's zone at `ms` (here, not in midnight.ts, so the two files do not
 * import each other: midnight.ts builds on this one). */
export type OffsetAt = (ms: number) => number;

/** An instant and the zone's offset there, in minutes. */
export type OffsetSample = readonly [ms: number, offset: number];

export interface KnownOffsets {
  /** The offset at `ms`: inferred when two known instants settle it, asked otherwise. */
  readonly at: OffsetAt;
  /** Makes sure `ms` lies between two known instants that settle it: asks it unless they already do. */
  settle(ms: number): void;
  /** Everything known, asked here or given at the start, in time order (to keep for a later execution). */
  samples(): OffsetSample[];
}

/** `known`: samples of the same zone from earlier (an earlier cell's), which save questions. */
export function knownOffsets(ask: OffsetAt, known: readonly OffsetSample[] = []): KnownOffsets {
  const samples = [...known].sort((a, b) => a[0] - b[0]);
  /** The first index whose time is not before `ms`: a binary search, since every day a formula shows
   * looks here several times, among as many samples as the document facts keep. */
  const indexOf = (ms: number): number => {
    let low = 0;
    let high = samples.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (samples[mid]![0] < ms) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  /** Asks `ms`, which toAsk() found neither known nor settled (so it is not among the times). */
  const learn = (ms: number): void => {
    const offset = ask(ms);
    samples.splice(indexOf(ms), 0, [ms, offset]);
  };
  /** Null when the offset at `ms` is the one at the first known instant not before it: asked there, or
   * settled by the known instants on each side. Otherwise where to ask: `ms` itself or, halving a long
   * bracket with a change in it, its middle (which settles a whole run of days on each side at once). */
  const toAsk = (ms: number): number | null => {
    const i = indexOf(ms);
    const after = samples[i];
    const before = samples[i - 1];
    if (after && after[0] === ms) return null;
    if (!before || !after) return ms;
    const span = after[0] - before[0];
    if (before[1] === after[1] && span <= SAME_OFFSET_SPAN_MS) return null;
    return span <= ASK_WITHIN_MS ? ms : before[0] + Math.floor(span / 2);
  };
  return {
    at(ms) {
      for (let next = toAsk(ms); next !== null; next = toAsk(ms)) learn(next);
      return samples[indexOf(ms)]![1];
    },
    settle(ms) {
      if (toAsk(ms) !== null) learn(ms);
    },
    samples: () => samples.slice(),
  };
}

/**
 * What to ask up front so every day's possible midnight lies between two asked instants at most
 * SAME_OFFSET_SPAN_MS apart: days closer than that span share one stretch, asked every span along it
 * (a 90-day timeline: 17 questions); a day on its own costs two.
 */
export function offsetAnchors(utcMidnights: readonly number[]): number[] {
  const stretches: [start: number, end: number][] = [];
  for (const utc of [...new Set(utcMidnights)].sort((a, b) => a - b)) {
    const last = stretches[stretches.length - 1];
    if (last && utc - MIDNIGHT_BEFORE_MS - last[1] <= SAME_OFFSET_SPAN_MS) last[1] = utc + MIDNIGHT_AFTER_MS;
    else stretches.push([utc - MIDNIGHT_BEFORE_MS, utc + MIDNIGHT_AFTER_MS]);
  }
  const anchors: number[] = [];
  for (const [start, end] of stretches) {
    for (let t = start; t < end; t += SAME_OFFSET_SPAN_MS) anchors.push(t);
    anchors.push(end);
  }
  return anchors;
}
