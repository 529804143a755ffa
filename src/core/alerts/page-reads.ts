// Page reads (KENP) falling or rising sharply against the author's own baseline: the average day of the
// latest week against the average day of the four weeks before it. Only settled days count (a provisional
// day's pages are still coming in and would look like a fall), and a baseline under a minimum volume raises
// nothing: for a quiet catalogue a handful of pages is a swing of half.
import { countText, percentText } from '../report/money';
import type { Alert, AlertLevel } from './alert';
import type { AlertLines } from './lines';

export const RECENT_DAYS = 7;
export const BASELINE_DAYS = 28;
/** Fewer baseline days than this and there is no baseline to speak of. */
const LEAST_BASELINE_DAYS = 14;
/** The baseline's average day must reach this many pages (about 1,000 a week). */
export const LEAST_PAGES_A_DAY = 150;

export interface PagesDay {
  /** `YYYY-MM-DD`. */
  readonly date: string;
  readonly pages: number;
}

/** Twice the line past the line is an alarm: a fall of 60% where 30% is a warning. A fall's alarm is kept
 * short of 100%, which no fall passes. */
function levelOf(move: number, line: number, most: number): AlertLevel | null {
  if (move >= Math.min(line * 2, most)) return 'alarm';
  return move >= line ? 'warning' : null;
}

/** `days`: settled days, one per date, in any order. */
export function pageReadAlerts(days: readonly PagesDay[], lines: AlertLines): Alert[] {
  const sorted = [...days].sort((a, b) => (a.date < b.date ? -1 : 1));
  const recent = sorted.slice(-RECENT_DAYS);
  const baseline = sorted.slice(-(RECENT_DAYS + BASELINE_DAYS), -RECENT_DAYS);
  if (recent.length < RECENT_DAYS || baseline.length < LEAST_BASELINE_DAYS) return [];
  const average = (list: readonly PagesDay[]) => list.reduce((n, d) => n + d.pages, 0) / list.length;
  const now = average(recent);
  const before = average(baseline);
  if (before < LEAST_PAGES_A_DAY) return [];
  const change = now / before - 1;
  const fall = change < 0;
  const level = fall ? levelOf(-change, lines.kenpFall, 0.95) : levelOf(change, lines.kenpRise, Infinity);
  if (!level) return [];
  const line = fall ? lines.kenpFall : lines.kenpRise;
  const span = (list: readonly PagesDay[]) => `${list[0]!.date} to ${list[list.length - 1]!.date}`;
  const lineWords =
    level === 'alarm'
      ? `more than twice the ${fall ? 'fall' : 'rise'} line of ${percentText(line)}`
      : `past the line of a ${percentText(line)} ${fall ? 'fall' : 'rise'}`;
  return [
    {
      id: `kenp:${fall ? 'fall' : 'rise'}`,
      kind: 'page-reads',
      level,
      text:
        `Page reads (KENP) ${fall ? 'fell' : 'rose'} ${percentText(Math.abs(change))}: ` +
        `${countText(Math.round(now))} a day from ${span(recent)}, against ${countText(Math.round(before))} a day ` +
        `over the ${baseline.length} days before (${span(baseline)}), ${lineWords}.` +
        (fall ? '' : ' A sudden rise no promotion explains is worth a look.'),
    },
  ];
}
