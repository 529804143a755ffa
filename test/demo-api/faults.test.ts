// Fault injection per path: status sequences, latency, hanging, broken bodies, forced truncation.

import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DemoApiHandle, startDemoApi } from '../../local/demo-api/index.ts';
import { at, get, ok, TODAY } from './support.ts';

let api: DemoApiHandle;
beforeAll(async () => {
  api = await startDemoApi({ today: TODAY });
});
afterEach(() => api.clearFaults());
afterAll(() => api.stop());

describe('status sequences', () => {
  it('answers the statuses in order, one per request, then normally', async () => {
    await api.setFaults('/summary', { statuses: [{ status: 429, retryAfter: 7 }, 500, 502, 503] });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await get(api, '/summary'));
    expect(answers.map((a) => a.status)).toEqual([429, 500, 502, 503, 200]);
    expect(answers[0]!.headers.get('retry-after')).toBe('7');
    expect(at(answers[0]!.json, 'error.code')).toBe('rate_limited');
    for (const answer of answers.slice(1, 4)) expect(at(answer.json, 'error.code')).toBe('server_error');
    // Other paths are untouched.
    expect((await get(api, '/account')).status).toBe(200);
  });

  it('a 429 without retryAfter still says when to retry', async () => {
    await api.setFaults('/timeline', { statuses: [429] });
    const got = await get(api, '/timeline');
    expect(got.status).toBe(429);
    expect(Number(got.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a status with a body and content type of the test’s choosing', async () => {
    await api.setFaults('/summary', {
      statuses: [{ status: 503, body: 'down for maintenance', contentType: 'text/plain' }],
    });
    const got = await get(api, '/summary');
    expect([got.status, got.text, got.headers.get('content-type')]).toEqual([
      503,
      'down for maintenance',
      'text/plain',
    ]);
  });

  it('statuses come before authentication, as from a proxy in front of the API', async () => {
    await api.setFaults('/summary', { statuses: [502] });
    expect((await get(api, '/summary', null)).status).toBe(502);
    expect((await get(api, '/summary', null)).status).toBe(401);
  });
});

describe('which requests a fault applies to', () => {
  it('times limits how many matching requests are affected', async () => {
    await api.setFaults('/books', { body: 'empty', times: 2 });
    const texts = [];
    for (let i = 0; i < 3; i++) texts.push((await get(api, '/books')).text);
    expect(texts.slice(0, 2)).toEqual(['', '']);
    expect(texts[2]!.length).toBeGreaterThan(0);
  });

  it('a * segment matches any one segment; the most specific path wins; * alone matches all', async () => {
    await api.setFaults('*', { statuses: [500, 500, 500, 500] });
    await api.setFaults('/series/*/read-through', { statuses: [503, 503] });
    await api.setFaults('/series/sr_002/read-through', { statuses: [502] });
    expect((await get(api, '/series/sr_001/read-through')).status).toBe(503);
    expect((await get(api, '/series/sr_002/read-through')).status).toBe(502);
    expect((await get(api, '/series/anything/read-through')).status).toBe(503);
    expect((await get(api, '/series')).status).toBe(500);
    expect((await get(api, '/account')).status).toBe(500);
  });

  it('a path with a range applies only to requests for that range, before the path alone', async () => {
    await api.setFaults('/timeline', { statuses: [500, 500] });
    await api.setFaults('/timeline?range=all_time', { statuses: [400] });
    expect((await get(api, '/timeline?range=all_time')).status).toBe(400);
    expect((await get(api, '/timeline?range=last_30_days')).status).toBe(500);
    expect((await get(api, '/timeline')).status).toBe(500);
    expect((await get(api, '/timeline?range=all_time')).status).toBe(200);
    await expect(api.setFaults('/timeline?currency=EUR&range=x', {})).rejects.toThrow(/range=name/);
    await expect(api.setFaults('/series/*/read-through?range=all_time', {})).rejects.toThrow(/no '\*'/);
  });

  it('clearFaults restores normal answers', async () => {
    await api.setFaults('*', { statuses: [500] });
    await api.clearFaults();
    expect((await get(api, '/summary')).status).toBe(200);
  });

  it('refuses a fault it cannot apply, with a message that says why', async () => {
    await expect(api.setFaults('summary', {})).rejects.toThrow(/start with '\/'/);
    await expect(api.setFaults('/v1/summary', {})).rejects.toThrow(/relative to \/v1/);
    await expect(api.setFaults('/summary', { times: 0 })).rejects.toThrow(/times/);
    await expect(api.setFaults('/summary', { statuses: [42] })).rejects.toThrow(/status/);
  });
});

describe('broken bodies', () => {
  it('malformed JSON with status 200', async () => {
    await api.setFaults('/summary', { body: 'malformed-json' });
    const got = await get(api, '/summary');
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toMatch(/json/);
    expect(() => JSON.parse(got.text)).toThrow();
  });

  it('an HTML page with 200 and with 502', async () => {
    await api.setFaults('/summary', { body: 'html-200', times: 1 });
    const page = await get(api, '/summary');
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    expect(page.text).toMatch(/^<!DOCTYPE html>/);
    await api.setFaults('/summary', { body: 'html-502', times: 1 });
    const gateway = await get(api, '/summary');
    expect(gateway.status).toBe(502);
    expect(gateway.text).toContain('Bad Gateway');
  });

  it('an empty body', async () => {
    await api.setFaults('/account', { body: 'empty' });
    const got = await get(api, '/account');
    expect([got.status, got.text]).toEqual([200, '']);
  });

  it('a body cut short: a complete response holding the first half of the JSON', async () => {
    const normal = await get(api, '/reports/books');
    await api.setFaults('/reports/books', { body: 'cut-short' });
    const cut = await get(api, '/reports/books');
    expect(cut.status).toBe(200);
    expect(cut.text.length).toBeLessThan(normal.text.length);
    expect(normal.text.startsWith(cut.text)).toBe(true);
    expect(() => JSON.parse(cut.text)).toThrow();
  });

  it('a connection dropped halfway through the promised body', async () => {
    await api.setFaults('/reports/books', { body: 'cut-connection' });
    const response = await fetch(`${api.baseUrl}/reports/books`, {
      headers: { Authorization: `Bearer ${api.demoKey}` },
    });
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
  });

  it('meta.truncated forced true, figures unchanged', async () => {
    const normal = await ok(api, '/summary?range=last_90_days');
    await api.setFaults('/summary', { truncated: true });
    const flagged = await ok(api, '/summary?range=last_90_days');
    expect(at(normal, 'meta.truncated')).toBe(false);
    expect(at(flagged, 'meta.truncated')).toBe(true);
    expect(flagged.totals).toEqual(normal.totals);
  });
});

describe('latency and requests that never answer', () => {
  it('latency delays the answer: a later request without it answers first', async () => {
    await api.setFaults('/summary', { latencyMs: 300 });
    const order: string[] = [];
    const slow = get(api, '/summary').then((got) => order.push(`slow ${got.status}`));
    // The slow request has arrived before the quick one is sent.
    await waitFor(async () => (await api.requests()).some((r) => r.path === '/summary' && r.status === 0));
    await get(api, '/account').then((got) => order.push(`quick ${got.status}`));
    await slow;
    expect(order).toEqual(['quick 200', 'slow 200']);
  });

  it('a hanging request never answers, and stop() closes it', async () => {
    const own = await startDemoApi({ today: TODAY });
    await own.setFaults('/summary', { hang: true });
    const pending = get(own, '/summary');
    const settled = pending.then(
      () => 'answered',
      () => 'connection closed',
    );
    await waitFor(async () => (await own.requests()).length === 1);
    // Still unanswered after other requests have come and gone.
    expect((await get(own, '/account')).status).toBe(200);
    expect((await own.requests())[0]!.status).toBe(0);
    await own.stop();
    expect(await settled).toBe('connection closed');
  });

  it('a hanging request is told at once, in a 102, that it will never be answered (the hang notice)', async () => {
    await api.setFaults('/summary', { hang: true });
    const notice = await new Promise<{ status: number | undefined; header: unknown }>((resolve, reject) => {
      const request = http.get(`${api.baseUrl}/summary`, {
        headers: { Authorization: `Bearer ${api.demoKey}` },
      });
      request.on('information', (info) => {
        resolve({ status: info.statusCode, header: info.headers['x-never-answers'] });
        request.destroy();
      });
      request.on('response', () => reject(new Error('answered')));
      request.on('error', () => {});
    });
    expect(notice).toEqual({ status: 102, header: 'hang fault' });
  });
});

/** Polls a condition over the control API (counts requests; no timing is asserted). */
async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('condition not met');
}
