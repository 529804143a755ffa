// Optional services stay optional: a cache or a lock that throws (a rate limit, LockService's operations
// quota, a passing fault) never costs a figure. A cache that throws is a miss, or a write not kept; a lock
// that throws is asked again as a rate limit allows, then done without (at worst a request made twice).
// (A store, which is required, is asked again as Google's refusal allows: asked-again.ts.) Google's words go
// to the log port only (core/google-faults.ts classifies); platform/optional-services.ts gives Google's calls.
import { callGoogle, optionalCall } from '../google-faults';
import type { CachePort, ClockPort } from '../ports';

/** Where Google's own words go: the execution log, never the author. */
export type GoogleLog = (text: string) => void;

/** What the retries of an optional or a required service need: the clock they pause on, and the log. */
export interface ServicePorts {
  readonly clock: ClockPort;
  readonly log: GoogleLog;
}

/** The part of a CacheService cache the add-on uses. */
export interface RawCache {
  getAll(keys: string[]): Record<string, string>;
  putAll(values: Record<string, string>, expirationInSeconds: number): void;
}

/** A cache as a CachePort that never throws; undefined when getting the cache itself failed or gave none. */
export function optionalCache(get: () => RawCache | null, log: GoogleLog): CachePort | undefined {
  const cache = optionalCall(get, null, log);
  if (!cache) return undefined;
  return {
    getAll: (keys) => optionalCall(() => cache.getAll([...keys]), {}, log),
    putAll: (entries, ttlSeconds) =>
      optionalCall(() => cache.putAll({ ...entries }, ttlSeconds), undefined, log),
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
  get: () => OptionalLock | null,
  ports: ServicePorts,
  retryMs = LOCK_RETRY_MS,
): OptionalLock | null {
  const { clock, log } = ports;
  const lock = optionalCall(get, null, log);
  if (!lock) return null;
  let held = false;
  return {
    tryLock(timeoutMs) {
      try {
        held = callGoogle(() => lock.tryLock(timeoutMs), {
          clock,
          deadline: clock.now() + retryMs,
          safeToRepeat: true,
          log,
        });
        return held;
      } catch (err) {
        log(`Going on without the lock: ${err instanceof Error ? err.message : String(err)}`);
        return true;
      }
    },
    releaseLock() {
      if (held) optionalCall(() => lock.releaseLock(), undefined, log);
      held = false;
    },
  };
}
