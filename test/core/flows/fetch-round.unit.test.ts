// A round's failures told apart, from a plain fake UrlFetchApp whose fetchAll throws what each case throws.
import { describe, expect, it } from 'vitest';
import { fetchRound, type UrlFetchPort } from '../../../src/core/flows/fetch-round.ts';
import { PermissionMissing } from '../../../src/core/permissions.ts';
import type { HttpOutcome, HttpRequest } from '../../../src/core/ports.ts';

const API = 'https://api.example.test/v1';
const request = (path: string): HttpRequest => ({ url: `${API}${path}?range=x`, headers: {} });
const ok: HttpOutcome = { kind: 'response', status: 200, headers: {}, body: '{}' };

interface Fake {
  /** What fetchAll throws, by call (undefined: answers). */
  readonly batch: Array<Error | undefined>;
  /** What fetch of one request throws, by path (absent: answers). */
  readonly single?: Record<string, Error>;
  /** How long a failed fetchAll took. */
  readonly tookMs?: number;
  readonly refusesTimeoutSeconds?: boolean;
}

function urlFetch(fake: Fake) {
  let now = 0;
  const calls: string[] = [];
  let refused = false;
  const port: UrlFetchPort = {
    fetchAll(requests, seconds) {
      calls.push(`fetchAll ${requests.length} (${seconds})`);
      const error = fake.batch[calls.filter((c) => c.startsWith('fetchAll')).length - 1];
      if (error) {
        now += fake.tookMs ?? 10;
        throw error;
      }
      return requests.map(() => ok);
    },
    fetch(one, seconds) {
      calls.push(`fetch ${one.url.slice(API.length)} (${seconds})`);
      const error = fake.single?.[one.url.slice(API.length).split('?')[0]!];
      if (error) throw error;
      return ok;
    },
    timeoutSecondsFor: (ms) => (ms === undefined || refused ? null : Math.floor(ms / 1000)),
    timeoutRefused(message) {
      refused = !!fake.refusesTimeoutSeconds && /invalid argument.*timeoutSeconds/i.test(message);
      return refused;
    },
    now: () => now,
  };
  return { port, calls };
}

const noAnswerOf = (outcomes: HttpOutcome[]) =>
  outcomes.map((o) => (o.kind === 'response' ? o.status : (o.noAnswer ?? 'failed')));

describe('a round of requests', () => {
  it('answers in request order when fetchAll answers', () => {
    const { port, calls } = urlFetch({ batch: [] });
    expect(
      noAnswerOf(fetchRound([request('/books'), request('/series')], { timeoutMs: 20_000 }, port)),
    ).toEqual([200, 200]);
    expect(calls).toEqual(['fetchAll 2 (20)']);
  });

  it('throws a permission not granted as PermissionMissing, asking nothing more', () => {
    const denied = new Error(
      'You do not have permission to call UrlFetchApp.fetchAll. Required permissions: https://www.googleapis.com/auth/script.external_request',
    );
    const { port, calls } = urlFetch({ batch: [denied] });
    expect(() => fetchRound([request('/books')], undefined, port)).toThrow(PermissionMissing);
    expect(calls).toHaveLength(1);
  });

  it('sends the round again without timeoutSeconds when Google refuses it', () => {
    const { port, calls } = urlFetch({
      batch: [new Error('Invalid argument: timeoutSeconds')],
      refusesTimeoutSeconds: true,
    });
    expect(noAnswerOf(fetchRound([request('/books')], { timeoutMs: 9_000 }, port))).toEqual([200]);
    expect(calls).toEqual(['fetchAll 1 (9)', 'fetchAll 1 (null)']);
  });

  it('of a batch that timed out, marks the request named as timed out and the rest as not run', () => {
    const { port, calls } = urlFetch({ batch: [new Error(`Timeout: ${API}/books`)] });
    const outcomes = fetchRound(
      [request('/books-report'), request('/books'), request('/series')],
      undefined,
      port,
    );
    expect(noAnswerOf(outcomes)).toEqual(['not-run', 'timed-out', 'not-run']);
    expect(calls).toHaveLength(1);
  });

  it('counts a batch held as long as a timeout as timed out, every request when none is named', () => {
    const held = urlFetch({ batch: [new Error('Address unavailable')], tookMs: 50_000 });
    expect(noAnswerOf(fetchRound([request('/books'), request('/series')], undefined, held.port))).toEqual([
      'timed-out',
      'timed-out',
    ]);
    // Held to the 10 s it asked for: timed out too.
    const asked = urlFetch({ batch: [new Error('Address unavailable')], tookMs: 9_000 });
    expect(noAnswerOf(fetchRound([request('/books')], { timeoutMs: 10_000 }, asked.port))).toEqual([
      'timed-out',
    ]);
  });

  it("does not ask each apart when Google refused the whole call (a rate limit, a day's quota)", () => {
    const { port, calls } = urlFetch({
      batch: [new Error('Service invoked too many times for one day: urlfetch.')],
    });
    expect(noAnswerOf(fetchRound([request('/books'), request('/series')], undefined, port))).toEqual([
      'failed',
      'failed',
    ]);
    expect(calls).toHaveLength(1);
  });

  it('asks each apart when one request failed the batch, so the others still get their answer', () => {
    const { port, calls } = urlFetch({
      batch: [new Error('DNS error: bad host')],
      single: { '/series': new Error('DNS error: bad host') },
    });
    expect(noAnswerOf(fetchRound([request('/books'), request('/series')], undefined, port))).toEqual([
      200,
      'failed',
    ]);
    expect(calls).toEqual([
      'fetchAll 2 (null)',
      'fetch /books?range=x (null)',
      'fetch /series?range=x (null)',
    ]);
  });
});
