// The accepted `range` values and the days each covers. Periods end yesterday: "today" is still being
// counted. `last_30_days` is the documented value; the others are our assumption (docs/api.md §2),
// plus `all_time` (from the first day on sale), which lets benchmarks read a whole big account.

import { firstOfMonth, firstOfYear } from './dates.ts';

export interface DayPeriod {
  readonly range: string;
  /** First and last day covered, inclusive (day numbers). */
  readonly start: number;
  readonly end: number;
}

const LAST_N_DAYS: Readonly<Record<string, number>> = {
  last_7_days: 7,
  last_30_days: 30,
  last_90_days: 90,
  last_365_days: 365,
};

export const RANGES = [
  ...Object.keys(LAST_N_DAYS),
  'month_to_date',
  'last_month',
  'year_to_date',
  'all_time',
];

export const DEFAULT_RANGE = 'last_30_days';

/** The period of a range, or null for a range the API does not know. */
export function resolvePeriod(range: string, today: number, firstDay: number): DayPeriod | null {
  const yesterday = today - 1;
  const days = LAST_N_DAYS[range];
  if (days !== undefined) return { range, start: yesterday - days + 1, end: yesterday };
  switch (range) {
    // On the 1st, "month to date" is the month that just ended: yesterday is its last day.
    case 'month_to_date':
      return { range, start: firstOfMonth(yesterday), end: yesterday };
    case 'last_month': {
      const end = firstOfMonth(today) - 1;
      return { range, start: firstOfMonth(end), end };
    }
    case 'year_to_date':
      return { range, start: firstOfYear(yesterday), end: yesterday };
    case 'all_time':
      return { range, start: Math.min(firstDay, yesterday), end: yesterday };
    default:
      return null;
  }
}
