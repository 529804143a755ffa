import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY } from '../../../src/core/api/index.ts';
import type { HttpOutcome, HttpRequest } from '../../../src/core/ports.ts';
import { FakeClock, fixedRandom, json } from '../../support/fake-ports.ts';
import { makeClient, target } from './support.ts';

type Step = number | { status: number; retryAfter?: string } | 'network';

/** Each path answers its steps in order, then 200. */
function scripted(steps: Record<string, Step[]>) {
  const seen = new Map<string, number>();
  return (request: HttpRequest): HttpOutcome => {
    const { path } = target(request);
    const n = seen.get(path) ?? 0;
    seen.set(path, n + 1);
    const step = steps[path]?.[n] ?? 200;
    if (step === 'network') return { kind: 'network-error', message: 'Address unavailable' };
    const { status, retryAfter } = typeof step === 'number' ? { status: step, retryAfter: undefined } : step;
    const headers: Record<string, string> = retryAfter === undefined ? {} : { 'retry-after': retryAfter };
    return status === 200
      ? json(200, { currency: 'USD', meta: { truncated: false }, period: { path } })
      : json(status, { error: { code: 'x', message: `status ${status}` } }, headers);
  };
}

/** The backoff ceiling before attempt n + 1 under the default policy. */
const ceiling = (attempts: number) =>
  Math.min(DEFAULT_RETRY.maxDelayMs, DEFAULT_RETRY.baseDelayMs * 2 ** (attempts - 1));

describe('retries', () => {
  it('429 waits exactly as long as Retry-After says, then succeeds', () => {
    const { client, clock, http } = makeClient(scripted({ '/summary': [{ status: 429, retryAfter: '3' }] }));
    const response = client.fetch({ endpoint: 'summary' });
    expect(response.fromCache).toBe(false);
    expect(clock.sleeps).toEqual([3000]);
    expect(http.requests).toHaveLength(2);
  });

  it('429 honours Retry-After given as an HTTP date', () => {
    const at = new Date(new FakeClock().now() + 7000).toUTCString();
    const { client, clock } = makeClient(scripted({ '/summary': [{ status: 429, retryAfter: at }] }));
    client.fetch({ endpoint: 'summary' });
    expect(clock.sleeps).toEqual([7000]);
  });

  it('429 every time: gives up after the attempts allowed, saying when to try again', () => {
    const always = Array(10).fill({ status: 429, retryAfter: '2' });
    const { client, clock, http } = makeClient(scripted({ '/summary': always }));
    const outcome = client.fetchMany([{ endpoint: 'summary' }])[0]!;
    expect(http.requests).toHaveLength(DEFAULT_RETRY.maxAttempts);
    expect(clock.sleeps).toEqual(Array(DEFAULT_RETRY.maxAttempts - 1).fill(2000));
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.kind).toBe('rate-limited');
    expect(outcome.error.retryAfterSeconds).toBe(2);
    expect(outcome.error.message).toMatch(/rate limiting.*try again in 2 s/);
  });

  it('does not start a Retry-After wait that would pass the deadline', () => {
    const { client, clock, http } = makeClient(scripted({ '/summary': [{ status: 429, retryAfter: '20' }] }));
    const outcome = client.fetchMany([{ endpoint: 'summary' }], { deadline: clock.now() + 10_000 })[0]!;
    expect(http.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.message).toContain('try again in 20 s');
  });

  it('5xx backs off exponentially with jitter between half and all of each step', () => {
    for (const r of [0, 0.999]) {
      const { client, clock, http } = makeClient(scripted({ '/summary': [500, 503, 502] }), {
        random: fixedRandom(r),
      });
      expect(client.fetch({ endpoint: 'summary' }).data).toBeTruthy();
      expect(http.requests).toHaveLength(4);
      expect(clock.sleeps).toEqual([1, 2, 3].map((n) => Math.round(ceiling(n) / 2 + (ceiling(n) / 2) * r)));
    }
  });

  it('network failures are retried like 5xx', () => {
    const { client, clock, http } = makeClient(scripted({ '/kenp': ['network', 'network'] }), {
      random: fixedRandom(0),
    });
    client.fetch({ endpoint: 'kenp' });
    expect(http.requests).toHaveLength(3);
    expect(clock.sleeps).toEqual([ceiling(1) / 2, ceiling(2) / 2]);
  });

  it.each([400, 401, 403, 404, 422])('%i is never retried', (status) => {
    const { client, clock, http } = makeClient(scripted({ '/summary': [status] }));
    expect(client.fetchMany([{ endpoint: 'summary' }])[0]!.ok).toBe(false);
    expect(http.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('stops retrying 5xx when the next wait would pass the deadline', () => {
    const { client, clock, http } = makeClient(scripted({ '/summary': Array(10).fill(500) }), {
      random: fixedRandom(0),
    });
    // Room for the first two waits (0.5 s + 1 s) but not the third (2 s).
    const deadline = clock.now() + ceiling(1) / 2 + ceiling(2) / 2 + ceiling(3) / 2 - 1;
    const outcome = client.fetchMany([{ endpoint: 'summary' }], { deadline })[0]!;
    expect(http.requests).toHaveLength(3);
    expect(clock.now()).toBeLessThan(deadline);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error.kind).toBe('server');
      expect(outcome.error.message).toMatch(/after 3 attempts, with no time left to retry/);
    }
  });

  it('counts the time HTTP rounds take against the deadline', () => {
    const { client, clock, http } = makeClient(scripted({ '/summary': Array(10).fill(500) }), {
      random: fixedRandom(0),
      roundMs: 4000,
    });
    client.fetchMany([{ endpoint: 'summary' }], { deadline: clock.now() + 9000 });
    // 4 s round, 0.5 s wait, 4 s round: 8.5 s; the next 1 s wait would pass 9 s.
    expect(http.requests).toHaveLength(2);
  });

  it('out of time before the first request: no request, an out-of-time error', () => {
    const { client, clock, http } = makeClient(scripted({}));
    const outcome = client.fetchMany([{ endpoint: 'summary' }], { deadline: clock.now() })[0]!;
    expect(http.requests).toHaveLength(0);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.kind).toBe('out-of-time');
  });

  it('uses the deadline given when the client was made when a call gives none', () => {
    const fixture = makeClient(scripted({ '/summary': [{ status: 429, retryAfter: '5' }] }), {
      deadline: Date.parse('2026-11-21T08:00:04Z'),
    });
    const outcome = fixture.client.fetchMany([{ endpoint: 'summary' }])[0]!;
    expect(outcome.ok).toBe(false);
    expect(fixture.clock.sleeps).toEqual([]);
  });
});

describe('batching', () => {
  it('one fetchAll per round: failures are retried together and never fail the others', () => {
    const { client, http } = makeClient(scripted({ '/timeline': [500], '/kenp': [503], '/books': [404] }), {
      random: fixedRandom(0),
    });
    const outcomes = client.fetchMany([
      { endpoint: 'summary' },
      { endpoint: 'timeline' },
      { endpoint: 'kenp' },
      { endpoint: 'catalog' },
    ]);
    expect(outcomes.map((o) => (o.ok ? 'ok' : o.error.kind))).toEqual(['ok', 'ok', 'ok', 'not-found']);
    expect(http.rounds.map((round) => round.map((r) => target(r).path))).toEqual([
      ['/summary', '/timeline', '/kenp', '/books'],
      ['/timeline', '/kenp'],
    ]);
  });

  it('a request waiting on Retry-After does not hold back one due sooner', () => {
    const { client, clock, http } = makeClient(
      scripted({ '/summary': [{ status: 429, retryAfter: '5' }], '/kenp': [500] }),
      { random: fixedRandom(0) },
    );
    const start = clock.now();
    const outcomes = client.fetchMany([{ endpoint: 'summary' }, { endpoint: 'kenp' }]);
    expect(outcomes).toHaveLength(2);
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    expect(http.rounds.map((round) => round.map((r) => target(r).path))).toEqual([
      ['/summary', '/kenp'],
      ['/kenp'],
      ['/summary'],
    ]);
    expect(clock.now() - start).toBe(5000);
  });

  it('identical requests in one call are fetched once and answered alike', () => {
    const { client, http } = makeClient(scripted({}));
    const same = { endpoint: 'summary', period: 'last_7_days', currency: 'eur' } as const;
    const outcomes = client.fetchMany([same, { ...same, currency: 'EUR ' }, { endpoint: 'kenp' }]);
    expect(outcomes).toHaveLength(3);
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    expect(http.requests).toHaveLength(2);
    expect(outcomes[0]).toEqual(outcomes[1]);
  });

  it('identical requests in later calls of the same execution come from memory', () => {
    const memo = new Map();
    const first = makeClient(scripted({}), { memo });
    first.client.fetch({ endpoint: 'summary' });
    const again = first.client.fetch({ endpoint: 'summary' });
    expect(again.fromCache).toBe(true);
    expect(first.http.requests).toHaveLength(1);
    // A second client of the same execution (another caller) shares the memo.
    const second = makeClient(scripted({}), { memo });
    expect(second.client.fetch({ endpoint: 'summary' }).fromCache).toBe(true);
    expect(second.http.requests).toHaveLength(0);
    // A different key never shares it.
    const other = makeClient(scripted({}), { memo, apiKey: 'rfs_live_other0000key' });
    expect(other.client.fetch({ endpoint: 'summary' }).fromCache).toBe(false);
    expect(other.http.requests).toHaveLength(1);
  });

  it('failures are not remembered: the next call asks again', () => {
    const { client, http } = makeClient(scripted({ '/summary': [404] }));
    expect(client.fetchMany([{ endpoint: 'summary' }])[0]!.ok).toBe(false);
    expect(client.fetchMany([{ endpoint: 'summary' }])[0]!.ok).toBe(true);
    expect(http.requests).toHaveLength(2);
  });
});
