// GET /account checked field by field against docs/api.md §1, /account.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_KEY } from '../../local/build/settings.ts';
import { type DemoApiHandle, startDemoApi } from '../../local/demo-api/index.ts';
import { addDays, arr, get, ok, rec, str, TODAY, withApi } from './support.ts';

const OTHER_KEY = 'rfs_live_9b7c5a3e1f2d4c6b8a0e';
const TIMESTAMP_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

let api: DemoApiHandle;
beforeAll(async () => {
  api = await startDemoApi({
    today: TODAY,
    accounts: [{ key: OTHER_KEY, name: 'My spreadsheet', reportingCurrency: 'EUR' }],
  });
});
afterAll(() => api.stop());

describe('GET /account', () => {
  it('has exactly the documented top-level fields', async () => {
    const body = await ok(api, '/account');
    expect(Object.keys(body).sort()).toEqual(
      ['api_key', 'connected_app', 'is_demo', 'platforms', 'reporting_currency', 'subscription'].sort(),
    );
  });

  it('reads the demo account with the default demo key: is_demo true, reporting currency an ISO code', async () => {
    expect(api.demoKey).toBe(DEFAULT_DEMO_KEY);
    const body = await ok(api, '/account');
    expect(body.is_demo).toBe(true);
    expect(str(body.reporting_currency)).toMatch(/^[A-Z]{3}$/);
  });

  it('subscription holds status active', async () => {
    const body = await ok(api, '/account');
    expect(rec(body.subscription)).toEqual({ status: 'active' });
  });

  it('platforms: ids, names, connected flags, timestamps with milliseconds, covered_through days', async () => {
    const platforms = arr((await ok(api, '/account')).platforms).map(rec);
    expect(platforms).toHaveLength(3);
    for (const platform of platforms) {
      expect(Object.keys(platform).sort()).toEqual(
        ['connected', 'covered_through', 'last_sync_at', 'name', 'platform_id', 'sync_status'].sort(),
      );
      expect(str(platform.platform_id).length).toBeGreaterThan(0);
      expect(str(platform.name).length).toBeGreaterThan(0);
      expect(typeof platform.connected).toBe('boolean');
      expect(str(platform.last_sync_at)).toMatch(TIMESTAMP_MS);
      expect(new Date(str(platform.last_sync_at)).toISOString()).toBe(platform.last_sync_at);
      expect(platform.sync_status).toBe('success');
      expect(str(platform.covered_through)).toMatch(DAY);
      // Data is never present for today or later: periods end yesterday.
      expect(str(platform.covered_through) <= addDays(TODAY, -1)).toBe(true);
      // A sync happens after the last day it covers.
      expect(str(platform.last_sync_at).slice(0, 10) > str(platform.covered_through)).toBe(true);
    }
    expect(platforms.filter((p) => p.connected === true)).toHaveLength(2);
    expect(platforms.filter((p) => p.connected === false)).toHaveLength(1);
    for (const connected of platforms.filter((p) => p.connected === true)) {
      expect(connected.covered_through).toBe(addDays(TODAY, -1));
    }
  });

  it('api_key: name, start (prefix through live_ plus four characters), scopes read, created_at', async () => {
    const key = rec((await ok(api, '/account')).api_key);
    expect(Object.keys(key).sort()).toEqual(['created_at', 'last_used_at', 'name', 'scopes', 'start'].sort());
    expect(str(key.name).length).toBeGreaterThan(0);
    const prefixEnd = api.demoKey.indexOf('live_') + 'live_'.length;
    expect(key.start).toBe(api.demoKey.slice(0, prefixEnd + 4));
    expect(key.scopes).toEqual(['read']);
    expect(str(key.created_at)).toMatch(TIMESTAMP_MS);
    expect(str(key.created_at) < `${TODAY}T00:00:00.000Z`).toBe(true);
  });

  it('api_key.last_used_at: null before any use, then the time of the previous request', async () => {
    await withApi({ today: TODAY }, async (fresh) => {
      const first = rec((await ok(fresh, '/account')).api_key);
      expect(first.last_used_at).toBeNull();
      const log = await fresh.requests();
      const second = rec((await ok(fresh, '/account')).api_key);
      expect(second.last_used_at).toBe(new Date(log[0]!.at).toISOString());
    });
  });

  it('api_key.last_used_at follows clockStart, the clock the caller pinned with today', async () => {
    const clockStart = Date.parse(`${TODAY}T08:00:00Z`);
    await withApi({ today: TODAY, clockStart }, async (fresh) => {
      await ok(fresh, '/account');
      const used = Date.parse(String(rec((await ok(fresh, '/account')).api_key).last_used_at));
      // On the pinned day, at or after the pinned instant (the requests took some real milliseconds).
      expect(used).toBeGreaterThanOrEqual(clockStart);
      expect(new Date(used).toISOString().slice(0, 10)).toBe(TODAY);
    });
  });

  it('connected_app is null for a request made with an API key', async () => {
    expect((await ok(api, '/account')).connected_app).toBeNull();
  });

  it('never returns the full key', async () => {
    const got = await get(api, '/account');
    expect(got.text).not.toContain(api.demoKey);
  });

  it('a configured key reads a non-demo account with its own name and reporting currency', async () => {
    const body = await ok(api, '/account', OTHER_KEY);
    expect(body.is_demo).toBe(false);
    expect(body.reporting_currency).toBe('EUR');
    const key = rec(body.api_key);
    expect(key.name).toBe('My spreadsheet');
    expect(key.start).toBe(OTHER_KEY.slice(0, OTHER_KEY.indexOf('live_') + 9));
    expect(JSON.stringify(body)).not.toContain(OTHER_KEY);
  });
});
