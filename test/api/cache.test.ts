// CacheService through the real platform client in the emulator (which enforces 250-character keys and
// 100 KB values): a hit makes no HTTP request, a big response is chunked and read back identical, and
// users with different keys never share entries.
// Each test has an add-on of its own (the client harness, both keys saved) on the file's demo API.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AddOn, startAddOn, useDemoApi } from '../support/addon.ts';
import { harnessDist } from '../support/bundles.ts';
import { expectNoKeyLeak } from '../support/leaks.ts';
import { direct, expectOk, fromCells, runHarness } from './support.ts';

const AUTHOR_KEY = 'rfs_live_Ed1torCache00000secretpart';

// A mid-sized account whose book report is well over CacheService's 100 KB per value.
const demoApi = useDemoApi({
  scale: { books: 800, marketplaces: 6, years: 2 },
  accounts: [{ key: AUTHOR_KEY }],
});
let addOn: AddOn;

beforeEach(async () => {
  addOn = await startAddOn({ api: demoApi(), distDir: await harnessDist() });
  addOn.saveApiKeyFor();
  addOn.saveApiKeyFor(addOn.emulator.editors[0], AUTHOR_KEY);
});

afterEach(async () => {
  try {
    expectNoKeyLeak(addOn.emulator, addOn.api.demoKey);
    expectNoKeyLeak(addOn.emulator, AUTHOR_KEY);
  } finally {
    await addOn.close();
  }
});

function httpCount(): number {
  return addOn.emulator.stats.http().length;
}

describe('response cache in CacheService', () => {
  it('a later execution is served from the document cache with no HTTP request', () => {
    const request = { endpoint: 'summary', period: 'last_7_days' } as const;
    const fresh = expectOk(runHarness(addOn.emulator, { requests: [request] })[0]);
    expect(fresh.fromCache).toBe(false);
    const before = httpCount();
    const cached = expectOk(runHarness(addOn.emulator, { requests: [request] })[0]);
    expect(httpCount()).toBe(before);
    expect(cached.fromCache).toBe(true);
    expect(cached.data).toEqual(fresh.data);
  });

  it('a response over 100 KB is cached in chunks and read back identical', async () => {
    const request = { endpoint: 'books-report', period: 'last_365_days' } as const;
    const { body } = await direct(addOn.api, addOn.api.demoKey, '/reports/books', { range: 'last_365_days' });
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(100 * 1024);
    const fresh = expectOk(runHarness(addOn.emulator, { requests: [request] })[0]);
    expect(fresh.data).toEqual(body);
    const before = httpCount();
    const cached = expectOk(runHarness(addOn.emulator, { requests: [request] })[0]);
    expect(httpCount()).toBe(before);
    expect(cached.fromCache).toBe(true);
    expect(JSON.stringify(cached.data)).toBe(JSON.stringify(body));
  });

  it('identical requests in one execution are fetched once', () => {
    const before = httpCount();
    const request = { endpoint: 'kenp', period: 'last_90_days' } as const;
    const outcomes = runHarness(addOn.emulator, {
      requests: [request, request, { ...request, period: ' last_90_days' }],
      cache: 'none',
    });
    expect(outcomes).toHaveLength(3);
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    expect(httpCount() - before).toBe(1);
  });

  it("an editor with another key never reads the owner's entries", () => {
    const request = { endpoint: 'marketplaces-report', period: 'last_30_days' } as const;
    const owner = expectOk(runHarness(addOn.emulator, { requests: [request] }, 'sidebar')[0]);
    const before = httpCount();
    const [editor] = addOn.emulator.editors;
    const json = JSON.stringify({ requests: [request] });
    const [outcome] = fromCells(addOn.emulator.run<string[][]>('fetchMany', [json], { as: editor }));
    expect(httpCount() - before).toBe(1);
    expect(expectOk(outcome).fromCache).toBe(false);
    expect(expectOk(outcome).data).not.toEqual(owner.data);
  });

  it('with the cache off, every execution asks the API', () => {
    const request = { endpoint: 'series' } as const;
    runHarness(addOn.emulator, { requests: [request], cache: 'none' });
    const before = httpCount();
    runHarness(addOn.emulator, { requests: [request], cache: 'none' });
    expect(httpCount() - before).toBe(1);
  });

  it('entries expire after the time to live, on the emulated clock', () => {
    const request = { endpoint: 'free-units', period: 'last_30_days' } as const;
    runHarness(addOn.emulator, { requests: [request], cacheTtlSeconds: 60 });
    addOn.emulator.clock.advance(61_000);
    const before = httpCount();
    expect(expectOk(runHarness(addOn.emulator, { requests: [request] })[0]).fromCache).toBe(false);
    expect(httpCount() - before).toBe(1);
  });
});
