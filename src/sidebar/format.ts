// How times and dates read in the sidebar: in the author's own locale and time zone.

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

export function formatInstant(iso: string | null): string {
  if (!iso) return 'never';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : dateTime.format(time);
}

/** A calendar day (`YYYY-MM-DD`) shown as that same day, whatever the browser's time zone. */
export function formatDay(day: string | null): string {
  if (!day) return 'unknown';
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) ? day : dateOnly.format(time);
}

export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}
