import { describe, expect, it } from 'vitest';
import {
  CLAIM_TTL_SECONDS,
  type Flight,
  type FlightLock,
  singleFlight as flightAfterMiss,
  LOCK_WAIT_MS,
} from '../../../src/core/formulas/single-flight.ts';
import { FakeCache, FakeClock } from '../../support/fake-ports.ts';

const MARKER = 'rfs-flight.abc';

/** As the custom function runs it: its own look in the shared cache first, the flight only after a miss. */
const singleFlight = <T>(flight: Flight<T>, ports: Parameters<typeof flightAfterMiss>[1]): T => {
  const first = flight.look();
  return first.answer ?? flightAfterMiss({ ...flight, seen: first.state }, ports);
};

/** One execution's view: the shared response cache is `shared` (read with the marker in one call, as a
 * cell reads them), the request counts in `fetches`, the looks in `looks`. */
function setup(options: { lock?: FlightLock } = {}) {
  const clock = new FakeClock();
  const markers = new FakeCache(clock);
  const shared: { answer?: string } = {};
  let fetches = 0;
  let looks = 0;
  const flight = (fetch: () => string = () => 'fresh figures'): Flight<string> => ({
    marker: MARKER,
    look: () => {
      looks += 1;
      // The marker as the cache would give it: gone once it expires (without counting a call of markers').
      const entry = markers.entries.get(MARKER);
      return { answer: shared.answer, state: entry && entry.expires > clock.now() ? entry.value : undefined };
    },
    fetch: () => {
      fetches += 1;
      const answer = fetch();
      shared.answer = answer;
      return answer;
    },
    waitUntil: clock.now() + 17_000,
  });
  const lockCalls: string[] = [];
  const lock: FlightLock = options.lock || {
    tryLock: (ms) => {
      lockCalls.push(`try ${ms}`);
      return true;
    },
    releaseLock: () => lockCalls.push('release'),
  };
  return {
    clock,
    markers,
    shared,
    flight,
    fetches: () => fetches,
    looks: () => looks,
    lock,
    lockCalls,
    ports: { clock, markers, lock: () => lock },
  };
}

describe('single flight across cells', () => {
  it('answers from the shared cache without a claim or a request', () => {
    const t = setup();
    t.shared.answer = 'cached figures';
    expect(singleFlight(t.flight(), t.ports)).toBe('cached figures');
    expect(t.fetches()).toBe(0);
    expect(t.looks()).toBe(1);
    expect(t.markers.calls).toEqual({ getAll: 0, putAll: 0 });
  });

  it('on a miss, claims under a short lock, fetches once and says it is done', () => {
    const t = setup();
    expect(singleFlight(t.flight(), t.ports)).toBe('fresh figures');
    expect(t.fetches()).toBe(1);
    // The caller's look, then the check under the lock: the request goes out with no third.
    expect(t.looks()).toBe(2);
    expect(t.lockCalls).toEqual([`try ${LOCK_WAIT_MS}`, 'release']);
    expect(t.markers.getAll([MARKER])[MARKER]).toBe('done');
    // Every later cell is served by the cache.
    expect(singleFlight(t.flight(), t.ports)).toBe('fresh figures');
    expect(t.fetches()).toBe(1);
  });

  it('waits for another execution that is fetching, then reads its answer', () => {
    const t = setup();
    t.markers.putAll({ [MARKER]: 'busy' }, CLAIM_TTL_SECONDS);
    const original = t.clock.sleep.bind(t.clock);
    // The other execution's answer lands after the third pause.
    t.clock.sleep = (ms) => {
      original(ms);
      if (t.clock.sleeps.length === 3) t.shared.answer = 'their figures';
    };
    expect(singleFlight(t.flight(), t.ports)).toBe('their figures');
    expect(t.fetches()).toBe(0);
    expect(t.clock.sleeps).toHaveLength(3);
    // One read a pause (the answer and the marker together), after the caller's own look.
    expect(t.looks()).toBe(1 + 3);
    expect(t.markers.calls.getAll).toBe(0);
  });

  it('takes an answer that landed between the look and the lock instead of asking again', () => {
    const t = setup();
    const flight = t.flight();
    expect(flight.look().answer).toBeUndefined();
    // Another cell finishes its request meanwhile: the answer is in the cache, its marker says "done".
    t.shared.answer = 'their figures';
    t.markers.putAll({ [MARKER]: 'done' }, 1);
    t.markers.calls.putAll = 0;
    expect(flightAfterMiss(flight, t.ports)).toBe('their figures');
    expect(t.fetches()).toBe(0);
    expect(t.lockCalls).toEqual([`try ${LOCK_WAIT_MS}`, 'release']);
    expect(t.markers.calls.putAll).toBe(0);
  });

  it('shows the message of a failed fetch instead of repeating the request', () => {
    const t = setup();
    const failing = () => {
      throw new Error('The API key was not accepted.');
    };
    expect(() => singleFlight(t.flight(failing), t.ports)).toThrow('The API key was not accepted.');
    expect(t.fetches()).toBe(1);
    // A second cell that saw the claim before the failure: it takes the message, no request.
    const waiter = setup();
    waiter.markers.putAll({ [MARKER]: 'busy' }, CLAIM_TTL_SECONDS);
    const original = waiter.clock.sleep.bind(waiter.clock);
    waiter.clock.sleep = (ms) => {
      original(ms);
      waiter.markers.putAll({ [MARKER]: 'failed:The API key was not accepted.' }, 5);
    };
    expect(() => singleFlight(waiter.flight(), waiter.ports)).toThrow('The API key was not accepted.');
    expect(waiter.fetches()).toBe(0);
  });

  it('stops waiting in time to make its own request', () => {
    const t = setup();
    const flight = t.flight();
    // A claim that never ends (its holder died): the claim outlives the wait.
    t.markers.putAll({ [MARKER]: 'busy' }, CLAIM_TTL_SECONDS);
    expect(singleFlight(flight, t.ports)).toBe('fresh figures');
    expect(t.fetches()).toBe(1);
    expect(t.clock.now()).toBeLessThanOrEqual(flight.waitUntil);
    expect(t.clock.sleeps.length).toBeGreaterThan(3);
  });

  it('claims without the lock when the lock is busy (a refresh holds it) or not to be had', () => {
    const t = setup({ lock: { tryLock: () => false, releaseLock: () => expect.fail('not held') } });
    expect(singleFlight(t.flight(), t.ports)).toBe('fresh figures');
    expect(t.fetches()).toBe(1);
    const none = setup();
    expect(singleFlight(none.flight(), { ...none.ports, lock: () => null })).toBe('fresh figures');
    expect(none.fetches()).toBe(1);
  });

  it('a cell that saw the claim with its own look waits at once: no lock, no second read', () => {
    const t = setup();
    t.markers.putAll({ [MARKER]: 'busy' }, CLAIM_TTL_SECONDS);
    t.markers.calls.putAll = 0;
    const original = t.clock.sleep.bind(t.clock);
    t.clock.sleep = (ms) => {
      original(ms);
      t.shared.answer = 'their figures';
    };
    const flight = { ...t.flight(), seen: 'busy' };
    expect(flightAfterMiss(flight, t.ports)).toBe('their figures');
    expect(t.fetches()).toBe(0);
    expect(t.lockCalls).toEqual([]);
    expect(t.looks()).toBe(1); // after the first pause only
    expect(t.markers.calls).toEqual({ getAll: 0, putAll: 0 });
  });

  it('one claim among cells that saw no marker: the first claims under the lock, the next waits', () => {
    const t = setup();
    // The first cell claims; before it has fetched, a second cell (it too saw no marker) takes the lock.
    const first = t.flight(() => {
      const second = { ...t.flight(), waitUntil: t.clock.now() + 500 };
      t.clock.sleep = () => {
        t.shared.answer = 'fresh figures';
      };
      expect(flightAfterMiss(second, t.ports)).toBe('fresh figures');
      return 'fresh figures';
    });
    expect(flightAfterMiss(first, t.ports)).toBe('fresh figures');
    expect(t.fetches()).toBe(1);
    expect(t.lockCalls).toEqual([`try ${LOCK_WAIT_MS}`, 'release', `try ${LOCK_WAIT_MS}`, 'release']);
  });

  it('tells the outcome where the caller joins it to its last write', () => {
    const t = setup();
    const outcome = new FakeCache(t.clock);
    expect(flightAfterMiss(t.flight(), { ...t.ports, outcome })).toBe('fresh figures');
    expect(t.markers.calls.putAll).toBe(1); // the claim only
    expect(outcome.getAll([MARKER])[MARKER]).toBe('done');
  });
});
