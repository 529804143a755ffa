// UrlFetchApp over real HTTP: one fetch or fetchAll is one round, its requests sent concurrently. Google's
// rules apply before anything is sent (2 KB URL limit, the manifest's urlFetchWhitelist), and Google's
// exceptions after (network failures, HTTP errors unless muteHttpExceptions).
import type { Env } from './env.ts';
import { GasObject } from './gas-object.ts';
import type { WireRequest, WireResult } from './http-bridge.ts';
import { GasError, messages, typeNames } from './messages.ts';
import { isPlainObject } from './realm.ts';
import type { HttpRecord, TimeoutSecondsReading } from './types.ts';
import { Blob, signedBytes } from './utilities.ts';

const URL_LIMIT = 2048;
/**
 * How long UrlFetchApp waits for an answer before it gives up: about 60 s. Google documents no timeout
 * and no way to set one (docs/apps-script.md, UrlFetchApp: "no timeout setting"); 60 s is the figure reported by
 * users (e.g. magesheet.com/blog/apps-script-urlfetchapp-quotas-retries, "Single call timeout: 60
 * seconds"): UNCONFIRMED by Google. fetchAll returns all responses at once, so one request that gets no
 * answer holds the whole call until it times out, and the call then throws for the whole batch (also
 * UNCONFIRMED, the only reading consistent with its signature). The execution's budget may cut it shorter.
 */
export const FETCH_TIMEOUT_MS = 60_000;
/**
 * `timeoutSeconds` in fetch/fetchAll params: one 2026 report says UrlFetchApp now accepts it; Google's
 * reference does not list it (reference/url-fetch/url-fetch-app, fetch(url, params)). Three readings
 * (EmulatorOptions.fetchTimeoutSeconds): 'ignored' (as documented today: accepted, no effect; the
 * default), 'honoured' (a request with no answer costs its own timeout, at most FETCH_TIMEOUT_MS), and
 * 'rejected' (the call throws "Invalid argument: timeoutSeconds" before anything is sent).
 */
const TRUNCATED_BODY_CHARS = 100;
const USER_AGENT =
  'Mozilla/5.0 (compatible; Google-Apps-Script; beanserver; +https://script.google.com; id: emulated)';

const OPTIONS = new Set([
  'url',
  'method',
  'headers',
  'payload',
  'contentType',
  'muteHttpExceptions',
  'followRedirects',
  'validateHttpsCertificates',
  'escaping',
  'useIntranet',
  'timeoutSeconds',
]);

interface FetchRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Uint8Array | null;
  mute: boolean;
  followRedirects: boolean;
  /** Its own timeout, when timeoutSeconds was given and is honoured. */
  timeoutMs: number | null;
  /** timeoutSeconds as the script gave it, whatever the reading (for HttpRecord). */
  timeoutSeconds: unknown;
}

function payloadOf(payload: unknown, contentType: unknown): { body: Uint8Array | null; type: string | null } {
  if (payload === undefined || payload === null) return { body: null, type: null };
  if (typeof payload === 'string')
    return {
      body: new Uint8Array(Buffer.from(payload, 'utf8')),
      type: String(contentType ?? 'application/x-www-form-urlencoded'),
    };
  if (Array.isArray(payload))
    return {
      body: new Uint8Array(payload.map((b: number) => b & 0xff)),
      type: String(contentType ?? 'application/octet-stream'),
    };
  if (isPlainObject(payload)) {
    const form = new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)])).toString();
    return { body: new Uint8Array(Buffer.from(form)), type: 'application/x-www-form-urlencoded' };
  }
  throw new GasError(messages.invalidArgument('payload'));
}

function normalise(url: unknown, params: unknown, reading: TimeoutSecondsReading): FetchRequest {
  if (typeof url !== 'string')
    throw new GasError(messages.signature('UrlFetchApp.fetch', typeNames([url, params])));
  const p = (params ?? {}) as Record<string, unknown>;
  if (!isPlainObject(p))
    throw new GasError(messages.signature('UrlFetchApp.fetch', typeNames([url, params])));
  for (const key of Object.keys(p)) {
    if (!OPTIONS.has(key)) throw new GasError(messages.notEmulated(`UrlFetchApp.fetch option "${key}"`));
  }
  const headers: Record<string, string> = {};
  if (p.headers !== undefined) {
    if (!isPlainObject(p.headers)) throw new GasError(messages.invalidArgument('headers'));
    for (const [k, v] of Object.entries(p.headers)) headers[k] = String(v);
  }
  const timeoutMs = timeoutOf(p.timeoutSeconds, reading);
  const { body, type } = payloadOf(p.payload, p.contentType);
  if (type && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
    headers['Content-Type'] = type;
  if (!Object.keys(headers).some((h) => h.toLowerCase() === 'user-agent')) headers['User-Agent'] = USER_AGENT;
  return {
    url,
    method: String(p.method ?? 'get').toUpperCase(),
    headers,
    body,
    mute: p.muteHttpExceptions === true,
    followRedirects: p.followRedirects !== false,
    timeoutMs,
    timeoutSeconds: p.timeoutSeconds,
  };
}

function timeoutOf(seconds: unknown, reading: TimeoutSecondsReading): number | null {
  if (seconds === undefined) return null;
  if (reading === 'rejected') throw new GasError(messages.invalidArgument('timeoutSeconds'));
  if (reading === 'ignored') return null;
  if (typeof seconds !== 'number' || !(seconds > 0))
    throw new GasError(messages.invalidArgument('timeoutSeconds'));
  return Math.min(FETCH_TIMEOUT_MS, Math.round(seconds * 1000));
}

/** Google's messages may echo a URL; they leave out the query (a "?" remains). */
function withoutQuery(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q + 1);
}

function redacted(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    out[k] =
      k.toLowerCase() === 'authorization' ? (/^bearer /i.test(v) ? 'Bearer [redacted]' : '[redacted]') : v;
  }
  return out;
}

export class HTTPResponse extends GasObject {
  readonly _class = 'HTTPResponse';

  constructor(
    env: Env,
    readonly _status: number,
    readonly _headers: Array<[string, string]>,
    readonly _body: Buffer,
  ) {
    super(env);
  }

  getResponseCode(): number {
    return this._status;
  }
  getContentText(charset?: string): string {
    // Kept, a leading byte-order mark is the text's first character (EmulatorOptions.contentTextKeepsByteOrderMark).
    const ignoreBOM = this._env.world.readings.contentTextKeepsByteOrderMark;
    return new TextDecoder(charset ?? 'utf-8', { ignoreBOM }).decode(this._body);
  }
  getContent(): number[] {
    return signedBytes(this._body);
  }
  /** One value per header name, spelled as the server sent it. */
  getHeaders(): Record<string, string> {
    return Object.fromEntries(this._headers);
  }
  getAllHeaders(): Record<string, string | string[]> {
    const out: Record<string, string | string[]> = {};
    for (const [k, v] of this._headers) {
      const known = out[k];
      out[k] = known === undefined ? v : Array.isArray(known) ? [...known, v] : [known, v];
    }
    return out;
  }
  getBlob(): Blob {
    const type = this._headers.find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? null;
    return new Blob(this._env, this._body, type, null);
  }
}

export class UrlFetchApp extends GasObject {
  readonly _class = 'UrlFetchApp';

  fetch(url: string, params?: Record<string, unknown>): HTTPResponse {
    return this._round([normalise(url, params, this._reading())])[0]!;
  }
  _reading(): TimeoutSecondsReading {
    return this._env.world.readings.fetchTimeoutSeconds;
  }
  fetchAll(requests: unknown[]): HTTPResponse[] {
    if (!Array.isArray(requests))
      throw new GasError(messages.signature('UrlFetchApp.fetchAll', typeNames([requests])));
    return this._round(
      requests.map((r) =>
        typeof r === 'string'
          ? normalise(r, {}, this._reading())
          : normalise((r as { url?: unknown })?.url, r, this._reading()),
      ),
    );
  }

  _check(req: FetchRequest): void {
    if (req.url.length > URL_LIMIT) throw new GasError(messages.urlTooLong);
    try {
      new URL(req.url);
    } catch {
      throw new GasError(messages.invalidArgument(`url: ${withoutQuery(req.url)}`));
    }
    const allowList = this._env.world.manifest.urlFetchWhitelist;
    if (
      Array.isArray(allowList) &&
      allowList.length > 0 &&
      !allowList.some((prefix) => req.url.startsWith(prefix))
    )
      throw new GasError(messages.notAllowListed(withoutQuery(req.url)));
  }

  _routed(url: string): string {
    const { routes } = this._env.world;
    const origin = new URL(url).origin;
    const to = routes[origin];
    return to === undefined ? url : to.replace(/\/+$/, '') + url.slice(origin.length);
  }

  _round(requests: FetchRequest[]): HTTPResponse[] {
    for (const r of requests) this._check(r);
    const { world, exec } = this._env;
    const left = exec.deadline - world.clock.now();
    if (left <= 0) throw new GasError(messages.exceededTime);
    // The call waits for its slowest request: a hanging one costs its own timeout when one is honoured.
    const longest = Math.max(0, ...requests.map((r) => r.timeoutMs ?? FETCH_TIMEOUT_MS));
    const timeoutMs = Math.min(longest, left);
    // Compressed time: a request still unanswered after `hangAfterMs` of real time is taken to be one
    // that would never answer, and the round costs the whole timeout on the emulated clock.
    const realTimeoutMs = Math.min(timeoutMs, world.hangAfterMs);
    const round = world.accounting.nextRound();
    const wire: WireRequest[] = requests.map((r) => ({
      url: this._routed(r.url),
      method: r.method,
      headers: r.headers,
      body: r.body,
      followRedirects: r.followRedirects,
    }));
    const started = Date.now();
    const clockBefore = world.clock.now();
    // While other executions run in the wait (whileWaiting), the shared clock moves with real time, so what
    // they read (a refresh's progress) sees the wait grow.
    const tick = () => {
      const behind = clockBefore + (Date.now() - started) - world.clock.now();
      if (behind > 0) world.clock.advance(behind);
    };
    const results = requests.length === 0 ? [] : world.http.roundTrip(wire, realTimeoutMs, tick);
    const timedOut = results.some((res) => 'error' in res && res.error === 'timeout');
    // The script waits for the slowest request: the real duration, or the whole timeout when one hung
    // (less what executions run meanwhile already moved the shared clock).
    const ms = timedOut ? timeoutMs : Date.now() - started;
    world.clock.advance(Math.max(0, ms - (world.clock.now() - clockBefore)));
    results.forEach((res, i) => {
      world.accounting.recordHttp(this._record(requests[i]!, res, round, ms));
    });
    const outOfTime = world.clock.now() >= exec.deadline;
    results.forEach((res, i) => {
      if ('error' in res)
        throw new GasError(this._failure(requests[i]!.url, res.error, outOfTime && timeoutMs === left));
    });
    if (outOfTime) throw new GasError(messages.exceededTime);
    return results.map((res, i) => {
      if ('error' in res) throw new Error('unreachable');
      const req = requests[i]!;
      const body = Buffer.from(res.body);
      if (res.status >= 400 && !req.mute) {
        const text = body.toString('utf8');
        const shown = text.length > TRUNCATED_BODY_CHARS ? `${text.slice(0, TRUNCATED_BODY_CHARS)}...` : text;
        throw new GasError(messages.requestFailed(new URL(req.url).origin, res.status, shown));
      }
      return new HTTPResponse(this._env, res.status, res.headers, body);
    });
  }

  _record(req: FetchRequest, res: WireResult, round: number, ms: number): HttpRecord {
    const record: HttpRecord = {
      method: req.method,
      url: req.url,
      headers: redacted(req.headers),
      status: 'status' in res ? res.status : null,
      round,
      ms,
    };
    if (typeof req.timeoutSeconds === 'number') record.timeoutSeconds = req.timeoutSeconds;
    if ('error' in res) record.error = this._failure(req.url, res.error, false);
    return record;
  }

  _failure(url: string, error: string, budgetRanOut: boolean): string {
    if (error === 'timeout') return budgetRanOut ? messages.exceededTime : messages.timeout(url);
    if (error === 'dns') return messages.dnsError(url);
    if (error === 'invalid-url') return messages.invalidArgument(`url: ${withoutQuery(url)}`);
    return messages.addressUnavailable(url);
  }
}
