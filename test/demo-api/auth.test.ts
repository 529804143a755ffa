// Bearer authentication: the demo key, configured keys, and 401 for missing, malformed or unknown keys.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoApiHandle, startDemoApi } from '../../local/demo-api/index.ts';
import { at, get, ok, TODAY, withApi } from './support.ts';

const OTHER_KEY = 'rfs_live_1a2b3c4d5e6f7a8b9c0d';

let api: DemoApiHandle;
beforeAll(async () => {
  api = await startDemoApi({ today: TODAY, accounts: [{ key: OTHER_KEY }] });
});
afterAll(() => api.stop());

async function raw(path: string, authorization: string | undefined) {
  const headers: Record<string, string> = authorization === undefined ? {} : { Authorization: authorization };
  const response = await fetch(`${api.baseUrl}${path}`, { headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('authentication', () => {
  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['no scheme', 'KEY'],
    ['another scheme', 'Basic KEY'],
    ['Bearer without a token', 'Bearer'],
    ['a token with a space', 'Bearer KEY extra'],
    ['an unknown key', 'Bearer rfs_live_00000000000000000000'],
    ['a revoked-looking key close to the demo key', 'Bearer KEYx'],
  ])('%s → 401 unauthorized with a JSON error that never echoes the key', async (_, template) => {
    const authorization = template?.replace('KEY', api.demoKey);
    for (const path of ['/account', '/summary', '/series/sr_001/read-through', '/no-such-path']) {
      const got = await raw(path, authorization);
      expect(got.status).toBe(401);
      expect(got.headers.get('content-type')).toMatch(/^application\/json/);
      expect(got.headers.get('www-authenticate')).toMatch(/^Bearer/);
      const body: unknown = JSON.parse(got.text);
      expect(at(body, 'error.code')).toBe('unauthorized');
      expect(String(at(body, 'error.message')).length).toBeGreaterThan(10);
      expect(got.text).not.toContain(api.demoKey);
    }
  });

  it('says which problem it was: missing, malformed or not recognised', async () => {
    const messages = await Promise.all(
      [undefined, 'Basic abc', 'Bearer rfs_live_00000000000000000000'].map(async (header) =>
        String(at(JSON.parse((await raw('/account', header)).text), 'error.message')),
      ),
    );
    expect(new Set(messages).size).toBe(3);
  });

  it('accepts the scheme name in any case, as HTTP allows', async () => {
    const got = await raw('/account', `bearer ${api.demoKey}`);
    expect(got.status).toBe(200);
  });

  it('each configured key reads its own account', async () => {
    expect((await ok(api, '/account')).is_demo).toBe(true);
    expect((await ok(api, '/account', OTHER_KEY)).is_demo).toBe(false);
    const demo = await get(api, '/summary');
    const other = await get(api, '/summary', OTHER_KEY);
    expect(other.status).toBe(200);
    // Another account has figures of its own.
    expect(other.text).not.toBe(demo.text);
  });

  it('a configured demo key replaces the default one', async () => {
    await withApi({ today: TODAY, demoKey: 'xyz_demo_live_abcdef123456' }, async (custom) => {
      expect(custom.demoKey).toBe('xyz_demo_live_abcdef123456');
      expect((await ok(custom, '/account')).is_demo).toBe(true);
      expect((await get(custom, '/account', api.demoKey)).status).toBe(401);
    });
  });

  it('refuses to start with a key that does not look like a key, or the same key twice', async () => {
    await expect(startDemoApi({ demoKey: 'not a key' })).rejects.toThrow(/live_/);
    await expect(startDemoApi({ accounts: [{ key: 'rfs_live_' }] })).rejects.toThrow(/live_/);
    await expect(startDemoApi({ accounts: [{ key: OTHER_KEY }, { key: OTHER_KEY }] })).rejects.toThrow(/own/);
  });
});
