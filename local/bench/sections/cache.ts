// Item 6: a 2 MB response through the chunked response cache. Timed on the core cache functions with a
// CachePort backed by the emulator's own CacheService class (its 100 KB value limit and 1,000-item store
// apply); then the same size through the add-on's real client path in the emulator, where the counts
// show one request and one putAll, then no request and one getAll (head and chunks read together).
import { createHash } from 'node:crypto';
import { createResponseCache } from '../../../src/core/api/cache.ts';
import { CHUNK_BYTES, DEFAULT_CACHE_TTL_SECONDS } from '../../../src/core/api/index.ts';
import type { CachePort } from '../../../src/core/ports.ts';
import { Cache, type CacheStore } from '../../gas/cache.ts';
import { Clock } from '../../gas/clock.ts';
import type { Env } from '../../gas/env.ts';
import { DEFAULT_START_TIME } from '../../gas/index.ts';
import { type ExecutionCost, measured, median } from '../measure.ts';
import type { BenchWorld } from '../world.ts';

const CACHED_BYTES = 2 * 1024 * 1024;

export interface CacheFigures {
  readonly bodyBytes: number;
  readonly chunkBytes: number;
  /** Chunk entries the body took (beside its one head entry). */
  readonly chunks: number;
  readonly writeMs: number;
  readonly readMs: number;
  readonly runs: number;
  /** The real client path in the emulator: the miss (fetch, then write) and the hit (read only). */
  readonly miss: ExecutionCost;
  readonly hit: ExecutionCost;
}

/** A books report of at least `bytes` bytes, from a real response's rows. */
function bodyOfSize(template: { rows: ReadonlyArray<Record<string, unknown>> }, bytes: number): string {
  const rows: Record<string, unknown>[] = [];
  let size = JSON.stringify({ ...template, rows }).length;
  for (let i = 0; size < bytes; i++) {
    const row = { ...template.rows[i % template.rows.length], book_id: `bk_${i}` };
    rows.push(row);
    size += JSON.stringify(row).length + 1;
  }
  return JSON.stringify({ ...template, rows });
}

/** The emulator's Cache outside any execution: it reads only the clock and a capture sink from its Env. */
function emulatorCachePort(store: CacheStore): CachePort {
  const env = { world: { clock: new Clock(DEFAULT_START_TIME) }, capture: () => {} } as unknown as Env;
  const cache = new Cache(env, store);
  return {
    getAll: (keys) => cache.getAll([...keys]),
    putAll: (entries, ttl) => cache.putAll({ ...entries }, ttl),
  };
}

function timeCoreCache(body: string, runs: number): { writeMs: number; readMs: number; chunks: number } {
  const store: CacheStore = new Map();
  let stamps = 0;
  const cache = createResponseCache({
    cache: emulatorCachePort(store),
    digest: { sha256Hex: (text) => createHash('sha256').update(text).digest('hex') },
    ttlSeconds: DEFAULT_CACHE_TTL_SECONDS,
    stamp: () => `s${++stamps}`,
  });
  const key = cache.keyFor(['bench', 'books-report']);
  const writes: number[] = [];
  const reads: number[] = [];
  for (let run = 0; run < runs; run++) {
    let started = performance.now();
    cache.writeAll([[key, body]]);
    writes.push(performance.now() - started);
    started = performance.now();
    const back = cache.readAll([key]).get(key)?.body;
    reads.push(performance.now() - started);
    if (back !== body) throw new Error('the chunked cache did not give back what was written');
  }
  return { writeMs: median(writes), readMs: median(reads), chunks: store.size - 1 };
}

/** Serves `body` once for the books report and reads it twice through the add-on's client. */
async function clientPath(
  world: BenchWorld,
  body: string,
): Promise<{ miss: ExecutionCost; hit: ExecutionCost }> {
  const request = JSON.stringify({ endpoint: 'books-report', period: 'last_30_days' });
  const { naive } = world;
  naive.switches.evictCaches();
  await world.api.setFaults('/reports/books', {
    statuses: [{ status: 200, body, contentType: 'application/json' }],
  });
  try {
    const read = () => {
      let result = { bytes: 0, fromCache: false };
      const cost = measured(naive, () => {
        result = naive.run<{ bytes: number; fromCache: boolean }>('cachedFetch', [request]);
      });
      return { result, cost };
    };
    const miss = read();
    const hit = read();
    if (miss.result.fromCache || !hit.result.fromCache || hit.result.bytes !== miss.result.bytes)
      throw new Error('the second read of the 2 MB response did not come whole from the cache');
    return { miss: miss.cost, hit: hit.cost };
  } finally {
    await world.api.clearFaults();
  }
}

export async function benchCache(
  world: BenchWorld,
  template: { rows: ReadonlyArray<Record<string, unknown>> },
  runs: number,
): Promise<CacheFigures> {
  const body = bodyOfSize(template, CACHED_BYTES);
  const timed = timeCoreCache(body, runs);
  return {
    bodyBytes: Buffer.byteLength(body),
    chunkBytes: CHUNK_BYTES,
    ...timed,
    runs,
    ...(await clientPath(world, body)),
  };
}
