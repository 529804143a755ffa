import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitUtf8 } from '../../../src/core/api/cache.ts';
import {
  CHUNK_BYTES,
  createApiClient,
  DEFAULT_CACHE_TTL_SECONDS,
  keyFingerprintOf,
  MAX_CACHE_TTL_SECONDS,
} from '../../../src/core/api/index.ts';
import type { HttpOutcome, HttpRequest } from '../../../src/core/ports.ts';
import { toReportTable } from '../../../src/core/report/index.ts';
import { FakeCache, FakeClock, FakeHttp, json, nodeDigest } from '../../support/fake-ports.ts';
import { expectProperty } from '../../support/property.ts';
import { BASE, KEY, target } from './support.ts';

/** One spreadsheet's document cache, and executions that each make a fresh client (fresh memo). */
function world(answer: (request: HttpRequest) => HttpOutcome = () => report({})) {
  const clock = new FakeClock();
  const cache = new FakeCache(clock);
  const requests: HttpRequest[] = [];
  const execution = (options: { apiKey?: string; cacheTtlSeconds?: number } = {}) => {
    const http = new FakeHttp((r) => {
      requests.push(r);
      return answer(r);
    });
    return createApiClient({
      baseUrl: BASE,
      apiKey: options.apiKey ?? KEY,
      http,
      clock,
      digest: nodeDigest,
      cache,
      ...(options.cacheTtlSeconds === undefined ? {} : { cacheTtlSeconds: options.cacheTtlSeconds }),
      deadline: Number.MAX_SAFE_INTEGER,
    });
  };
  return { clock, cache, requests, execution };
}

function report(extra: Record<string, unknown>): HttpOutcome {
  return json(200, {
    period: { range: 'last_30_days' },
    currency: 'USD',
    meta: { truncated: false },
    ...extra,
  });
}

/** A body of about `bytes` UTF-8 bytes with multi-byte characters (RTL, emoji) across chunk borders. */
function bigRows(bytes: number) {
  const rows = [];
  for (let i = 0; rows.length * 60 < bytes; i += 1) {
    rows.push({ book_id: `b${i}`, title: `כותרת ${i} 📚 ${'é'.repeat(i % 7)}`, royalties: i * 1.25 });
  }
  return rows;
}

describe('response cache', () => {
  it('a later execution is served from the cache with no HTTP request', () => {
    const { execution, requests, cache } = world();
    const fresh = execution().fetch({ endpoint: 'summary', period: 'last_30_days' });
    expect(fresh.fromCache).toBe(false);
    const cached = execution().fetch({ endpoint: 'summary', period: 'last_30_days' });
    expect(cached.fromCache).toBe(true);
    expect(cached.data).toEqual(fresh.data);
    expect(toReportTable(cached.data, 'summary').meta.currency).toBe('USD');
    expect(requests).toHaveLength(1);
    expect(cache.calls.putAll).toBe(1);
  });

  it('says when a cached copy expires, small or chunked, fresh or read back, so what is derived from it can expire with it', () => {
    for (const rows of [[], bigRows(3 * CHUNK_BYTES)]) {
      const { execution, clock } = world(() => report({ rows }));
      const start = clock.now();
      const fresh = execution({ cacheTtlSeconds: 600 }).fetch({ endpoint: 'books-report' });
      expect(fresh.expiresAt).toBe(start + 600_000);
      clock.advance(120_000);
      const cached = execution().fetch({ endpoint: 'books-report' });
      expect(cached.fromCache).toBe(true);
      // The writer's lifetime, not the reader's default.
      expect(cached.expiresAt).toBe(start + 600_000);
      clock.advance(480_000);
      expect(execution().fetch({ endpoint: 'books-report' }).fromCache).toBe(false);
    }
  });

  it('readCache false: asked without a look in the cache, the answer still kept for the next execution', () => {
    const { execution, requests, cache } = world();
    const fresh = execution().fetch({ endpoint: 'summary' }, { readCache: false });
    expect(fresh.fromCache).toBe(false);
    expect(cache.calls).toEqual({ getAll: 0, putAll: 1 });
    // Even with the answer already kept: the caller said it had just looked.
    execution().fetch({ endpoint: 'summary' }, { readCache: false });
    expect(requests).toHaveLength(2);
    expect(execution().fetch({ endpoint: 'summary' }).fromCache).toBe(true);
    expect(requests).toHaveLength(2);
  });

  it('an answer with nothing in it is not kept: the next execution asks again', () => {
    let empty = true;
    const { execution, requests, cache } = world(() => (empty ? json(200, {}) : report({ books: [] })));
    expect(execution().fetch({ endpoint: 'books-report' }).data).toEqual({});
    expect(cache.calls.putAll).toBe(0);
    empty = false;
    const next = execution().fetch({ endpoint: 'books-report' });
    expect(next.fromCache).toBe(false);
    expect(requests).toHaveLength(2);
    expect(cache.calls.putAll).toBe(1);
  });

  it("keys are the request in plain text with the key's fingerprint; neither keys nor values hold the key", () => {
    const { execution, cache } = world();
    execution().fetchMany([{ endpoint: 'summary' }, { endpoint: 'read-through', seriesId: 'ser_1' }]);
    expect(cache.entries.size).toBe(2);
    const fingerprint = keyFingerprintOf(nodeDigest, KEY);
    expect(fingerprint).toMatch(/^[0-9a-f]{16}$/);
    for (const key of cache.entries.keys()) {
      expect(key.startsWith(`rfs2 ${BASE} ${fingerprint} `)).toBe(true);
      expect(key.length).toBeLessThanOrEqual(230);
    }
    expect([...cache.entries.keys()]).toContainEqual(expect.stringContaining('/series/ser_1/read-through'));
    expect(cache.allText().length).toBeGreaterThan(0);
    for (const text of cache.allText()) expect(text).not.toContain(KEY);
  });

  it('a key too long for CacheService becomes a hash; a generation never reads another generation', () => {
    const { cache, requests } = world();
    const client = (generation: string) =>
      createApiClient({
        baseUrl: BASE,
        apiKey: KEY,
        http: new FakeHttp(() => {
          requests.push({ url: '', headers: {} });
          return report({});
        }),
        clock: new FakeClock(),
        digest: nodeDigest,
        cache,
        generation,
        deadline: Number.MAX_SAFE_INTEGER,
      });
    const long = { endpoint: 'read-through', seriesId: `ser_${'x'.repeat(200)}` } as const;
    client('').fetch(long);
    expect(client('').cacheKey(long)).toMatch(/^rfs1\.[0-9a-f]{64}$/);
    expect(client('').fetch(long).fromCache).toBe(true);
    const request = { endpoint: 'summary', period: 'last_7_days' } as const;
    client('gen1').fetch(request);
    expect(client('gen1').fetch(request).fromCache).toBe(true);
    expect(client('gen2').fetch(request).fromCache).toBe(false);
    expect(client('gen1').cacheKey(request)).not.toBe(client('gen2').cacheKey(request));
    expect(requests).toHaveLength(3);
  });

  it('another key gets its own entries; the order of options does not matter', () => {
    const { execution, requests } = world();
    execution().fetch({ endpoint: 'timeline', options: { interval: 'month', x: '1' } });
    expect(
      execution().fetch({ endpoint: 'timeline', options: { x: '1', interval: 'month' } }).fromCache,
    ).toBe(true);
    expect(
      execution({ apiKey: 'rfs_live_someoneElse01' }).fetch({
        endpoint: 'timeline',
        options: { interval: 'month', x: '1' },
      }).fromCache,
    ).toBe(false);
    expect(requests).toHaveLength(2);
  });

  it('reads many requests in at most two cache calls and writes them in one', () => {
    const { execution, cache } = world((r) =>
      target(r).path === '/kenp' ? report({ rows: bigRows(150_000) }) : report({}),
    );
    execution().fetchMany([{ endpoint: 'summary' }, { endpoint: 'kenp' }, { endpoint: 'catalog' }]);
    expect(cache.calls).toEqual({ getAll: 1, putAll: 1 });
    cache.calls = { getAll: 0, putAll: 0 };
    const outcomes = execution().fetchMany([
      { endpoint: 'summary' },
      { endpoint: 'kenp' },
      { endpoint: 'catalog' },
    ]);
    expect(outcomes).toHaveLength(3);
    for (const o of outcomes) expect(o).toMatchObject({ ok: true, response: { fromCache: true } });
    expect(cache.calls).toEqual({ getAll: 2, putAll: 0 });
  });

  it("reads one request's chunked body in one cache call, head and chunks together", () => {
    const rows = bigRows(350_000);
    const { execution, cache } = world(() => report({ rows }));
    const fresh = execution().fetch({ endpoint: 'books-report' });
    expect(cache.entries.size).toBeGreaterThan(3);
    cache.calls = { getAll: 0, putAll: 0 };
    expect(execution().fetch({ endpoint: 'books-report' }).data).toEqual(fresh.data);
    expect(cache.calls).toEqual({ getAll: 1, putAll: 0 });
  });

  it("gives the request's cache key for single flight with no digest, or one with a stored fingerprint", () => {
    const { cache } = world();
    let digests = 0;
    const client = createApiClient({
      baseUrl: BASE,
      apiKey: KEY,
      http: new FakeHttp(() => report({})),
      clock: new FakeClock(),
      digest: {
        sha256Hex: (text) => {
          digests += 1;
          return nodeDigest.sha256Hex(text);
        },
      },
      cache,
      deadline: Number.MAX_SAFE_INTEGER,
    });
    const request = { endpoint: 'summary', period: 'last_30_days' } as const;
    client.fetch(request);
    expect(digests).toBe(1); // the key's fingerprint: none was given
    const key = client.cacheKey(request);
    expect(digests).toBe(1);
    const stored = createApiClient({
      baseUrl: BASE,
      apiKey: KEY,
      keyFingerprint: keyFingerprintOf(nodeDigest, KEY),
      http: new FakeHttp(() => report({})),
      clock: new FakeClock(),
      digest: {
        sha256Hex: () => {
          throw new Error('no digest when the fingerprint is stored');
        },
      },
      cache,
      deadline: Number.MAX_SAFE_INTEGER,
    });
    expect(stored.fetch(request).fromCache).toBe(true);
    expect(stored.cacheKey(request)).toBe(key);
    expect(cache.entries.has(key ?? '')).toBe(true);
    expect(key).not.toContain(KEY);
    const noCache = createApiClient({
      baseUrl: BASE,
      apiKey: KEY,
      http: new FakeHttp(() => report({})),
      clock: new FakeClock(),
      digest: nodeDigest,
    });
    expect(noCache.cacheKey(request)).toBeNull();
  });

  it('a response over 100 KB is split into chunks under the limit and read back identical', () => {
    const rows = bigRows(350_000);
    const { execution, cache, requests } = world(() => report({ rows }));
    const fresh = execution().fetch({ endpoint: 'books-report' });
    const body = JSON.stringify(fresh.data);
    const expectedChunks = Math.ceil(Buffer.byteLength(body) / CHUNK_BYTES);
    expect(expectedChunks).toBeGreaterThan(3);
    expect(cache.entries.size).toBeGreaterThanOrEqual(expectedChunks + 1);
    expect(cache.allText().length).toBeGreaterThan(expectedChunks);
    for (const text of cache.allText()) expect(Buffer.byteLength(text)).toBeLessThanOrEqual(100 * 1024);
    const cached = execution().fetch({ endpoint: 'books-report' });
    expect(cached.fromCache).toBe(true);
    expect(cached.data).toEqual(fresh.data);
    expect(JSON.stringify(cached.data)).toBe(body);
    expect(requests).toHaveLength(1);
  });

  it('a missing chunk makes the whole entry a miss, and the fetch writes it again', () => {
    const { execution, cache, requests } = world(() => report({ rows: bigRows(250_000) }));
    execution().fetch({ endpoint: 'books-report' });
    const chunkKey = [...cache.entries.keys()].find((k) => k.endsWith('.1'));
    expect(chunkKey).toBeDefined();
    cache.entries.delete(chunkKey ?? '');
    expect(execution().fetch({ endpoint: 'books-report' }).fromCache).toBe(false);
    expect(execution().fetch({ endpoint: 'books-report' }).fromCache).toBe(true);
    expect(requests).toHaveLength(2);
  });

  it('a chunk left over from an earlier write is not mixed into a newer one', () => {
    let version = 0;
    const { execution, cache, clock } = world(() => report({ version, rows: bigRows(200_000) }));
    execution().fetch({ endpoint: 'books-report' });
    const staleChunk = [...cache.entries].find(([k]) => k.endsWith('.0'));
    clock.advance(DEFAULT_CACHE_TTL_SECONDS * 1000);
    version = 1;
    execution().fetch({ endpoint: 'books-report' });
    // Put the first write's chunk 0 back beside the second write's head.
    if (staleChunk) cache.entries.set(staleChunk[0], { ...staleChunk[1], expires: clock.now() + 60_000 });
    const read = execution().fetch({ endpoint: 'books-report' });
    expect(read.fromCache).toBe(false);
    expect((read.data as { version: number }).version).toBe(1);
  });

  it('keeps entries for 15 minutes by default', () => {
    const { execution, clock, requests } = world();
    execution().fetch({ endpoint: 'summary' });
    clock.advance(DEFAULT_CACHE_TTL_SECONDS * 1000 - 1);
    expect(execution().fetch({ endpoint: 'summary' }).fromCache).toBe(true);
    clock.advance(1);
    expect(execution().fetch({ endpoint: 'summary' }).fromCache).toBe(false);
    expect(requests).toHaveLength(2);
  });

  it('takes a time to live, at most 6 hours', () => {
    const { execution, clock } = world();
    execution({ cacheTtlSeconds: 10 * MAX_CACHE_TTL_SECONDS }).fetch({ endpoint: 'summary' });
    clock.advance(MAX_CACHE_TTL_SECONDS * 1000 - 1);
    expect(execution().fetch({ endpoint: 'summary' }).fromCache).toBe(true);
    execution({ cacheTtlSeconds: 60 }).fetch({ endpoint: 'kenp' });
    clock.advance(60_000);
    expect(execution().fetch({ endpoint: 'kenp' }).fromCache).toBe(false);
  });

  it('does not cache failures', () => {
    let status = 404;
    const { execution, cache } = world(() => (status === 200 ? report({}) : json(status, {})));
    expect(execution().fetchMany([{ endpoint: 'summary' }])[0]!.ok).toBe(false);
    expect(cache.entries.size).toBe(0);
    status = 200;
    expect(execution().fetch({ endpoint: 'summary' }).fromCache).toBe(false);
  });

  it('a cache that fails is a miss, never an error', () => {
    const clock = new FakeClock();
    const broken = {
      getAll: () => {
        throw new Error('Service invoked too many times');
      },
      putAll: () => {
        throw new Error('Argument too large');
      },
    };
    const client = createApiClient({
      baseUrl: BASE,
      apiKey: KEY,
      http: new FakeHttp(() => report({})),
      clock,
      digest: nodeDigest,
      cache: broken,
    });
    expect(client.fetch({ endpoint: 'summary' }).fromCache).toBe(false);
  });
});

describe('splitting text into chunks', () => {
  it('never cuts a character and keeps every piece within the byte budget (property)', () => {
    expectProperty(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 300 }),
        fc.integer({ min: 4, max: 40 }),
        (text, max) => {
          const pieces = splitUtf8(text, max);
          return (
            pieces.join('') === text &&
            pieces.every((p) => Buffer.byteLength(p) <= max && !/^[\udc00-\udfff]/.test(p))
          );
        },
      ),
    );
  });
});
