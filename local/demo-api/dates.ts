// Calendar days as integers (days since 1970-01-01, UTC): the model indexes its facts by day, and integer
// arithmetic keeps periods exact. Date is used only to convert, never to read the clock.

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** `YYYY-MM-DD` → day number, or null when the text is not a real calendar day. */
export function parseDay(text: string): number | null {
  const match = ISO_DAY.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day)
    return null;
  return ms / MS_PER_DAY;
}

export function formatDay(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** `YYYY-MM` of a day. */
export function formatMonth(day: number): string {
  return formatDay(day).slice(0, 7);
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekday(day: number): number {
  return (day + 4) % 7;
}

export function monthOf(day: number): number {
  return new Date(day * MS_PER_DAY).getUTCMonth();
}

export function firstOfMonth(day: number): number {
  const date = new Date(day * MS_PER_DAY);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / MS_PER_DAY;
}

export function firstOfYear(day: number): number {
  return Date.UTC(new Date(day * MS_PER_DAY).getUTCFullYear(), 0, 1) / MS_PER_DAY;
}

/** An instant on a day, as the API writes timestamps: ISO 8601 UTC with milliseconds. */
export function timestampOn(day: number, msIntoDay: number): string {
  return new Date(day * MS_PER_DAY + msIntoDay).toISOString();
}

/** Today's UTC date: the default "today" of the account when a caller does not pin one. */
export function currentUtcDay(): number {
  return Math.floor(Date.now() / MS_PER_DAY);
}
