// Properties, cache, lock, Utilities, the clock and the execution sandbox.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { CACHE_MAX_SECONDS, CACHE_VALUE_LIMIT } from '../../local/gas/cache.ts';
import type { Emulator } from '../../local/gas/index.ts';
import { messages } from '../../local/gas/index.ts';
import { PROPERTY_STORE_LIMIT, PROPERTY_VALUE_LIMIT } from '../../local/gas/properties.ts';
import { emulatorFor, thrownBy } from './support/scripts.ts';

let emulator: Emulator;
afterEach(() => emulator?.close());

describe('PropertiesService', () => {
  it('refuses a value over 9 KB and a store over 500 KB, leaving the store unchanged', () => {
    emulator = emulatorFor(`
      function set(k, n) { PropertiesService.getDocumentProperties().setProperty(k, new Array(n + 1).join('x')); }`);
    expect(thrownBy(() => emulator.run('set', ['big', PROPERTY_VALUE_LIMIT + 1]))).toBe(
      messages.argumentTooLarge('value'),
    );
    emulator.run('set', ['ok', PROPERTY_VALUE_LIMIT]);
    const fits = Math.floor(PROPERTY_STORE_LIMIT / (PROPERTY_VALUE_LIMIT + 3));
    for (let i = 1; i < fits; i++)
      emulator.run('set', [`k${String(i).padStart(2, '0')}`, PROPERTY_VALUE_LIMIT]);
    expect(thrownBy(() => emulator.run('set', ['one-too-many', PROPERTY_VALUE_LIMIT]))).toBe(
      messages.propertyQuota,
    );
    expect(Object.keys(emulator.properties.document())).toHaveLength(fits);
  });
});

describe('CacheService', () => {
  const CODE = `
    function put(k, n, ttl) { CacheService.getDocumentCache().put(k, new Array(n + 1).join('x'), ttl); }
    function get(k) { var v = CacheService.getDocumentCache().get(k); return v === null ? null : v.length; }
    function putAll(map, ttl) { CacheService.getScriptCache().putAll(map, ttl); }
    function getAll(keys) { return CacheService.getScriptCache().getAll(keys); }`;

  it('refuses a 101 KB value and a 251-character key, accepts 100 KB', () => {
    emulator = emulatorFor(CODE);
    expect(thrownBy(() => emulator.run('put', ['k', 101 * 1024]))).toBe(messages.argumentTooLarge('value'));
    expect(thrownBy(() => emulator.run('put', ['k'.repeat(251), 1]))).toBe(messages.argumentTooLarge('key'));
    emulator.run('put', ['k', CACHE_VALUE_LIMIT]);
    expect(emulator.run('get', ['k'])).toBe(CACHE_VALUE_LIMIT);
  });

  it('expires entries on the emulated clock and refuses more than 6 h', () => {
    emulator = emulatorFor(CODE);
    expect(thrownBy(() => emulator.run('put', ['k', 1, CACHE_MAX_SECONDS + 1]))).toBe(
      messages.invalidArgument('expirationInSeconds'),
    );
    emulator.run('putAll', [{ a: '1', b: '2' }, 60]);
    expect(emulator.run('getAll', [['a', 'b', 'c']])).toEqual({ a: '1', b: '2' });
    emulator.clock.advance(59_999);
    expect(emulator.run('getAll', [['a']])).toEqual({ a: '1' });
    emulator.clock.advance(1);
    expect(emulator.run('getAll', [['a', 'b']])).toEqual({});
    emulator.run('putAll', [{ a: '1' }, 60]);
    emulator.switches.evictCaches();
    expect(emulator.run('getAll', [['a']])).toEqual({});
  });
});

describe('LockService', () => {
  it('waits on the clock for a lock held elsewhere, then fails like Google', () => {
    emulator = emulatorFor(`
      function tryIt(ms) { return LockService.getDocumentLock().tryLock(ms); }
      function waitIt(ms) { LockService.getDocumentLock().waitLock(ms); }`);
    expect(emulator.run('tryIt', [1000])).toBe(true);
    const start = emulator.clock.now();
    emulator.switches.holdLock('document', { untilMs: start + 10_000 });
    expect(emulator.run('tryIt', [3000])).toBe(false);
    expect(emulator.clock.now() - start).toBe(3000);
    expect(thrownBy(() => emulator.run('waitIt', [2000]))).toBe(messages.lockTimeout);
    expect(emulator.run('tryIt', [30_000])).toBe(true);
    expect(emulator.clock.now()).toBe(start + 10_000);
  });
});

describe('Utilities and the clock', () => {
  it('sleeps on the emulated clock, and Date follows it', () => {
    emulator = emulatorFor(
      `function nap(ms) { var a = Date.now(); Utilities.sleep(ms); return [a, new Date().getTime(), Date.now()]; }`,
    );
    const start = emulator.clock.now();
    expect(emulator.run('nap', [1500])).toEqual([start, start + 1500, start + 1500]);
    expect(emulator.clock.now()).toBe(start + 1500);
  });

  it('ends a custom function that sleeps past 30 s', () => {
    emulator = emulatorFor(
      `function NAP() { Utilities.sleep(20000); Utilities.sleep(20000); return 'woke'; }`,
    );
    expect(thrownBy(() => emulator.runCustomFunction('NAP', []))).toBe(messages.exceededTime);
    expect(emulator.run('NAP')).toBe('woke');
  });

  it('computes digests as signed bytes, base64 and formatDate in a time zone', () => {
    emulator = emulatorFor(`
      function digest(s) { return Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, s, Utilities.Charset.UTF_8); }
      function b64(s) { return Utilities.base64Encode(s); }
      function fmt(ms, tz, p) { return Utilities.formatDate(new Date(ms), tz, p); }`);
    const text = 'café royalties';
    const expected = Array.from(createHash('sha256').update(text, 'utf8').digest(), (b) =>
      b > 127 ? b - 256 : b,
    );
    expect(emulator.run('digest', [text])).toEqual(expected);
    expect(emulator.run('b64', [text])).toBe(Buffer.from(text, 'utf8').toString('base64'));
    const summer = Date.UTC(2026, 6, 1, 23, 30);
    expect(emulator.run('fmt', [summer, 'Europe/London', "yyyy-MM-dd'T'HH:mm XXX"])).toBe(
      '2026-07-02T00:30 +01:00',
    );
    expect(emulator.run('fmt', [summer, 'UTC', 'EEE d MMM yy, h:mm a'])).toBe('Wed 1 Jul 26, 11:30 PM');
  });
});

describe('the execution sandbox', () => {
  it('holds only what Apps Script has, and loads the script afresh for every execution', () => {
    emulator = emulatorFor(`
      var counter = 0;
      function bump() { counter += 1; return counter; }
      function globals() { return [typeof require, typeof process, typeof Buffer, typeof setTimeout, typeof fetch, typeof SpreadsheetApp]; }
      function arrays() { var v = SpreadsheetApp.getActiveSpreadsheet().getRange('A1:B1').getValues(); return [v instanceof Array, v[0] instanceof Array]; }
      function fails() { try { SpreadsheetApp.getActiveSpreadsheet().insertSheet('Sheet1'); } catch (e) { return e instanceof Error; } }`);
    expect(emulator.run('bump')).toBe(1);
    expect(emulator.run('bump')).toBe(1);
    expect(emulator.run('globals')).toEqual([
      'undefined',
      'undefined',
      'undefined',
      'undefined',
      'undefined',
      'object',
    ]);
    expect(emulator.run('arrays')).toEqual([true, true]);
    expect(emulator.run('fails')).toBe(true);
    expect(thrownBy(() => emulator.run('missing'))).toBe(messages.scriptFunctionNotFound('missing'));
  });
});
