// What a date shows on the wall clock of a time zone: how a test sees the day Sheets would display.

/** `YYYY-MM-DD HH:mm` in `zone`. */
export function wallClock(date: Date, zone: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}
