import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysBehind, isStale, STALE_AFTER_DAYS, withFreshness } from '../../src/core/freshness.ts';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.parse('2026-11-21T08:00:00Z');

function dayBefore(days: number): string {
  return new Date(now - days * DAY).toISOString().slice(0, 10);
}

describe('freshness', () => {
  it('counts whole days from covered_through to today', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 400 }), (days) => {
        expect(daysBehind(dayBefore(days), now)).toBe(days);
      }),
    );
  });

  it('marks data stale only when it ends more than two days ago', () => {
    for (let days = 0; days <= STALE_AFTER_DAYS + 2; days++) {
      const stale = isStale({ coveredThrough: dayBefore(days), lastSyncAt: null }, now);
      expect(stale).toBe(days > STALE_AFTER_DAYS);
    }
  });

  it('marks a last sync older than two days stale', () => {
    const recent = new Date(now - STALE_AFTER_DAYS * DAY + 60_000).toISOString();
    const old = new Date(now - STALE_AFTER_DAYS * DAY - 60_000).toISOString();
    expect(isStale({ coveredThrough: null, lastSyncAt: recent }, now)).toBe(false);
    expect(isStale({ coveredThrough: null, lastSyncAt: old }, now)).toBe(true);
  });

  it('does not call unreadable or missing dates stale', () => {
    expect(isStale({ coveredThrough: 'soon', lastSyncAt: 'yesterday' }, now)).toBe(false);
    expect(isStale({ coveredThrough: null, lastSyncAt: null }, now)).toBe(false);
  });

  it('adds the mark to every platform of an account view and keeps the rest', () => {
    const platforms = [0, 1, 3, 10].map((days, i) => ({
      platformId: `p${i}`,
      name: `Platform ${i}`,
      connected: i !== 2,
      lastSyncAt: null,
      syncStatus: 'success',
      coveredThrough: dayBefore(days),
    }));
    const view = {
      keyName: 'Sheets',
      keyStart: 'rfs_live_ab12…',
      isDemo: false,
      reportingCurrency: 'EUR',
      subscriptionStatus: 'active',
      platforms,
    };
    const summary = withFreshness(view, now);
    expect(summary.keyStart).toBe(view.keyStart);
    expect(summary.platforms.map((p) => p.stale)).toEqual(
      platforms.map((p) => (daysBehind(p.coveredThrough, now) ?? 0) > STALE_AFTER_DAYS),
    );
    expect(summary.platforms.map((p) => p.name)).toEqual(platforms.map((p) => p.name));
  });
});
