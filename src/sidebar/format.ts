// How times and dates read in the sidebar: as the tabs write them (yyyy-MM-dd HH:mm in the spreadsheet's
// time zone, days as yyyy-MM-dd), so the sidebar and the tab beside it show one time the same way.

/** An instant as the tabs write it (src/platform/sheet-time.ts), in `timeZone` (the spreadsheet's). */
export function formatInstant(iso: string | null, timeZone: string): string {
  if (!iso) return 'never';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(time);
  } catch {
    // A zone this browser does not know: UTC, and said.
    return `${new Date(time).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** A calendar day (`YYYY-MM-DD`) as the tabs show it: the same day, whatever the browser's time zone. */
export function formatDay(day: string | null): string {
  return day || 'unknown';
}

export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}
