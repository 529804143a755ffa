// Small in-memory implementations of the ports in src/core/ports.ts for unit tests of the domain layer.
// They keep to CacheService's and UrlFetchApp's rules where a test could otherwise pass by accident
// (value and key sizes, expiry, one outcome per request) and count every call.
import { createHash } from 'node:crypto';
import type {
  CachePort,
  ClockPort,
  DigestPort,
  HttpOutcome,
  HttpPort,
  HttpRequest,
} from '../../src/core/ports.ts';

export class FakeClock implements ClockPort {
  readonly sleeps: number[] = [];
  constructor(public time = Date.parse('2026-11-21T08:00:00Z')) {}
  now(): number {
    return this.time;
  }
  sleep(ms: number): void {
    this.sleeps.push(ms);
    this.time += ms;
  }
  advance(ms: number): void {
    this.time += ms;
  }
}

export const nodeDigest: DigestPort = {
  sha256Hex: (text) => createHash('sha256').update(text, 'utf8').digest('hex'),
};

/** A scripted API: `answer` is called once per request; `rounds` records each fetchAll call. */
export class FakeHttp implements HttpPort {
  readonly rounds: HttpRequest[][] = [];
  constructor(
    private readonly answer: (request: HttpRequest, index: number) => HttpOutcome,
    /** Time one round takes, on the fake clock (like the emulator's real elapsed HTTP time). */
    private readonly clock?: FakeClock,
    private readonly roundMs = 0,
  ) {}
  fetchAll(requests: readonly HttpRequest[]): HttpOutcome[] {
    this.rounds.push([...requests]);
    this.clock?.advance(this.roundMs);
    return requests.map((r, i) => this.answer(r, i));
  }
  get requests(): HttpRequest[] {
    return this.rounds.flat();
  }
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): HttpOutcome {
  return { kind: 'response', status, headers, body: JSON.stringify(body) };
}

export function text(status: number, body: string, headers: Record<string, string> = {}): HttpOutcome {
  return { kind: 'response', status, headers, body };
}

/** CacheService's limits (docs/apps-script.md): keys ≤ 250 characters, values ≤ 100 KB, expiry ≤ 6 h. */
export class FakeCache implements CachePort {
  readonly entries = new Map<string, { value: string; expires: number }>();
  calls = { getAll: 0, putAll: 0 };
  constructor(private readonly clock: FakeClock) {}
  getAll(keys: readonly string[]): Record<string, string> {
    this.calls.getAll += 1;
    const found: Record<string, string> = {};
    for (const key of keys) {
      const entry = this.entries.get(key);
      if (entry && entry.expires > this.clock.now()) found[key] = entry.value;
    }
    return found;
  }
  putAll(values: Readonly<Record<string, string>>, ttlSeconds: number): void {
    this.calls.putAll += 1;
    if (ttlSeconds < 1 || ttlSeconds > 21_600) throw new Error(`Invalid expiration ${ttlSeconds}`);
    for (const [key, value] of Object.entries(values)) {
      if (key.length > 250) throw new Error('Argument too large: key');
      if (Buffer.byteLength(value, 'utf8') > 100 * 1024) throw new Error('Argument too large: value');
    }
    for (const [key, value] of Object.entries(values)) {
      this.entries.set(key, { value, expires: this.clock.now() + ttlSeconds * 1000 });
    }
  }
  /** Everything written, keys and values, for leak scans. */
  allText(): string[] {
    return [...this.entries].flatMap(([key, { value }]) => [key, value]);
  }
}

/** A jitter source that cycles through fixed values. */
export function fixedRandom(...values: number[]): () => number {
  let i = 0;
  return () => values[i++ % values.length] ?? 0;
}
