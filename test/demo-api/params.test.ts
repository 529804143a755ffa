// Query parameters: accepted values, and 400s with clear messages for anything else; 404 and 405.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENCIES, type DemoApiHandle, RANGES, startDemoApi } from '../../local/demo-api/index.ts';
import { at, get, ok, TODAY } from './support.ts';

const EURO_KEY = 'rfs_live_5e5e5e5e5e5e5e5e5e5e';

let api: DemoApiHandle;
beforeAll(async () => {
  api = await startDemoApi({ today: TODAY, accounts: [{ key: EURO_KEY, reportingCurrency: 'EUR' }] });
});
afterAll(() => api.stop());

async function expectError(path: string, status: number, code: string, mentions: string[] = []) {
  const got = await get(api, path);
  expect(got.status, path).toBe(status);
  expect(at(got.json, 'error.code')).toBe(code);
  const message = String(at(got.json, 'error.message'));
  expect(
    mentions.filter((word) => !message.includes(word)),
    `words missing from: ${message}`,
  ).toEqual([]);
  return message;
}

describe('query parameters', () => {
  it('accepts every documented range and currency on /summary', async () => {
    for (const range of RANGES) expect((await get(api, `/summary?range=${range}`)).status).toBe(200);
    for (const code of Object.keys(CURRENCIES)) {
      const body = await ok(api, `/summary?currency=${code}`);
      expect(body.currency).toBe(code);
    }
  });

  it('defaults to last_30_days in the reporting currency', async () => {
    const demo = await ok(api, '/summary');
    expect(at(demo, 'period.range')).toBe('last_30_days');
    expect(demo.currency).toBe('USD');
    expect((await ok(api, '/summary', EURO_KEY)).currency).toBe('EUR');
  });

  it('reads a lower-case currency code as its upper-case form', async () => {
    expect((await ok(api, '/summary?currency=eur')).currency).toBe('EUR');
  });

  it('400 invalid_range for an unknown range, naming it and the accepted ones', async () => {
    await expectError('/summary?range=last_31_days', 400, 'invalid_range', ['last_31_days', 'last_30_days']);
    await expectError('/timeline?range=', 400, 'invalid_range');
  });

  it('400 invalid_currency for an unknown or unsupported currency', async () => {
    await expectError('/summary?currency=XYZ', 400, 'invalid_currency', ['XYZ', 'USD']);
    await expectError('/reports/books?currency=CHF', 400, 'invalid_currency', ['CHF']);
  });

  it('400 invalid_parameter for an unknown parameter, naming it and the accepted ones', async () => {
    await expectError('/summary?granularity=day', 400, 'invalid_parameter', [
      'granularity',
      'range',
      'currency',
    ]);
    await expectError('/account?currency=EUR', 400, 'invalid_parameter', ['currency']);
    // interval belongs to /timeline only.
    await expectError('/summary?interval=day', 400, 'invalid_parameter', ['interval']);
  });

  it('/timeline accepts interval day or month and refuses other values', async () => {
    expect((await ok(api, '/timeline?interval=day')).interval).toBe('day');
    expect((await ok(api, '/timeline?interval=month')).interval).toBe('month');
    await expectError('/timeline?interval=week', 400, 'invalid_parameter', ['week', 'day', 'month']);
  });

  it('400 when a parameter is given twice', async () => {
    await expectError('/summary?range=last_7_days&range=last_30_days', 400, 'invalid_parameter', ['range']);
  });

  it('never quotes a key-like value back in a message', async () => {
    const message = await expectError(`/summary?range=${api.demoKey}`, 400, 'invalid_range');
    expect(message).not.toContain(api.demoKey);
  });

  it('404 not_found for an unknown path or series; 405 for other methods', async () => {
    await expectError('/nothing-here', 404, 'not_found');
    await expectError('/series/sr_999/read-through', 404, 'not_found');
    await expectError('/series/%2e%2e/read-through', 404, 'not_found');
    const outside = await fetch(`${api.origin}/summary`, {
      headers: { Authorization: `Bearer ${api.demoKey}` },
    });
    expect(outside.status).toBe(404);
    const post = await fetch(`${api.baseUrl}/summary`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${api.demoKey}` },
    });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
  });
});
