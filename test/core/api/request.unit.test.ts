import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_IDS, ENDPOINTS } from '../../../src/core/endpoints.ts';
import { json } from '../../support/fake-ports.ts';
import { expectProperty } from '../../support/property.ts';
import { BASE, KEY, makeClient, target } from './support.ts';

const ok = () => json(200, { currency: 'USD', meta: { truncated: false }, period: {} });

describe('requests', () => {
  it('sends GET {base}/{path} with the Bearer key and Accept: application/json for all eleven endpoints', () => {
    const { client, http } = makeClient(ok);
    const outcomes = client.fetchMany(
      ENDPOINT_IDS.map((endpoint) =>
        endpoint === 'read-through' ? { endpoint, seriesId: 'ser_1' } : { endpoint },
      ),
    );
    expect(outcomes).toHaveLength(ENDPOINT_IDS.length);
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    expect(http.rounds).toHaveLength(1);
    const paths = http.requests.map((r) => target(r).path);
    expect(paths).toEqual(ENDPOINT_IDS.map((id) => ENDPOINTS[id].path.replace('{series_id}', 'ser_1')));
    for (const request of http.requests) {
      expect(request.url.startsWith(`${BASE}/`)).toBe(true);
      expect(request.headers).toEqual({ Authorization: `Bearer ${KEY}`, Accept: 'application/json' });
    }
  });

  it('passes range, a cleaned currency and any further option as the query, sorted by name', () => {
    const { client, http } = makeClient(ok);
    client.fetch({
      endpoint: 'timeline',
      period: ' last_90_days ',
      currency: 'eur',
      options: { interval: 'month', 'x-custom': 'a b&c=d' },
    });
    const [request] = http.requests;
    const { query } = target(request!);
    expect(query).toEqual({
      currency: 'EUR',
      interval: 'month',
      range: 'last_90_days',
      'x-custom': 'a b&c=d',
    });
    const names = new URL(request!.url).search
      .slice(1)
      .split('&')
      .map((p) => p.split('=')[0]);
    expect(names).toEqual([...names].sort());
  });

  it.each(['../account', 'a/b?x=1', '%2e%2e', 'ser#1', '…'])(
    'sends series id %j as one path segment',
    (id) => {
      const { client, http } = makeClient(ok);
      client.fetch({ endpoint: 'read-through', seriesId: id });
      const { pathname, search } = new URL(http.requests[0]!.url);
      const segments = pathname.split('/');
      expect(segments).toHaveLength(5);
      expect(segments.slice(0, 3)).toEqual(['', 'v1', 'series']);
      expect(decodeURIComponent(segments[3]!)).toBe(id);
      expect(segments[4]).toBe('read-through');
      expect(search).toBe('');
    },
  );

  it('keeps any series id in one segment (property)', () => {
    expectProperty(
      fc.property(
        fc.string({ unit: 'grapheme', minLength: 1 }).filter((s) => !['', '.', '..'].includes(s.trim())),
        (id) => {
          const { client, http } = makeClient(ok);
          client.fetch({ endpoint: 'read-through', seriesId: id });
          const segments = new URL(http.requests[0]!.url).pathname.split('/');
          return segments.length === 5 && decodeURIComponent(segments[3]!) === id.trim();
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses without a request: dot segments, a missing series id, a series id elsewhere, a duplicate parameter', () => {
    const { client, http } = makeClient(ok);
    const outcomes = client.fetchMany([
      { endpoint: 'read-through', seriesId: '..' },
      { endpoint: 'read-through' },
      { endpoint: 'summary', seriesId: 'ser_1' },
      { endpoint: 'summary', period: 'last_7_days', options: { range: 'last_30_days' } },
      { endpoint: 'summary', options: { 'two words': 'x' } },
      { endpoint: 'summary', options: { x: '\ud800' } },
      { endpoint: 'summary', currency: 'EURO' },
      { endpoint: 'summary', period: 'last 30 days' },
    ]);
    expect(outcomes.map((o) => (o.ok ? 'ok' : o.error.kind))).toEqual(Array(8).fill('invalid-input'));
    const [currency, range] = outcomes.slice(6).map((o) => (o.ok ? '' : o.error.message));
    expect(currency).toMatch(/"EURO" is not a currency code/);
    expect(range).toMatch(/"last 30 days" is not a period name/);
    expect(http.requests).toHaveLength(0);
  });

  it('leaves out a range or currency not given, and refuses one given empty, before any request', () => {
    const { client, http } = makeClient(ok);
    client.fetch({ endpoint: 'summary' });
    expect(target(http.requests[0]!).query).toEqual({});
    const [range, currency] = client.fetchMany([
      { endpoint: 'summary', period: '  ' },
      { endpoint: 'summary', currency: '' },
    ]);
    expect(range?.ok).toBe(false);
    if (range && !range.ok) {
      expect(range.error.kind).toBe('invalid-input');
      expect(range.error.message).toMatch(/is not a period name.*last_30_days/);
    }
    expect(currency?.ok).toBe(false);
    if (currency && !currency.ok) {
      expect(currency.error.kind).toBe('invalid-input');
      expect(currency.error.message).toMatch(/^The currency is empty\. .*"USD"/);
    }
    expect(http.requests).toHaveLength(1);
  });

  it('refuses a URL longer than 2,000 characters before sending it', () => {
    const { client, http } = makeClient(ok);
    const outcome = client.fetchMany([{ endpoint: 'summary', options: { note: 'x'.repeat(2000) } }])[0]!;
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.message).toMatch(/over the limit of 2000/);
    expect(http.requests).toHaveLength(0);
  });

  it('never puts the key in a URL: a parameter holding it is refused, and the message does not quote it', () => {
    const { client, http } = makeClient(ok);
    const outcomes = client.fetchMany([
      { endpoint: 'summary', options: { token: KEY } },
      { endpoint: 'summary', currency: KEY },
      { endpoint: 'read-through', seriesId: `x${KEY}` },
      { endpoint: 'summary', period: `${KEY} ` },
    ]);
    expect(outcomes).toHaveLength(4);
    for (const outcome of outcomes) {
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) {
        expect(outcome.error.kind).toBe('invalid-input');
        expect(outcome.error.message).not.toContain(KEY);
      }
    }
    expect(http.requests).toHaveLength(0);
  });
});
