import { describe, expect, it } from 'vitest';
import { accountView, maskKey } from '../../../src/core/api/index.ts';

const key = 'rfs_live_ab12cd34ef56gh78';

const account = {
  reporting_currency: 'EUR',
  is_demo: false,
  subscription: { status: 'active' },
  platforms: [
    {
      platform_id: 'kdp',
      name: 'Amazon KDP',
      connected: true,
      last_sync_at: '2026-11-20T06:12:03.123Z',
      sync_status: 'success',
      covered_through: '2026-11-19',
    },
    { platform_id: 'd2d', name: 'Draft2Digital', connected: false, last_sync_at: null, sync_status: null },
  ],
  api_key: {
    name: 'Google Sheets',
    start: 'rfs_live_ab12',
    scopes: ['read'],
    created_at: '2026-01-02T03:04:05.000Z',
    last_used_at: null,
  },
  connected_app: null,
};

describe('account view for the sidebar', () => {
  it('reads the documented fields by name', () => {
    const view = accountView(account, key);
    expect(view).toEqual({
      keyName: account.api_key.name,
      keyStart: `${account.api_key.start}…`,
      isDemo: account.is_demo,
      reportingCurrency: account.reporting_currency,
      subscriptionStatus: account.subscription.status,
      platforms: [
        {
          platformId: account.platforms[0]!.platform_id,
          name: account.platforms[0]!.name,
          connected: true,
          lastSyncAt: account.platforms[0]!.last_sync_at,
          syncStatus: account.platforms[0]!.sync_status,
          coveredThrough: account.platforms[0]!.covered_through,
        },
        {
          platformId: 'd2d',
          name: 'Draft2Digital',
          connected: false,
          lastSyncAt: null,
          syncStatus: null,
          coveredThrough: null,
        },
      ],
    });
  });

  it('survives a body that lacks fields', () => {
    expect(accountView({ is_demo: true })).toEqual({
      keyName: null,
      keyStart: null,
      isDemo: true,
      reportingCurrency: null,
      subscriptionStatus: null,
      platforms: [],
    });
    expect(accountView('not an object').platforms).toEqual([]);
  });

  it('never shows more of the key than its prefix and four characters, whatever the API echoes', () => {
    for (const start of [key, `${key}x`, 'something_else', undefined]) {
      const view = accountView({ ...account, api_key: { ...account.api_key, start } }, key);
      expect(view.keyStart).toBe(maskKey(key));
      expect(key.startsWith(view.keyStart!.replace('…', ''))).toBe(true);
      expect(view.keyStart!.length).toBeLessThanOrEqual(key.indexOf('live_') + 'live_'.length + 4 + 1);
    }
  });

  it('masks keys without the usual prefix too', () => {
    const odd = 'abcdefghijklmnopqrstuvwxyz';
    const masked = maskKey(odd);
    expect(masked.endsWith('…')).toBe(true);
    expect(masked.length).toBeLessThan(odd.length / 2);
  });
});
