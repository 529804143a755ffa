// UrlFetchApp's timeout, modelled in compressed time (EmulatorOptions.hangAfterMs): a request that never
// answers costs 60 s on the emulated clock (or what is left of the execution), holds a whole fetchAll, and
// the call throws for the batch naming the request that got no answer.
import { afterEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../local/gas/index.ts';
import { messages } from '../../local/gas/index.ts';
import { FETCH_TIMEOUT_MS } from '../../local/gas/url-fetch.ts';
import { useTestServer } from './support/http-server.ts';
import { emulatorFor, thrownBy } from './support/scripts.ts';

const CODE = `
function get(url) { return UrlFetchApp.fetch(url, { muteHttpExceptions: true }).getResponseCode(); }
function all(urls) { return UrlFetchApp.fetchAll(urls.map(function (u) { return { url: u, muteHttpExceptions: true }; })).length; }
function CAUGHT(url) { try { return UrlFetchApp.fetch(url).getResponseCode(); } catch (e) { return 'caught: ' + e.message; } }
`;

const server = useTestServer();
let emulator: Emulator;
afterEach(() => emulator?.close());

describe("UrlFetchApp's timeout", () => {
  it('a fetch with no answer throws Timeout after 60 s on the clock, in a fraction of that for real', () => {
    emulator = emulatorFor(CODE, { hangAfterMs: 300 });
    const url = `${server.origin}/hang`;
    const start = emulator.clock.now();
    expect(thrownBy(() => emulator.run('get', [url]))).toBe(messages.timeout(url));
    expect(emulator.clock.now() - start).toBe(FETCH_TIMEOUT_MS);
    expect(emulator.stats.http()[0]).toMatchObject({ status: null, ms: FETCH_TIMEOUT_MS });
  });

  it('one request with no answer holds the whole fetchAll, which throws for the batch', () => {
    emulator = emulatorFor(CODE, { hangAfterMs: 300 });
    const hang = `${server.origin}/hang`;
    const start = emulator.clock.now();
    expect(thrownBy(() => emulator.run('all', [[`${server.origin}/status/200`, hang]]))).toBe(
      messages.timeout(hang),
    );
    expect(emulator.clock.now() - start).toBe(FETCH_TIMEOUT_MS);
    const records = emulator.stats.http();
    expect(records.map((r) => [r.status, r.round])).toEqual([
      [200, 1],
      [null, 1],
    ]);
  });

  it('answers that come in time are real time, not the timeout', () => {
    // A wider real-time window than the hanging tests': nothing hangs here, and a loaded machine may take
    // longer than 300 ms to answer on loopback.
    emulator = emulatorFor(CODE, { hangAfterMs: 5_000 });
    const start = emulator.clock.now();
    expect(emulator.run('get', [`${server.origin}/status/200`])).toBe(200);
    expect(emulator.clock.now() - start).toBeLessThan(5_000);
  });

  it('a server that says it will never answer (a hang notice) is taken at its word when heeded', () => {
    // A minute of real time before a silent request would count as hanging, and the server answers after
    // 10 s: the request fails only because the notice was taken at its word.
    emulator = emulatorFor(CODE, { hangAfterMs: 60_000, hangNotices: true });
    const hang = `${server.origin}/hang-notice`;
    const start = emulator.clock.now();
    expect(thrownBy(() => emulator.run('all', [[`${server.origin}/status/200`, hang]]))).toBe(
      messages.timeout(hang),
    );
    expect(emulator.clock.now() - start).toBe(FETCH_TIMEOUT_MS);
    expect(emulator.stats.http().map((r) => [r.status, r.round])).toEqual([
      [200, 1],
      [null, 1],
    ]);
  });

  it('unheeded (the default), a hang notice is a 1xx like any other: the request still waits and times out', () => {
    emulator = emulatorFor(CODE, { hangAfterMs: 300 });
    const url = `${server.origin}/hang-notice`;
    const start = emulator.clock.now();
    expect(thrownBy(() => emulator.run('get', [url]))).toBe(messages.timeout(url));
    expect(emulator.clock.now() - start).toBe(FETCH_TIMEOUT_MS);
  });

  it('a custom function (30 s) is stopped at its limit, even when the script catches the error', () => {
    emulator = emulatorFor(CODE, { hangAfterMs: 300 });
    const start = emulator.clock.now();
    expect(thrownBy(() => emulator.runCustomFunction('CAUGHT', [`${server.origin}/hang`]))).toBe(
      messages.exceededTime,
    );
    expect(emulator.clock.now() - start).toBe(30_000);
  });
});

describe('timeoutSeconds in the params (not in Google’s reference; three readings)', () => {
  const TIMED = `
function timed(url, seconds) { return UrlFetchApp.fetch(url, { muteHttpExceptions: true, timeoutSeconds: seconds }).getResponseCode(); }
function timedAll(urls, seconds) { return UrlFetchApp.fetchAll(urls.map(function (u) { return { url: u, muteHttpExceptions: true, timeoutSeconds: seconds }; })).length; }
`;

  it('ignored by default: accepted, and a request with no answer still costs the whole minute', () => {
    emulator = emulatorFor(TIMED, { hangAfterMs: 300 });
    expect(emulator.run('timed', [`${server.origin}/status/200`, 10])).toBe(200);
    const url = `${server.origin}/hang`;
    const start = emulator.clock.now();
    expect(thrownBy(() => emulator.run('timed', [url, 10]))).toBe(messages.timeout(url));
    expect(emulator.clock.now() - start).toBe(FETCH_TIMEOUT_MS);
  });

  it('honoured: a request with no answer costs its own timeout, fetch and fetchAll alike', () => {
    emulator = emulatorFor(TIMED, { hangAfterMs: 300, fetchTimeoutSeconds: 'honoured' });
    const url = `${server.origin}/hang`;
    let start = emulator.clock.now();
    expect(thrownBy(() => emulator.run('timed', [url, 10]))).toBe(messages.timeout(url));
    expect(emulator.clock.now() - start).toBe(10_000);
    start = emulator.clock.now();
    expect(thrownBy(() => emulator.run('timedAll', [[`${server.origin}/status/200`, url], 12]))).toBe(
      messages.timeout(url),
    );
    expect(emulator.clock.now() - start).toBe(12_000);
    expect(thrownBy(() => emulator.run('timed', [url, 'soon']))).toBe(
      messages.invalidArgument('timeoutSeconds'),
    );
  });

  it('rejected: the call throws before anything is sent; without the parameter it works', () => {
    emulator = emulatorFor(`${CODE}${TIMED}`, { hangAfterMs: 300, fetchTimeoutSeconds: 'rejected' });
    const url = `${server.origin}/status/200`;
    expect(thrownBy(() => emulator.run('timed', [url, 10]))).toBe(messages.invalidArgument('timeoutSeconds'));
    expect(thrownBy(() => emulator.run('timedAll', [[url], 10]))).toBe(
      messages.invalidArgument('timeoutSeconds'),
    );
    expect(emulator.stats.http()).toEqual([]);
    expect(emulator.run('get', [url])).toBe(200);
    emulator.switches.fetchTimeoutSeconds('ignored');
    expect(emulator.run('timed', [url, 10])).toBe(200);
  });
});
