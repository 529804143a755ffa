// Every error class and fault of the demo API, through the real platform client in the emulator: the
// outcome kind, the message an author reads, how many requests were made and how long the emulated
// clock waited.
// Each test has an add-on of its own (the client harness, the owner's key saved) on the file's demo API.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RETRY } from '../../src/core/api/index.ts';
import { type AddOn, startAddOn, useDemoApi } from '../support/addon.ts';
import { harnessDist } from '../support/bundles.ts';
import { expectNoKeyLeak } from '../support/leaks.ts';
import { closeWithoutKeyLeak, expectFailure, expectOk, runHarness, serverMessage } from './support.ts';

const demoApi = useDemoApi();
let addOn: AddOn;

beforeEach(async () => {
  addOn = await startAddOn({ api: demoApi(), distDir: await harnessDist() });
  addOn.saveApiKeyFor();
  await addOn.api.clearRequests();
});

afterEach(() => closeWithoutKeyLeak(addOn));

/** One summary request as a custom function, uncached, with jitter fixed at 0 (waits = ceiling / 2). */
function summary(extra: { budgetMs?: number; sleepFirstMs?: number } = {}) {
  const start = addOn.emulator.clock.now();
  const sleeps = addOn.emulator.stats.calls()['Utilities.sleep'] ?? 0;
  const [outcome] = runHarness(addOn.emulator, {
    requests: [{ endpoint: 'summary' }],
    cache: 'none',
    random: 0,
    ...extra,
  });
  return {
    outcome,
    waited: addOn.emulator.clock.now() - start,
    sleeps: (addOn.emulator.stats.calls()['Utilities.sleep'] ?? 0) - sleeps,
  };
}

async function statuses(): Promise<number[]> {
  return (await addOn.api.requests()).map((r) => r.status);
}

const backoff = (attempts: number) =>
  Math.min(DEFAULT_RETRY.maxDelayMs, DEFAULT_RETRY.baseDelayMs * 2 ** (attempts - 1)) / 2;

describe('retries on the emulated clock', () => {
  it('429 waits Retry-After seconds, then succeeds', async () => {
    await addOn.api.setFaults('/summary', { statuses: [{ status: 429, retryAfter: 3 }] });
    const { outcome, waited, sleeps } = summary();
    expectOk(outcome);
    expect(await statuses()).toEqual([429, 200]);
    expect(sleeps).toBe(1);
    expect(waited).toBeGreaterThanOrEqual(3000);
  });

  it('429 every time: rate limited, try again in N s, after the attempts allowed', async () => {
    const retryAfter = 2;
    await addOn.api.setFaults('/summary', {
      statuses: Array(DEFAULT_RETRY.maxAttempts).fill({ status: 429, retryAfter }),
    });
    const { outcome, waited, sleeps } = summary();
    const error = expectFailure(outcome);
    expect(error.kind).toBe('rate-limited');
    expect(error.message).toContain(`try again in ${retryAfter} s`);
    expect(error.retryAfterSeconds).toBe(retryAfter);
    expect(await statuses()).toEqual(Array(DEFAULT_RETRY.maxAttempts).fill(429));
    expect(sleeps).toBe(DEFAULT_RETRY.maxAttempts - 1);
    expect(waited).toBeGreaterThanOrEqual((DEFAULT_RETRY.maxAttempts - 1) * retryAfter * 1000);
  });

  it('a Retry-After longer than the custom function has left is not waited for', async () => {
    await addOn.api.setFaults('/summary', { statuses: [{ status: 429, retryAfter: 40 }] });
    const { outcome, sleeps } = summary();
    const error = expectFailure(outcome);
    expect(error.message).toContain('try again in 40 s');
    expect(sleeps).toBe(0);
    expect(await statuses()).toEqual([429]);
  });

  it('500, 502, 503: exponential backoff, then success', async () => {
    await addOn.api.setFaults('/summary', { statuses: [500, 502, 503] });
    const { outcome, waited, sleeps } = summary();
    expectOk(outcome);
    expect(await statuses()).toEqual([500, 502, 503, 200]);
    expect(sleeps).toBe(3);
    expect(waited).toBeGreaterThanOrEqual(backoff(1) + backoff(2) + backoff(3));
  });

  it('a 5xx that persists ends in a server error naming the status and attempts', async () => {
    await addOn.api.setFaults('/summary', { statuses: Array(10).fill(503) });
    const error = expectFailure(summary().outcome);
    expect(error.kind).toBe('server');
    expect(error.message).toContain('(503)');
    expect(error.message).toContain(`after ${DEFAULT_RETRY.maxAttempts} attempts`);
    expect(await statuses()).toHaveLength(DEFAULT_RETRY.maxAttempts);
  });

  it('an HTML 502 page from a proxy: server error with the status and an excerpt', async () => {
    await addOn.api.setFaults('/summary', { body: 'html-502' });
    const error = expectFailure(summary().outcome);
    expect(error.kind).toBe('server');
    expect(error.message).toContain('answered 502 with a web page instead of data ("502 Bad Gateway")');
    expect(error.message).not.toMatch(/[<>]/);
    expect(await statuses()).toHaveLength(DEFAULT_RETRY.maxAttempts);
  });

  it('added latency is survived', async () => {
    await addOn.api.setFaults('/summary', { latencyMs: 300 });
    expectOk(summary().outcome);
  });

  it('a request that never answers ends the custom function at its time limit', async () => {
    await addOn.api.setFaults('/summary', { hang: true });
    // Spend 28 of the 30 s first, so the test waits about 2 s, not 30.
    expect(() => summary({ budgetMs: 60_000, sleepFirstMs: 28_000 })).toThrow(
      /Exceeded maximum execution time/,
    );
  });
});

describe('bodies that are not JSON', () => {
  it.each([
    ['html-200', 'Service temporarily unavailable'],
    ['empty', '(empty body)'],
    ['cut-short', '{'],
    ['malformed-json', "{currency: 'USD'"],
  ] as const)(
    '%s: an invalid response naming the status and an excerpt, not retried',
    async (body, excerpt) => {
      await addOn.api.setFaults('/summary', { body });
      const error = expectFailure(summary().outcome);
      expect(error.kind).toBe('invalid-response');
      expect(error.message).toContain('200');
      expect(error.message).toContain(excerpt);
      expect(await statuses()).toEqual([200]);
    },
  );

  it('a connection dropped mid-body is a network failure, retried', async () => {
    await addOn.api.setFaults('/summary', { body: 'cut-connection', times: 1 });
    expectOk(summary().outcome);
    expect(await statuses()).toHaveLength(2);
  });
});

describe('refusals', () => {
  it('401: the key is not accepted', async () => {
    await addOn.api.setFaults('/summary', { statuses: [401] });
    const error = expectFailure(summary().outcome);
    expect(error.kind).toBe('unauthorized');
    expect(error.message).toMatch(/Settings ▸ API.*demo account/);
    expect(await statuses()).toEqual([401]);
  });

  it('403: refused, never retried', async () => {
    await addOn.api.setFaults('/summary', { statuses: [403] });
    const error = expectFailure(summary().outcome);
    expect(error.kind).toBe('forbidden');
    expect(await statuses()).toEqual([403]);
  });

  it("400s carry the server's own message, verbatim", async () => {
    const cases = [
      { endpoint: 'summary', period: 'last_3_weeks' },
      { endpoint: 'summary', currency: 'XYZ' },
      { endpoint: 'timeline', options: { granularity: 'week' } },
    ] as const;
    const outcomes = runHarness(addOn.emulator, { requests: [...cases], cache: 'none' });
    const expected = await Promise.all([
      serverMessage(addOn.api, addOn.api.demoKey, '/summary', { range: 'last_3_weeks' }),
      serverMessage(addOn.api, addOn.api.demoKey, '/summary', { currency: 'XYZ' }),
      serverMessage(addOn.api, addOn.api.demoKey, '/timeline', { granularity: 'week' }),
    ]);
    expect(outcomes.map((o) => expectFailure(o).message)).toEqual(expected);
    expect(outcomes.map((o) => expectFailure(o).kind)).toEqual(['bad-request', 'bad-request', 'bad-request']);
  });

  it('404 on read-through: no series with that id; the other requests still succeed', () => {
    const outcomes = runHarness(addOn.emulator, {
      requests: [{ endpoint: 'read-through', seriesId: 'ser_nope' }, { endpoint: 'summary' }],
      cache: 'none',
    });
    const error = expectFailure(outcomes[0]);
    expect(error.kind).toBe('not-found');
    expect(error.message).toContain('No series with the id "ser_nope"');
    expectOk(outcomes[1]);
  });

  it('bad input is refused before any request', async () => {
    const outcomes = runHarness(addOn.emulator, {
      requests: [
        { endpoint: 'summary', currency: 'EURO' },
        { endpoint: 'summary', period: 'last 30 days' },
      ],
      cache: 'none',
    });
    expect(outcomes.map((o) => expectFailure(o).kind)).toEqual(['invalid-input', 'invalid-input']);
    expect(await statuses()).toEqual([]);
  });
});

describe('batching', () => {
  it('retries only the failed requests, together, in a later fetchAll round', async () => {
    await addOn.api.setFaults('/kenp', { statuses: [500] });
    await addOn.api.setFaults('/free-units', { statuses: [502] });
    const rounds = addOn.emulator.stats.fetchAllRounds();
    const outcomes = runHarness(addOn.emulator, {
      requests: [
        { endpoint: 'summary' },
        { endpoint: 'kenp' },
        { endpoint: 'free-units' },
        { endpoint: 'catalog' },
      ],
      cache: 'none',
      random: 0,
    });
    expect(outcomes).toHaveLength(4);
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    expect(addOn.emulator.stats.fetchAllRounds() - rounds).toBe(2);
    const log = await addOn.api.requests();
    expect(log.filter((r) => r.path === '/kenp').map((r) => r.status)).toEqual([500, 200]);
    expect(log.filter((r) => r.path === '/summary')).toHaveLength(1);
  });
});

describe('one request dropped in a batch', () => {
  it('UrlFetchApp.fetchAll fails the whole round; each request is then asked alone, so the others still succeed', async () => {
    await addOn.api.setFaults('/kenp', { body: 'cut-connection', times: 1 });
    const requests = [{ endpoint: 'summary' }, { endpoint: 'kenp' }, { endpoint: 'catalog' }] as const;
    const outcomes = runHarness(addOn.emulator, { requests: [...requests], cache: 'none', random: 0 });
    expect(outcomes).toHaveLength(requests.length);
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    const log = await addOn.api.requests();
    // The round of three, then each on its own.
    expect(log.map((r) => r.path).sort()).toEqual([
      '/books',
      '/books',
      '/kenp',
      '/kenp',
      '/summary',
      '/summary',
    ]);
  });
});

describe('network failure', () => {
  it('an API that cannot be reached: a network error after the retries', async () => {
    const unreachable = await startAddOn({ distDir: await harnessDist() });
    try {
      unreachable.saveApiKeyFor();
      await unreachable.api.stop();
      const [outcome] = runHarness(unreachable.emulator, {
        requests: [{ endpoint: 'summary' }],
        cache: 'none',
        random: 0,
      });
      const error = expectFailure(outcome);
      expect(error.kind).toBe('network');
      expect(error.message).toMatch(/Could not reach the API/);
      expect(error.attempts).toBe(DEFAULT_RETRY.maxAttempts);
      expect(
        unreachable.emulator.stats.http().filter((h) => h.status === null).length,
      ).toBeGreaterThanOrEqual(DEFAULT_RETRY.maxAttempts);
      expectNoKeyLeak(unreachable.emulator, unreachable.api.demoKey);
    } finally {
      unreachable.emulator.close();
    }
  });
});
