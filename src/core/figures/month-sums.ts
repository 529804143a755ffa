// Sums of daily figures by month, shared by the month view and the dashboard's monthly chart. A month's
// sum of a figure is given only when every day of that month in the ledger has the figure: a day without
// it (another currency, a figure the API did not send that day) makes the month's sum missing, never a
// partial sum shown as the month's.

interface MonthSums {
  /** Days of the month in the ledger. */
  readonly days: number;
  /** One per figure: the sum over those days, or null when any of them lacks the figure. */
  readonly sums: readonly (number | null)[];
}

export function monthSums<Day extends { readonly date: string }>(
  days: readonly Day[],
  figures: number,
  figureOf: (day: Day, figure: number) => number | undefined,
): Map<string, MonthSums> {
  const months = new Map<string, { days: number; sums: number[]; counts: number[] }>();
  for (const day of days) {
    const month = day.date.slice(0, 7);
    let entry = months.get(month);
    if (!entry) {
      entry = {
        days: 0,
        sums: new Array<number>(figures).fill(0),
        counts: new Array<number>(figures).fill(0),
      };
      months.set(month, entry);
    }
    entry.days += 1;
    for (let i = 0; i < figures; i++) {
      const value = figureOf(day, i);
      if (value === undefined) continue;
      entry.sums[i]! += value;
      entry.counts[i]! += 1;
    }
  }
  const out = new Map<string, MonthSums>();
  for (const [month, { days: n, sums, counts }] of months) {
    out.set(month, { days: n, sums: sums.map((s, i) => (counts[i] === n ? s : null)) });
  }
  return out;
}

/** Days of a calendar month, `YYYY-MM`. */
export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}
