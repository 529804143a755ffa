// Calendar days as `YYYY-MM-DD` and as whole numbers, in UTC so that no time zone shifts a day; and a
// period's two ends however a response spells them. The tabs, the history and the dashboard count days the
// same way.

export const MS_PER_DAY = 86_400_000;

export const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
export const ISO_MONTH = /^\d{4}-\d{2}$/;

/** Days since the Unix epoch of a `YYYY-MM-DD` day, and back: UTC, so no time zone shifts a day. */
export function dayNumber(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`) / MS_PER_DAY;
}

export function isoOf(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** A period's start and end, each the first of its three spellings that `read` makes something of (the
 * period's inner fields are not documented); null where none does. The Summary's period and every banner's. */
export function periodEnds(
  period: Readonly<Record<string, unknown>>,
  read: (value: unknown) => string | null,
): (string | null)[] {
  return [
    ['start', 'from', 'start_date'],
    ['end', 'to', 'end_date'],
  ].map((keys) => keys.map((k) => read(period[k])).find(Boolean) || null);
}
