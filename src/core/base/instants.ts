// An instant as the tabs write it (platform/sheet-time.ts: Utilities.formatDate's yyyy-MM-dd HH:mm in the
// spreadsheet's time zone), for whatever shows one beside the tabs without Apps Script: the sidebar in the
// browser and the CLI's e-mail preview. So the sidebar and the tab beside it show one time the same way.

/** An instant as the tabs write it in `timeZone` (the spreadsheet's). */
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
    // A zone this runtime does not know: UTC, and said.
    return `${new Date(time).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}
