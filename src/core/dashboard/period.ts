// The period the figures cover and the period of the same length just before it. The period's inner fields
// are not documented: a start and end are used when present, else the first and last day of the timeline.
import { dayNumber, ISO_DAY, isoOf, periodEnds } from '../base/days';
import type { ReportTable } from '../report';
import { isCalendarDate } from '../report/cell-value';

export interface Period {
  /** `YYYY-MM-DD`, both included. */
  readonly start: string;
  readonly end: string;
  readonly days: number;
}

/** A day (`YYYY-MM-DD`, spaces around it ignored), else null. */
function dayOf(value: unknown): string | null {
  const text = typeof value === 'string' ? value.trim() : '';
  return ISO_DAY.test(text) ? text : null;
}

function periodOf(start: string, end: string): Period | null {
  const days = dayNumber(end) - dayNumber(start) + 1;
  return Number.isInteger(days) && days > 0 ? { start, end, days } : null;
}

/** The period of the figures, or null when neither the response nor the timeline says. The timeline's
 * first and last day stand for the period only when it was read in full and holds every day between them
 * (and, for a `last_N_days` period, N of them):
 * a timeline that leaves out days without sales, or was cut short, would give a shorter period, and the
 * change against the period before would be stated against the wrong days. */
export function reportPeriod(summary: ReportTable, timeline: ReportTable): Period | null {
  const p = summary.meta.period || {};
  const [start, end] = periodEnds(p, dayOf);
  if (start && end) return periodOf(start, end);
  if (timeline.meta.truncated) return null;
  const days = [
    ...new Set(
      timeline.rows
        .flatMap((row) => row.filter(isCalendarDate).map((d) => d.iso))
        .filter((iso) => ISO_DAY.test(iso)),
    ),
  ].sort();
  const period = days.length > 0 ? periodOf(days[0]!, days[days.length - 1]!) : null;
  // A period named `last_N_days` holds N days: a shorter timeline left its first days out.
  const named = /^last_(\d+)_days$/.exec(typeof p.range === 'string' ? p.range : '');
  return period && period.days === days.length && (!named || period.days === Number(named[1]))
    ? period
    : null;
}

/** The period of the same length that ends the day before `period` starts. */
export function previousPeriod(period: Period): Period {
  const start = dayNumber(period.start);
  return { start: isoOf(start - period.days), end: isoOf(start - 1), days: period.days };
}
