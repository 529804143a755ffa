// A sidebar's google.script.run calls run at the same time, each its own execution with its own clock
// limit ("allows 10 concurrent calls", guides/html/reference/run): Emulator.runConcurrently. They share the
// document lock, caches, properties and clock; a hang in one does not hold another.
import { afterEach, describe, expect, it } from 'vitest';
import { CONCURRENT_CALLS, type Emulator, messages } from '../../local/gas/index.ts';
import { FETCH_TIMEOUT_MS } from '../../local/gas/url-fetch.ts';
import { useTestServer } from './support/http-server.ts';
import { emulatorFor } from './support/scripts.ts';

const CODE = `
function get(url) {
  var code = UrlFetchApp.fetch(url, { muteHttpExceptions: true }).getResponseCode();
  CacheService.getDocumentCache().put('seen:' + url, String(code));
  PropertiesService.getDocumentProperties().setProperty('last', url);
  return code;
}
function started() { return Date.now(); }
function writeLocked(url, value) {
  UrlFetchApp.fetch(url, { muteHttpExceptions: true });
  var lock = LockService.getDocumentLock();
  if (!lock.tryLock(1000)) return 'refused';
  try {
    var props = PropertiesService.getDocumentProperties();
    props.setProperty('log', (props.getProperty('log') || '') + value);
    return 'written';
  } finally { lock.releaseLock(); }
}
function holdAndWait(url) {
  var lock = LockService.getDocumentLock();
  lock.tryLock(1000);
  try { UrlFetchApp.fetch(url, { muteHttpExceptions: true }); } catch (e) {}
  return 'held';
}
function tryLockNow() { return LockService.getDocumentLock().tryLock(1000) ? 'got it' : 'refused'; }
function spin(url) { while (true) { try { UrlFetchApp.fetch(url); } catch (e) { if (/Exceeded/.test(e.message)) throw e; } } }
function cached(url) { return CacheService.getDocumentCache().get('seen:' + url); }
`;

const server = useTestServer();
let emulator: Emulator;
afterEach(() => emulator?.close());

describe('executions side by side (runConcurrently)', () => {
  it('three that hang take one timeout between them, not three; the one that answers is not held', () => {
    emulator = emulatorFor(CODE, { hangAfterMs: 300 });
    const hang = `${server.origin}/hang`;
    const ok = `${server.origin}/status/200`;
    const start = emulator.clock.now();
    const outcomes = emulator.runConcurrently([
      { name: 'get', args: [hang] },
      { name: 'get', args: [ok] },
      { name: 'get', args: [`${hang}?2`] },
      { name: 'get', args: [`${hang}?3`] },
    ]);
    expect(outcomes.map((o) => (o.ok ? o.value : o.error.message))).toEqual([
      messages.timeout(hang),
      200,
      messages.timeout(`${hang}?2`),
      messages.timeout(`${hang}?3`),
    ]);
    const ms = emulator.clock.now() - start;
    expect(ms).toBeGreaterThanOrEqual(FETCH_TIMEOUT_MS);
    expect(ms).toBeLessThan(FETCH_TIMEOUT_MS + 5_000);
    // Shared stores: what one execution cached and wrote, the next reads.
    expect(emulator.run('cached', [ok])).toBe('200');
    expect(emulator.properties.document().last).toBe(ok);
  });

  it('overlap however fast the answer comes: hangs said at once still take one timeout between them', () => {
    emulator = emulatorFor(CODE, { hangAfterMs: 300, hangNotices: true });
    const hang = `${server.origin}/hang-notice`;
    // Many times over: a hang notice is back within a millisecond, so an order that let an execution take
    // its answer before the queued ones started would, some of the time, run them one after another.
    for (let run = 0; run < 20; run++) {
      const start = emulator.clock.now();
      const outcomes = emulator.runConcurrently(
        ['a', 'b', 'c'].map((q) => ({ name: 'get', args: [`${hang}?${run}${q}`] })),
      );
      expect(outcomes.every((o) => !o.ok)).toBe(true);
      expect(emulator.clock.now() - start).toBeLessThan(2 * FETCH_TIMEOUT_MS);
    }
  });

  it('each has its own clock limit, counted from its own start, and is stopped at it', () => {
    emulator = emulatorFor(CODE, { hangAfterMs: 200, budgets: { menu: 90_000 } });
    const hang = `${server.origin}/hang`;
    let start = emulator.clock.now();
    // Three minutes of hanging between them, one minute each: every one ends well inside its 90 s.
    const waited = emulator.runConcurrently(
      ['a', 'b', 'c'].map((q) => ({ name: 'get', args: [`${hang}?${q}`] })),
    );
    expect(waited).toHaveLength(3);
    for (const o of waited)
      expect(o).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^Timeout/) } });
    expect(emulator.clock.now() - start).toBeLessThan(90_000);
    // Executions that never stop are each stopped at their own 90 s, which they reach together.
    start = emulator.clock.now();
    const stopped = emulator.runConcurrently([
      { name: 'spin', args: [hang] },
      { name: 'spin', args: [`${hang}?b`] },
    ]);
    expect(stopped).toHaveLength(2);
    for (const o of stopped) expect(o.ok ? o.value : o.error.message).toBe(messages.exceededTime);
    expect(emulator.clock.now() - start).toBeGreaterThanOrEqual(90_000);
    expect(emulator.clock.now() - start).toBeLessThan(2 * 90_000);
  });

  it('share the document lock: a lock held across a wait is refused to the others', () => {
    emulator = emulatorFor(CODE, { hangAfterMs: 300 });
    const outcomes = emulator.runConcurrently([
      { name: 'holdAndWait', args: [`${server.origin}/hang`] },
      { name: 'tryLockNow' },
    ]);
    expect(outcomes.map((o) => (o.ok ? o.value : o.error.message))).toEqual(['held', 'refused']);
    // Released when its execution ended, as Google does.
    expect(emulator.run('tryLockNow')).toBe('got it');
  });

  it('writers taking the lock between waits each write once, none refused', () => {
    emulator = emulatorFor(CODE, { hangAfterMs: 300 });
    const outcomes = emulator.runConcurrently(
      ['a', 'b', 'c'].map((v) => ({ name: 'writeLocked', args: [`${server.origin}/status/200`, v] })),
    );
    expect(outcomes.map((o) => o.ok && o.value)).toEqual(['written', 'written', 'written']);
    expect([...String(emulator.properties.document().log)].sort()).toEqual(['a', 'b', 'c']);
  });

  it(`at most ${CONCURRENT_CALLS} at once: the rest start as others end`, () => {
    emulator = emulatorFor(CODE, { hangAfterMs: 200 });
    const hang = `${server.origin}/hang`;
    const start = emulator.clock.now();
    const calls = Array.from({ length: CONCURRENT_CALLS + 1 }, (_, i) => ({
      name: 'get',
      args: [`${hang}?${i}`],
    }));
    const outcomes = emulator.runConcurrently(calls);
    expect(outcomes).toHaveLength(calls.length);
    for (const o of outcomes)
      expect(o).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^Timeout/) } });
    // Ten hang together for one timeout; the eleventh starts only after, for a second one.
    expect(emulator.clock.now() - start).toBeGreaterThanOrEqual(2 * FETCH_TIMEOUT_MS);
    expect(emulator.clock.now() - start).toBeLessThan(3 * FETCH_TIMEOUT_MS);
  });
});
