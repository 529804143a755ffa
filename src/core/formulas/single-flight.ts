// Many cells with the same formula, each its own execution: on a cache miss one of them fetches while the
// others wait for its answer to reach the shared response cache ("single flight"). A short lock guards
// only the claim (a marker in the shared cache), so different requests never queue behind each other.
// Waiting stops in time for a waiter to make its own request within the 30-second limit.

import { messageOf } from '../base/unknown';
import type { CachePort, ClockPort } from '../ports';

/** The part of Apps Script's Lock the claim uses. */
export interface FlightLock {
  tryLock(timeoutMs: number): boolean;
  releaseLock(): void;
}

interface FlightPorts {
  readonly clock: ClockPort;
  /** Where the claim is written: the cache every execution of this spreadsheet shares. */
  readonly markers: CachePort;
  /** Null where no lock is to be had (and its tryLock may answer false): the claim then runs unguarded.
   * Asked only to claim: a waiter that already saw the marker never asks for it. */
  readonly lock: () => FlightLock | null;
  /** Where the outcome ("done", "failed") is told, when not with the markers: a write the caller joins
   * to its own last one, so a fetching cell writes the response and the outcome in one call. */
  readonly outcome?: CachePort;
}

/** One look in the shared cache: the answer, if it is there by now, and the marker, read in the same call. */
export interface Look<T> {
  readonly answer: T | undefined;
  /** The marker's value (undefined: none). */
  readonly state: string | undefined;
}

export interface Flight<T> {
  /** Identifies the request without holding the key (a hash). */
  readonly marker: string;
  /** One read of the shared cache; never makes a request. */
  look(): Look<T>;
  /** The request itself (it fills the shared cache). Only ever asked right after a look that found no
   * answer, so it need not look again. */
  fetch(): T;
  /** Clock time after which a waiter stops waiting and fetches for itself. */
  readonly waitUntil: number;
  /** The marker as the caller's own look found it. Another execution already fetching makes this one a
   * waiter at once, with no lock and no read. */
  readonly seen?: string;
}

/** The lock guards a few milliseconds of work; a refresh may hold it for minutes, so do not wait long. */
export const LOCK_WAIT_MS = 1_000;
/** A fetcher cannot outlive its own 30 s, so neither can its claim. */
export const CLAIM_TTL_SECONDS = 30;
const FIRST_POLL_MS = 200;
const MAX_POLL_MS = 1_000;
const BUSY = 'busy';
const DONE = 'done';
const FAILED = 'failed:';

/** After a miss: the caller has already looked in the shared cache and found no answer. */
export function singleFlight<T>(flight: Flight<T>, ports: FlightPorts): T {
  const { clock, markers } = ports;
  const { marker } = flight;
  /** Best effort: a marker the cache refuses only makes waiters wait until their own fetch. */
  const tell = (value: string, ttlSeconds: number, where = markers) => {
    try {
      where.putAll({ [marker]: value }, ttlSeconds);
    } catch {
      // Nothing to do: see above.
    }
  };
  let waiter = flight.seen === BUSY;
  if (!waiter) {
    // Check-and-set of the marker under the lock. Without the lock (none, or a refresh holds it for
    // minutes) the same check runs unguarded: at worst two executions both fetch. The check reads the
    // answer too: one that landed since the caller's look (its marker "done") is taken, not asked again.
    const lock = ports.lock();
    const locked = !!lock && lock.tryLock(LOCK_WAIT_MS);
    try {
      const now = flight.look();
      if (now.answer !== undefined) return now.answer;
      waiter = now.state === BUSY;
      if (!waiter) tell(BUSY, CLAIM_TTL_SECONDS);
    } finally {
      if (locked) lock.releaseLock();
    }
  }
  if (!waiter) {
    const outcome = ports.outcome || markers;
    try {
      const answer = flight.fetch();
      tell(DONE, 1, outcome);
      return answer;
    } catch (err) {
      // Waiters show the same message rather than each repeating a request that just failed.
      tell(`${FAILED}${messageOf(err)}`, 5, outcome);
      throw err;
    }
  }
  // A waiter takes the answer once the fetcher has put it in the cache, else fetches after all.
  for (let pause = FIRST_POLL_MS; clock.now() + pause < flight.waitUntil; ) {
    clock.sleep(pause);
    pause = Math.min(MAX_POLL_MS, Math.round(pause * 1.5));
    const now = flight.look();
    if (now.answer !== undefined) return now.answer;
    if (now.state?.startsWith(FAILED)) throw new Error(now.state.slice(FAILED.length));
    if (now.state !== BUSY) break;
  }
  return flight.fetch();
}
