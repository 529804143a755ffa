// Told once: an alert already raised is not new the next morning unless it crossed a higher line; one that
// no longer crosses any line is told as cleared; the record reads back what it wrote and forgets the rest.
import { describe, expect, it } from 'vitest';
import type { Alert } from '../../../src/core/alerts/alert.ts';
import {
  alertLinesFromInput,
  alertLinesToStored,
  DEFAULT_ALERT_LINES,
  storedAlertLines,
} from '../../../src/core/alerts/lines.ts';
import { alertNews, raisedNow, raisedToStored, storedRaisedAlerts } from '../../../src/core/alerts/raised.ts';

const alert = (id: string, level: Alert['level']): Alert => ({
  id,
  kind: 'ad-spend',
  level,
  series: id,
  text: `${id} ${level}`,
});

describe('alerts told once', () => {
  it('tells a new alert, not the same one the next morning, again when worse, and when it clears', () => {
    const first = alertNews([alert('a', 'warning')], {});
    expect(first.raised.map((a) => a.id)).toEqual(['a']);
    const kept = storedRaisedAlerts(raisedToStored(raisedNow([alert('a', 'warning')])));
    expect(alertNews([alert('a', 'warning')], kept)).toEqual({ raised: [], cleared: [] });
    expect(alertNews([alert('a', 'note')], kept)).toEqual({ raised: [], cleared: [] });
    expect(alertNews([alert('a', 'alarm')], kept).raised.map((a) => a.level)).toEqual(['alarm']);
    expect(alertNews([], kept).cleared).toEqual([
      'Series "a": no longer past any line (it was at the warning line).',
    ]);
  });

  it('reads back nothing it cannot trust', () => {
    expect(storedRaisedAlerts('{"a":{"level":"huge","name":"x"},"b":{"level":"note","name":"B"}}')).toEqual({
      b: { level: 'note', name: 'B' },
    });
    expect(storedRaisedAlerts('not json')).toEqual({});
  });
});

describe('the lines as the author sets them', () => {
  it('takes percentages, refuses what is not one or lines out of order, and keeps the defaults otherwise', () => {
    const lines = alertLinesFromInput({
      adsNote: '25%',
      adsWarning: 60,
      adsAlarm: '90',
      kenpFall: 40,
      kenpRise: 150,
    });
    expect(lines).toEqual({
      enabled: true,
      adsNote: 0.25,
      adsWarning: 0.6,
      adsAlarm: 0.9,
      kenpFall: 0.4,
      kenpRise: 1.5,
    });
    expect(storedAlertLines(alertLinesToStored(lines))).toEqual(lines);
    expect(() => alertLinesFromInput({ ...lines, adsNote: 'lots' })).toThrow(/is not a percentage/);
    expect(() =>
      alertLinesFromInput({ adsNote: 80, adsWarning: 70, adsAlarm: 100, kenpFall: 30, kenpRise: 100 }),
    ).toThrow(/go up/);
    expect(storedAlertLines(null)).toEqual(DEFAULT_ALERT_LINES);
    expect(
      storedAlertLines(
        '{"enabled":false,"adsNote":30,"adsWarning":70,"adsAlarm":100,"kenpFall":30,"kenpRise":100}',
      ).enabled,
    ).toBe(false);
  });
});
