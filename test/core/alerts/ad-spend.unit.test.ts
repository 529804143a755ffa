// Ad spend against royalties from plain books: each line at its default and as set, a series judged whole,
// the window the ads' lag asks for, and a figure not sent never counted as 0.
import { describe, expect, it } from 'vitest';
import { adSpendAlerts, type BookSpend } from '../../../src/core/alerts/ad-spend.ts';
import { alertLinesFromInput, DEFAULT_ALERT_LINES } from '../../../src/core/alerts/lines.ts';

const period = { start: '2026-10-22', end: '2026-11-20', days: 30 };

function book(
  id: string,
  royalties: number | null,
  adSpend: number | null,
  seriesId: string | null = null,
): BookSpend {
  return { id, title: `Title ${id}`, seriesId, royalties, adSpend };
}

function alerts(books: BookSpend[], lines = DEFAULT_ALERT_LINES, days = period) {
  return adSpendAlerts(
    { books, seriesNames: new Map([['s1', 'The Ember Crown']]), period: days, currency: 'USD' },
    lines,
  );
}

describe('ad spend against royalties', () => {
  it('raises the highest line a standalone book reaches, naming it, its figures, the line and the period', () => {
    const [alarm] = alerts([book('b1', 77.7, 95.1)]);
    expect(alarm).toMatchObject({ id: 'ads:book:b1', level: 'alarm', book: 'Title b1' });
    expect(alarm!.text).toBe(
      '"Title b1": ad spend $95.10 is 122% of its royalties ($77.70), at or past the alarm line of 100%, 2026-10-22 to 2026-11-20 (30 days).',
    );
    expect(alerts([book('b1', 100, 70)])[0]!.level).toBe('warning');
    expect(alerts([book('b1', 100, 30)])[0]!.level).toBe('note');
    expect(alerts([book('b1', 100, 29.99)])).toEqual([]);
  });

  it('judges a series on the series: a first book spending past its own royalties is not flagged alone', () => {
    const series = [book('b1', 40, 60, 's1'), book('b2', 80, 0, 's1'), book('b3', 60, 0, 's1')];
    const raised = alerts(series);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ id: 'ads:series:s1', level: 'note', series: 'The Ember Crown' });
    expect(raised[0]!.text).toContain(
      'Series "The Ember Crown": ad spend $60.00 is 33% of its royalties ($180.00)',
    );
  });

  it('follows the lines the author set', () => {
    const lines = alertLinesFromInput({ adsNote: 10, adsWarning: 20, adsAlarm: 50 });
    expect(alerts([book('b1', 100, 30)], lines)[0]!.level).toBe('warning');
    expect(alerts([book('b1', 100, 30)], { ...DEFAULT_ALERT_LINES, adsNote: 0.5 })).toEqual([]);
  });

  it('judges no period shorter than the ads take to arrive, and no figure that was not sent', () => {
    expect(alerts([book('b1', 10, 95)], DEFAULT_ALERT_LINES, { ...period, days: 13 })).toEqual([]);
    expect(alerts([book('b1', 10, 95)], DEFAULT_ALERT_LINES, { ...period, days: 14 })).toHaveLength(1);
    expect(alerts([book('b1', null, 95), book('b2', 10, null)])).toEqual([]);
    // One book of the series without royalties leaves the series unjudged, never its sum of the rest.
    expect(alerts([book('b1', 10, 95, 's1'), book('b2', null, 0, 's1')])).toEqual([]);
  });

  it('says when ad spend meets no royalties at all, and raises nothing without ad spend', () => {
    const [alarm] = alerts([book('b1', 0, 12)]);
    expect(alarm!.level).toBe('alarm');
    expect(alarm!.text).toContain('ad spend $12.00 against no royalties');
    expect(alerts([book('b1', 0, 0), book('b2', 50, 0)])).toEqual([]);
  });
});
