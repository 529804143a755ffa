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
  const months = new Map<string, { days: number; sums: (number | null)[] }>();
  for (const day of days) {
    const month = day.date.slice(0, 7);
    let entry = months.get(month);
    if (!entry) {
      entry = { days: 0, sums: new Array<number | null>(figures).fill(0) };
      months.set(month, entry);
    }
    entry.days += 1;
    for (let i = 0; i < figures; i++) {
      const value = figureOf(day, i);
      const sum = entry.sums[i] as number | null;
      // One day without the figure and the month has no sum of it.
      entry.sums[i] = value === undefined || sum === null ? null : sum + value;
    }
  }
  return months;
}

/** Days of a calendar month, `YYYY-MM`. */
export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}
