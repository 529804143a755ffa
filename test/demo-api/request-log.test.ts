// The request log: method, path, query, whether a key was sent, the status; never the key.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DemoApiHandle, startDemoApi } from '../../local/demo-api/index.ts';
import { get, TODAY } from './support.ts';

let api: DemoApiHandle;
beforeAll(async () => {
  api = await startDemoApi({ today: TODAY });
});
beforeEach(() => api.clearRequests());
afterAll(() => api.stop());

describe('request log', () => {
  it('records method, path relative to /v1, query, keySent and status, in order', async () => {
    const before = Date.now();
    await get(api, '/summary?range=last_7_days&currency=EUR');
    await get(api, '/account', null);
    await get(api, '/timeline?interval=week');
    const log = await api.requests();
    expect(
      log.map(({ method, path, query, keySent, status, keyInUrl }) => ({
        method,
        path,
        query,
        keySent,
        status,
        keyInUrl,
      })),
    ).toEqual([
      {
        method: 'GET',
        path: '/summary',
        query: { range: 'last_7_days', currency: 'EUR' },
        keySent: true,
        status: 200,
        keyInUrl: false,
      },
      { method: 'GET', path: '/account', query: {}, keySent: false, status: 401, keyInUrl: false },
      {
        method: 'GET',
        path: '/timeline',
        query: { interval: 'week' },
        keySent: true,
        status: 400,
        keyInUrl: false,
      },
    ]);
    for (const entry of log) expect(entry.at).toBeGreaterThanOrEqual(before);
  });

  it('never holds the key, even when a client puts it in the URL (then it is flagged)', async () => {
    await get(api, `/summary?api_key=${api.demoKey}`);
    await get(api, `/series/${api.demoKey}/read-through`);
    const log = await api.requests();
    expect(JSON.stringify(log)).not.toContain(api.demoKey);
    expect(log.map((entry) => entry.keyInUrl)).toEqual([true, true]);
  });

  it('clearRequests empties it; the returned entries are copies', async () => {
    await get(api, '/account');
    const log = await api.requests();
    log[0]!.path = 'changed';
    expect((await api.requests())[0]!.path).toBe('/account');
    await api.clearRequests();
    expect(await api.requests()).toEqual([]);
  });
});
