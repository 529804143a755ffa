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
  const sorted = [...known].sort((a, b) => a[0] - b[0]);
  const times = sorted.map(([ms]) => ms);
  const offsets = sorted.map(([, offset]) => offset);
  /** The first index whose time is not before `ms`. */
  const indexOf = (ms: number): number => {
    let low = 0;
    let high = times.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (times[mid]! < ms) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  /** Asks `ms`, which look() found neither known nor settled (so it is not among the times). */
  const learn = (ms: number): void => {
    const offset = ask(ms);
    const i = indexOf(ms);
    times.splice(i, 0, ms);
    offsets.splice(i, 0, offset);
  };
  /** The known or inferred offset at `ms`; otherwise where to ask: `ms` itself or, halving a long
   * bracket with a change in it, its middle (which settles a whole run of days on each side at once). */
  const look = (ms: number): { offset: number } | { ask: number } => {
    const i = indexOf(ms);
    if (times[i] === ms) return { offset: offsets[i]! };
    if (i === 0 || i === times.length) return { ask: ms };
    const before = times[i - 1]!;
    const span = times[i]! - before;
    if (offsets[i - 1] === offsets[i] && span <= SAME_OFFSET_SPAN_MS) return { offset: offsets[i]! };
    return { ask: span <= ASK_WITHIN_MS ? ms : before + Math.floor(span / 2) };
  };
  const at = (ms: number): number => {
    for (;;) {
      const found = look(ms);
      if ('offset' in found) return found.offset;
      learn(found.ask);
    }
  };
  return {
    at,
    settle(ms) {
      if ('ask' in look(ms)) learn(ms);
    },
    samples: () => times.map((ms, i): OffsetSample => [ms, offsets[i]!]),
  };
}

/**
 * What to ask up front so every day's possible midnight lies between two asked instants at most
 * SAME_OFFSET_SPAN_MS apart: days closer than that span share one stretch, asked every span along it
 * (a 90-day timeline: 17 questions); a day on its own costs two.
 */
export function offsetAnchors(utcMidnights: readonly number[]): number[] {
  const sorted = [...new Set(utcMidnights)].sort((a, b) => a - b);
  const anchors: number[] = [];
  let start = 0;
  let end = Number.NEGATIVE_INFINITY;
  const close = () => {
    for (let t = start; t < end; t += SAME_OFFSET_SPAN_MS) anchors.push(t);
    anchors.push(end);
  };
  for (const utc of sorted) {
    if (utc - MIDNIGHT_BEFORE_MS - end > SAME_OFFSET_SPAN_MS) {
      if (end !== Number.NEGATIVE_INFINITY) close();
      start = utc - MIDNIGHT_BEFORE_MS;
    }
    end = utc + MIDNIGHT_AFTER_MS;
  }
  if (end !== Number.NEGATIVE_INFINITY) close();
  return anchors;
}
