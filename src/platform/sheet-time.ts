// Times the author reads in banners ("2026-11-21 08:00"), in the spreadsheet's own time zone.

export function sheetTime(timeZone: string, ms: number): string {
  return Utilities.formatDate(new Date(ms), timeZone, 'yyyy-MM-dd HH:mm');
}
