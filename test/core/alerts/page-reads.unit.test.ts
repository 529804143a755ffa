// Page reads against the author's own baseline, from plain days: a fall and a rise at each level, the
// minimum volume, too few days, and the lines as set.
import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_LINES } from '../../../src/core/alerts/lines.ts';
import { type PagesDay, pageReadAlerts } from '../../../src/core/alerts/page-reads.ts';

/** `before` pages a day for 28 days, then `now` a day for 7, from 2026-10-01. */
function days(before: number, now: number, baselineDays = 28): PagesDay[] {
  return Array.from({ length: baselineDays + 7 }, (_, i) => ({
    date: new Date(Date.UTC(2026, 9, 1 + i)).toISOString().slice(0, 10),
    pages: i < baselineDays ? before : now,
  }));
}

describe('page reads against their baseline', () => {
  it('raises a fall past the line, an alarm past twice the line, with the figures and both periods', () => {
    const [fall] = pageReadAlerts(days(2000, 1200), DEFAULT_ALERT_LINES);
    expect(fall).toMatchObject({ id: 'kenp:fall', level: 'warning', kind: 'page-reads' });
    expect(fall!.text).toBe(
      'Page reads (KENP) fell 40%: 1,200 a day from 2026-10-29 to 2026-11-04, against 2,000 a day over the 28 days before (2026-10-01 to 2026-10-28), past the line of a 30% fall.',
    );
    expect(pageReadAlerts(days(2000, 700), DEFAULT_ALERT_LINES)[0]!.level).toBe('alarm');
    expect(pageReadAlerts(days(2000, 1500), DEFAULT_ALERT_LINES)).toEqual([]);
  });

  it('raises a sharp rise, and says it is worth a look', () => {
    const [rise] = pageReadAlerts(days(500, 1000), DEFAULT_ALERT_LINES);
    expect(rise).toMatchObject({ id: 'kenp:rise', level: 'warning' });
    expect(rise!.text).toContain('rose 100%');
    expect(rise!.text).toContain('worth a look');
    expect(pageReadAlerts(days(500, 1600), DEFAULT_ALERT_LINES)[0]!.level).toBe('alarm');
    expect(pageReadAlerts(days(500, 900), DEFAULT_ALERT_LINES)).toEqual([]);
  });

  it('raises nothing for a quiet catalogue or without two weeks of baseline', () => {
    expect(pageReadAlerts(days(100, 0), DEFAULT_ALERT_LINES)).toEqual([]);
    expect(pageReadAlerts(days(2000, 0, 13), DEFAULT_ALERT_LINES)).toEqual([]);
    expect(pageReadAlerts(days(2000, 0, 14), DEFAULT_ALERT_LINES)).toHaveLength(1);
  });

  it('follows the lines the author set', () => {
    expect(pageReadAlerts(days(2000, 1200), { ...DEFAULT_ALERT_LINES, kenpFall: 0.5 })).toEqual([]);
    expect(pageReadAlerts(days(500, 700), { ...DEFAULT_ALERT_LINES, kenpRise: 0.3 })).toHaveLength(1);
  });
});
