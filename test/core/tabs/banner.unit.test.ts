import { describe, expect, it } from 'vitest';
import {
  coveredThrough,
  describePeriod,
  failedBanner,
  freshBanner,
  TRUNCATION_WARNING,
} from '../../../src/core/tabs/index.ts';

const period = {
  range: 'last_30_days',
  start: '2026-10-22',
  end: '2026-11-20',
  time_zone: 'America/New_York',
};
const input = {
  meta: { period, currency: 'EUR', truncated: false },
  updatedAt: '2026-11-21 08:00',
  timeZone: 'Europe/London',
  period: 'last_7_days',
  coveredThrough: '2026-11-19',
};

describe('banners', () => {
  it('says when, which period, which currency and how far the data goes', () => {
    const banner = freshBanner(input);
    expect(banner.tone).toBe('normal');
    for (const part of [
      input.updatedAt,
      input.timeZone,
      period.start,
      period.end,
      'EUR',
      input.coveredThrough,
    ]) {
      expect(banner.text).toContain(part);
    }
    expect(banner.text).not.toContain(TRUNCATION_WARNING);
  });

  it('turns red with the remedy when the API says rows are missing', () => {
    const banner = freshBanner({ ...input, meta: { ...input.meta, truncated: true } });
    expect(banner.tone).toBe('truncated');
    expect(banner.text.startsWith(TRUNCATION_WARNING)).toBe(true);
  });

  it('turns amber with the reason and the age of the figures still shown', () => {
    const banner = failedBanner({
      error: 'The API is down',
      failedAt: '2026-11-21 08:00',
      dataShownAt: '2026-11-20 05:00',
    });
    expect(banner.tone).toBe('failed');
    expect(banner.text).toContain('The API is down.');
    expect(banner.text).toContain('2026-11-20 05:00');
    expect(failedBanner({ error: 'x', failedAt: 'now', dataShownAt: null }).text).toContain('no figures yet');
  });

  it('describes a period it does not know the inner fields of by the range asked for', () => {
    expect(describePeriod(null, 'last_30_days')).toBe('last_30_days');
    expect(describePeriod({ days: 30 }, 'last_30_days')).toBe('last_30_days');
    expect(describePeriod({ from: 'a', to: 'b' }, 'r')).toBe('a to b (r)');
    expect(describePeriod(null, null)).toBeNull();
    expect(
      freshBanner({ ...input, meta: { period: null, currency: null, truncated: false }, period: null }).text,
    ).not.toContain('Period');
  });

  it('takes the earliest covered_through of the connected platforms', () => {
    const account = {
      platforms: [
        { connected: true, covered_through: '2026-11-19' },
        { connected: true, covered_through: '2026-11-17' },
        { connected: false, covered_through: '2025-01-01' },
        { connected: true, covered_through: 'not a day' },
      ],
    };
    expect(coveredThrough(account)).toBe('2026-11-17');
    expect(coveredThrough({})).toBeNull();
    expect(coveredThrough(null)).toBeNull();
  });
});
