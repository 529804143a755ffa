// Many cells with the same formula, each its own execution: on a cache miss one of them fetches while the
// others wait for its answer to reach the shared response cache ("single flight"). A short lock guards
// only the claim (a marker in the shared cache), so different requests never queue behind each other.
// Waiting stops in time for a waiter to make its own request within the 30-second limit.
import type { CachePort, ClockPort } from '../ports';
import { messageOf } from '../unknown';

export interface FlightLock {
  tryLock(timeoutMs: number): boolean;
  release(): void;
}

interface FlightPorts {
  readonly clock: ClockPort;
  /** Where the markers live: the cache every execution of this spreadsheet shares. */
  readonly markers: CachePort;
  /** Null where no lock is to be had: the claim then runs unguarded. */
  readonly lock: FlightLock | null;
}

export interface Flight<T> {
  /** Identifies the request without holding the key (a hash). */
  readonly marker: string;
  /** The answer if the shared cache already has it; never makes a request. */
  peek(): T | undefined;
  /** The request itself (it fills the shared cache). */
  fetch(): T;
  /** Clock time after which a waiter stops waiting and fetches for itself. */
  readonly waitUntil: number;
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

export function singleFlight<T>(flight: Flight<T>, ports: FlightPorts): T {
  const cached = flight.peek();
  if (cached !== undefined) return cached;
  if (claim(flight.marker, ports) === 'fetcher') return fetchAndTell(flight, ports);
  return waitForFetcher(flight, ports) ?? flight.fetch();
}

/** Check-and-set of the marker under the lock. Without the lock (none, or a refresh holds it for
 * minutes) the same check runs unguarded: at worst two executions both fetch. */
function claim(marker: string, ports: FlightPorts): 'fetcher' | 'waiter' {
  const { lock, markers } = ports;
  const locked = lock ? lock.tryLock(LOCK_WAIT_MS) : false;
  try {
    if (markers.getAll([marker])[marker] === BUSY) return 'waiter';
    tell(ports, marker, BUSY, CLAIM_TTL_SECONDS);
    return 'fetcher';
  } finally {
    if (locked) lock!.release();
  }
}

function fetchAndTell<T>(flight: Flight<T>, ports: FlightPorts): T {
  try {
    const answer = flight.fetch();
    tell(ports, flight.marker, DONE, 1);
    return answer;
  } catch (err) {
    // Waiters show the same message rather than each repeating a request that just failed.
    tell(ports, flight.marker, `${FAILED}${messageOf(err)}`, 5);
    throw err;
  }
}

/** Best effort: a marker the cache refuses only makes waiters wait until their own fetch. */
function tell(ports: FlightPorts, marker: string, state: string, ttlSeconds: number): void {
  try {
    ports.markers.putAll({ [marker]: state }, ttlSeconds);
  } catch {
    // Nothing to do: see above.
  }
}

/** The answer once the fetcher has put it in the cache; undefined to fetch after all. */
function waitForFetcher<T>(flight: Flight<T>, ports: FlightPorts): T | undefined {
  const { clock, markers } = ports;
  let pause = FIRST_POLL_MS;
  while (clock.now() + pause < flight.waitUntil) {
    clock.sleep(pause);
    pause = Math.min(MAX_POLL_MS, Math.round(pause * 1.5));
    const answer = flight.peek();
    if (answer !== undefined) return answer;
    const state = markers.getAll([flight.marker])[flight.marker];
    if (state?.startsWith(FAILED)) throw new Error(state.slice(FAILED.length));
    if (state !== BUSY) return undefined;
  }
  return undefined;
}
