// UrlFetchApp over real HTTP to a server in a worker thread.
import { afterEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../local/gas/index.ts';
import { messages } from '../../local/gas/index.ts';
import { useTestServer } from './support/http-server.ts';
import { emulatorFor, thrownBy } from './support/scripts.ts';

const CODE = `
function get(url, opts) { var r = UrlFetchApp.fetch(url, opts || {}); return [r.getResponseCode(), r.getContentText(), r.getHeaders()]; }
function all(urls) { return UrlFetchApp.fetchAll(urls.map(function (u) { return { url: u, muteHttpExceptions: true }; })).map(function (r) { return r.getContentText(); }); }
function AUTHED(url) { return UrlFetchApp.fetch(url, { headers: { Authorization: 'Bearer sk_live_secret' }, muteHttpExceptions: true }).getResponseCode(); }
function SLOW(url) { Utilities.sleep(29500); return UrlFetchApp.fetch(url).getResponseCode(); }
`;

const server = useTestServer();
let emulator: Emulator;
afterEach(() => emulator?.close());

describe('fetch', () => {
  it('returns any status when muted and records the request with the key redacted', () => {
    emulator = emulatorFor(CODE);
    const url = `${server.origin}/status/503`;
    expect(emulator.runCustomFunction('AUTHED', [url])).toBe(503);
    const [record] = emulator.stats.http();
    expect(record).toMatchObject({ method: 'GET', url, status: 503, round: 1 });
    expect(record?.headers.Authorization).toBe('Bearer [redacted]');
    expect(emulator.capturedText().join('\n')).not.toContain('sk_live_secret');
  });

  it("throws Google's text for an error status when not muted", () => {
    emulator = emulatorFor(CODE);
    const message = thrownBy(() => emulator.run('get', [`${server.origin}/status/500`]));
    expect(message).toMatch(
      new RegExp(
        `^Request failed for ${server.origin} returned code 500\\. Truncated server response: \\{"error"`,
      ),
    );
    expect(message).toMatch(/\.\.\. \(use muteHttpExceptions option to examine full response\)$/);
  });

  it('keeps a byte-order mark in getContentText by default; the switch drops it (docs/google-rules.md)', () => {
    emulator = emulatorFor(CODE);
    const url = `${server.origin}/bom`;
    const [, kept] = emulator.run<[number, string]>('get', [url]);
    expect(kept).toBe('\uFEFF{"ok":true}');
    emulator.switches.contentTextKeepsByteOrderMark(false);
    const [, dropped] = emulator.run<[number, string]>('get', [url]);
    expect(dropped).toBe('{"ok":true}');
  });

  it('passes headers and follows redirects, keeping header names as the server spelled them', () => {
    emulator = emulatorFor(CODE);
    const [code, body, headers] = emulator.run<[number, string, Record<string, string>]>('get', [
      `${server.origin}/redirect`,
      { headers: { 'X-Test': 'yes' } },
    ]);
    expect(code).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ path: '/echo?from=redirect', headers: { 'x-test': 'yes' } });
    expect(headers['X-Custom-Case']).toBe('Kept');
  });

  it('fails like Google for a closed port, recording the request with no status', () => {
    emulator = emulatorFor(CODE);
    const url = 'http://127.0.0.1:9/nothing';
    expect(thrownBy(() => emulator.run('get', [url]))).toBe(messages.addressUnavailable(url));
    expect(emulator.stats.http()[0]).toMatchObject({
      url,
      status: null,
      error: messages.addressUnavailable(url),
    });
  });

  it('aborts a request that never answers when the budget runs out', () => {
    emulator = emulatorFor(CODE);
    expect(thrownBy(() => emulator.runCustomFunction('SLOW', [`${server.origin}/hang`]))).toBe(
      messages.exceededTime,
    );
    expect(emulator.stats.http()[0]?.status).toBeNull();
  });
});

describe('fetchAll', () => {
  it('sends a round concurrently and answers in request order', () => {
    emulator = emulatorFor(CODE);
    const urls = [1, 2, 3].map(() => `${server.origin}/barrier/3`);
    expect(emulator.run('all', [urls])).toEqual(['concurrent', 'concurrent', 'concurrent']);
    emulator.run('all', [[`${server.origin}/status/404`, `${server.origin}/echo`]]);
    expect(emulator.stats.fetchAllRounds()).toBe(2);
    expect(emulator.stats.http().map((r) => [r.round, r.status])).toEqual([
      [1, 200],
      [1, 200],
      [1, 200],
      [2, 404],
      [2, 200],
    ]);
  });
});

describe("Google's rules before sending", () => {
  it('refuses a URL outside the allow-list, and one over 2 KB, sending nothing', () => {
    emulator = emulatorFor(CODE, { allowList: [`${server.origin}/echo/`] });
    const outside = `${server.origin}/status/200?q=1`;
    expect(thrownBy(() => emulator.run('get', [outside]))).toBe(
      messages.notAllowListed(`${server.origin}/status/200?`),
    );
    const long = `${server.origin}/echo/${'a'.repeat(2048)}`;
    expect(thrownBy(() => emulator.run('get', [long]))).toBe(messages.urlTooLong);
    expect(emulator.stats.http()).toEqual([]);
  });

  it('routes an allow-listed origin to the real server and records the URL asked for', () => {
    const asked = 'https://api.example.com/v1/';
    emulator = emulatorFor(CODE, {
      allowList: [asked],
      routes: { 'https://api.example.com': server.origin },
    });
    const [, body] = emulator.run<[number, string]>('get', [`${asked}echo`]);
    expect(JSON.parse(body).path).toBe('/v1/echo');
    expect(emulator.stats.http()[0]?.url).toBe(`${asked}echo`);
  });
});
