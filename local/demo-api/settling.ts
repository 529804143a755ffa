// How the platforms settle their figures (our assumption, a test knob): with `lagDays`, the connected
// platforms cover through `lagDays` days before yesterday, and each day after that is still being counted
// (a share of its final figures, growing each day until it settles). `revised` multiplies a past day's
// figures, as a platform that corrects a settled day would. Off by default: every day up to yesterday is final.

import { parseDay } from './dates.ts';

export interface SettlingSpec {
  /** Days between covered_through and yesterday; 0 (default) = covered through yesterday. */
  lagDays?: number;
  /** 'YYYY-MM-DD' → factor applied to that day's expected figures (a revision). */
  revised?: Record<string, number>;
  /** The ranges this account allows (others answer 400 invalid_range), as a real API may document only one. */
  ranges?: string[];
}

export interface Settling {
  readonly lagDays: number;
  /** Changes whenever the spec does: part of every aggregate's cache key. */
  readonly version: number;
  readonly ranges: readonly string[] | null;
  /** Factor on the day's expected figures, on `today`. */
  scale(day: number, today: number): number;
}

export const SETTLED: Settling = { lagDays: 0, version: 0, ranges: null, scale: () => 1 };

export function settling(spec: SettlingSpec, version: number): Settling {
  const lagDays = Math.max(0, Math.floor(spec.lagDays ?? 0));
  const revised = new Map<number, number>();
  for (const [text, factor] of Object.entries(spec.revised ?? {})) {
    const day = parseDay(text);
    if (day === null || !(factor >= 0))
      throw new TypeError(`revised needs YYYY-MM-DD → factor ≥ 0, not ${text}`);
    revised.set(day, factor);
  }
  return {
    lagDays,
    version,
    ranges: spec.ranges ?? null,
    scale(day, today) {
      const age = today - day;
      const counted = age <= lagDays ? age / (lagDays + 1) : 1;
      return counted * (revised.get(day) ?? 1);
    },
  };
}
