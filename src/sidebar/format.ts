// How days and hours read in the sidebar; instants as the tabs write them are core/base/instants.ts's
// (formatInstant), shared with the CLI's e-mail preview.

/** A calendar day (`YYYY-MM-DD`) as the tabs show it: the same day, whatever the browser's time zone. */
export function formatDay(day: string | null): string {
  return day || 'unknown';
}

export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}
