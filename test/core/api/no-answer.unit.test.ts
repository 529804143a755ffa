// Requests that get no answer: a timed-out request is never asked again in the execution,
// the requests lost with its batch are asked again together, and no round starts that could outlast the
// deadline should it hang.
import { describe, expect, it } from 'vitest';
import { NO_ANSWER_MS } from '../../../src/core/api/index.ts';
import type { HttpOutcome, HttpRequest } from '../../../src/core/ports.ts';
import { json } from '../../support/fake-ports.ts';
import { makeClient, target } from './support.ts';

const ok = json(200, { currency: 'USD', rows: [] });
const timedOut: HttpOutcome = { kind: 'network-error', message: 'Timeout: x', noAnswer: 'timed-out' };
const notRun: HttpOutcome = { kind: 'network-error', message: 'Timeout: x', noAnswer: 'not-run' };

/** `/kenp` hangs in every batch it is in; the rest of that batch is lost with it. */
function hangingKenp(request: HttpRequest, _i: number, batch: readonly HttpRequest[]): HttpOutcome {
  if (!batch.some((r) => target(r).path === '/kenp')) return ok;
  return target(request).path === '/kenp' ? timedOut : notRun;
}

function setup(overrides: Parameters<typeof makeClient>[1] = {}) {
  let batch: readonly HttpRequest[] = [];
  const fixture = makeClient((request, i) => hangingKenp(request, i, batch), overrides);
  const fetchAll = fixture.http.fetchAll.bind(fixture.http);
  fixture.http.fetchAll = (requests) => {
    batch = requests;
    return fetchAll(requests);
  };
  return fixture;
}

const three = [{ endpoint: 'summary' }, { endpoint: 'kenp' }, { endpoint: 'books-report' }] as const;

describe('a request that gets no answer', () => {
  it('is not asked again; the requests lost with its batch are asked again in one round', () => {
    const { client, http } = setup();
    const [summary, kenp, books] = client.fetchMany(three);
    expect(summary?.ok).toBe(true);
    expect(books?.ok).toBe(true);
    expect(kenp?.ok).toBe(false);
    if (kenp?.ok !== false) return;
    expect(kenp.error.kind).toBe('timeout');
    expect(kenp.error.message).toMatch(/^The API did not answer in time for KENP\./);
    expect(http.rounds.map((round) => round.map((r) => target(r).path))).toEqual([
      ['/summary', '/kenp', '/reports/books'],
      ['/summary', '/reports/books'],
    ]);
  });

  it('with askLostAgain false, the requests lost with its batch are returned, not asked again', () => {
    const { client, http } = setup();
    const [summary, kenp, books] = client.fetchMany(three, { askLostAgain: false });
    expect(http.rounds).toHaveLength(1);
    for (const lost of [summary, books]) {
      expect(lost?.ok === false && lost.error.kind).toBe('timeout');
    }
    expect(books?.ok === false && books.error.message).toMatch(/for a request sent with Books\./);
    expect(kenp?.ok === false && kenp.error.message).toMatch(/for KENP\./);
    // Asked again apart, they answer; the one that timed out is refused without a request.
    const again = client.fetchMany([three[0], three[2]]);
    expect(again.every((o) => o.ok)).toBe(true);
    expect(http.rounds).toHaveLength(2);
  });

  it('is answered from the execution record afterwards, without a request', () => {
    const unanswered = new Set<string>();
    const first = setup({ unanswered });
    first.client.fetchMany(three);
    const second = setup({ unanswered });
    const [kenp] = second.client.fetchMany([{ endpoint: 'kenp' }]);
    expect(kenp?.ok === false && kenp.error.kind).toBe('timeout');
    expect(second.http.rounds).toEqual([]);
  });

  it('lost requests the deadline leaves no round for say why they were not asked', () => {
    // Each round takes the whole timeout, so after the first there is no time for a second.
    const { client, http } = setup({ roundMs: NO_ANSWER_MS, roundTimeoutMs: NO_ANSWER_MS });
    const start = Date.parse('2026-11-21T08:00:00Z');
    const outcomes = client.fetchMany(three, { deadline: start + NO_ANSWER_MS + 30_000 });
    expect(http.rounds).toHaveLength(1);
    const summary = outcomes[0]!;
    expect(summary.ok === false && summary.error.message).toMatch(
      /^The API did not answer in time for a request sent with Summary\./,
    );
  });
});

describe('the round timeout', () => {
  it('no round starts later than the timeout before the deadline', () => {
    const { client, clock, http } = makeClient(() => ok, { roundTimeoutMs: NO_ANSWER_MS });
    const [late] = client.fetchMany([{ endpoint: 'summary' }], { deadline: clock.now() + NO_ANSWER_MS });
    expect(late?.ok === false && late.error.kind).toBe('out-of-time');
    expect(http.rounds).toEqual([]);
    const [inTime] = client.fetchMany([{ endpoint: 'summary' }], {
      deadline: clock.now() + NO_ANSWER_MS + 1,
    });
    expect(inTime?.ok).toBe(true);
  });

  it('a 503 retry whose round could outlast the deadline is not started', () => {
    const { client, clock, http } = makeClient(() => json(503, {}), { roundTimeoutMs: NO_ANSWER_MS });
    const [outcome] = client.fetchMany([{ endpoint: 'summary' }], {
      deadline: clock.now() + NO_ANSWER_MS + 500,
    });
    expect(outcome?.ok === false && outcome.error.message).toContain('no time left to retry');
    expect(http.rounds).toHaveLength(1);
  });
});
