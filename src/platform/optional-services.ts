// Optional services stay optional: a cache or a lock that throws (a rate limit, LockService's operations
// quota, a passing fault) never costs a figure. A cache that throws is a miss, or a write not kept; a lock
// that throws is asked again as a rate limit allows, then done without (at worst a request made twice).
// Google's words go to the execution log only (core/google-faults.ts).
import { callGoogle, optionalCall } from '../core/google-faults';
import type { CachePort } from '../core/ports';
import { platformClock } from './clock';

/** Where Google's own words go: the execution log, never the author. */
export function logGoogle(text: string): void {
  console.warn(text);
}

/** A CacheService cache as a CachePort that never throws. */
export function optionalCache(get: () => GoogleAppsScript.Cache.Cache | null): CachePort | undefined {
  const cache = optionalCall(get, null, logGoogle);
  if (!cache) return undefined;
  return {
    getAll: (keys) => optionalCall(() => cache.getAll([...keys]), {}, logGoogle),
    putAll: (entries, ttlSeconds) =>
      optionalCall(() => cache.putAll({ ...entries }, ttlSeconds), undefined, logGoogle),
  };
}

/** The part of a Lock the add-on uses. */
export interface OptionalLock {
  tryLock(timeoutMs: number): boolean;
  releaseLock(): void;
}

/** No lock to be had (LockService refused even to give one): the work runs unguarded. */
export const UNGUARDED: OptionalLock = { tryLock: () => true, releaseLock() {} };

/** How long a refused refresh lock may be asked again: LockService's rate limit passes in seconds, if at
 * all. A formula's lock only guards a claim: it goes on at once. */
export const LOCK_RETRY_MS = 5_000;

/** A lock whose refusals (not a busy lock: tryLock answers false for that, as before) never stop the work:
 * asked again as a rate limit allows, then the work runs unguarded. Null when there is no lock at all. */
export function optionalLock(
  get: () => GoogleAppsScript.Lock.Lock | null,
  retryMs = LOCK_RETRY_MS,
): OptionalLock | null {
  const lock = optionalCall(get, null, logGoogle);
  if (!lock) return null;
  let held = false;
  return {
    tryLock(timeoutMs) {
      try {
        held = callGoogle(() => lock.tryLock(timeoutMs), {
          clock: platformClock,
          deadline: platformClock.now() + retryMs,
          safeToRepeat: true,
          log: logGoogle,
        });
        return held;
      } catch (err) {
        logGoogle(`Going on without the lock: ${err instanceof Error ? err.message : String(err)}`);
        return true;
      }
    },
    releaseLock() {
      if (held) optionalCall(() => lock.releaseLock(), undefined, logGoogle);
      held = false;
    },
  };
}
