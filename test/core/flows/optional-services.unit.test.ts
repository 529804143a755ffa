// Optional services over plain fakes: a cache or a lock that throws never stops the work, and Google's words
// reach the log port only.
import { describe, expect, it } from 'vitest';
import { LOCK_RETRY_MS, optionalCache, optionalLock } from '../../../src/core/flows/optional-services.ts';
import { FakeClock } from '../../support/fake-ports.ts';

const CACHE_RATE =
  'Service invoked too many times in a short time: cache rateMax. Try Utilities.sleep(1000) between calls.';
const LOCK_OPS = 'There are too many LockService operations against the same script.';

const throwing = (text: string) => () => {
  throw new Error(text);
};

function ports() {
  const log: string[] = [];
  return { clock: new FakeClock(0), log: (text: string) => void log.push(text), logged: log };
}

describe('an optional cache', () => {
  it('is none when the cache itself cannot be had, and the refusal is logged', () => {
    const { log, logged } = ports();
    expect(optionalCache(throwing(CACHE_RATE), log)).toBeUndefined();
    expect(optionalCache(() => null, log)).toBeUndefined();
    expect(logged.join('\n')).toContain(CACHE_RATE);
  });

  it('reads a refusal as a miss and a failed write as a write not kept', () => {
    const { log, logged } = ports();
    const written: Record<string, string>[] = [];
    const cache = optionalCache(
      () => ({ getAll: throwing(CACHE_RATE), putAll: (values) => void written.push(values) }),
      log,
    );
    expect(cache?.getAll(['a'])).toEqual({});
    cache?.putAll({ a: '1' }, 60);
    expect(written).toEqual([{ a: '1' }]);
    const refusing = optionalCache(() => ({ getAll: () => ({ a: '1' }), putAll: throwing(CACHE_RATE) }), log);
    expect(refusing?.getAll(['a'])).toEqual({ a: '1' });
    expect(() => refusing?.putAll({ a: '2' }, 60)).not.toThrow();
    expect(logged.filter((t) => t.includes(CACHE_RATE))).toHaveLength(2);
  });
});

describe('an optional lock', () => {
  it('is null when there is no lock, and none at all when getting it is refused', () => {
    const p = ports();
    expect(optionalLock(() => null, p)).toBeNull();
    expect(optionalLock(throwing(LOCK_OPS), p)).toBeNull();
    expect(p.logged.join('\n')).toContain(LOCK_OPS);
  });

  it('answers a busy lock as before, and releases only a lock it holds', () => {
    const p = ports();
    let releases = 0;
    const busy = optionalLock(() => ({ tryLock: () => false, releaseLock: () => void releases++ }), p);
    expect(busy?.tryLock(100)).toBe(false);
    busy?.releaseLock();
    expect(releases).toBe(0);
    const free = optionalLock(() => ({ tryLock: () => true, releaseLock: () => void releases++ }), p);
    expect(free?.tryLock(100)).toBe(true);
    free?.releaseLock();
    free?.releaseLock();
    expect(releases).toBe(1);
  });

  it('asks a refused lock again within its time, then lets the work run unguarded', () => {
    const p = ports();
    let tries = 0;
    const lock = optionalLock(
      () => ({
        tryLock: () => {
          tries++;
          throw new Error(LOCK_OPS);
        },
        releaseLock: throwing('never called'),
      }),
      p,
    );
    expect(lock?.tryLock(100)).toBe(true);
    expect(tries).toBe(3);
    expect(p.clock.sleeps).toEqual([1000, 2000]);
    expect(p.clock.now()).toBeLessThan(LOCK_RETRY_MS);
    expect(() => lock?.releaseLock()).not.toThrow();
    expect(p.logged.some((t) => t.startsWith('Going on without the lock'))).toBe(true);
    // A formula's lock: no time to ask again.
    tries = 0;
    const formulaLock = optionalLock(
      () => ({
        tryLock: () => {
          tries++;
          throw new Error(LOCK_OPS);
        },
        releaseLock() {},
      }),
      p,
      0,
    );
    expect(formulaLock?.tryLock(100)).toBe(true);
    expect(tries).toBe(1);
  });
});
