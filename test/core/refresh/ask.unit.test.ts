// What a refresh asks and in what company, from plain inputs: the client over a fake UrlFetchApp whose
// batch, like Google's fetchAll, is lost whole when one of its requests gets no answer (the first hanging
// one is named, the rest lost with it).
import { describe, expect, it } from 'vitest';
import type { HttpOutcome, HttpRequest } from '../../../src/core/ports.ts';
import { askTheApi } from '../../../src/core/refresh/ask.ts';
import { refreshFirstRound } from '../../../src/core/refresh/plan.ts';
import { DEFAULT_SETTINGS, type RoyaltiesSettings } from '../../../src/core/settings.ts';
import { json } from '../../support/fake-ports.ts';
import { makeClient, target } from '../api/support.ts';

const SERIES = {
  series: [
    { series_id: 's1', name: 'One' },
    { series_id: 's2', name: 'Two' },
  ],
};

/** The client with `hanging` paths that never answer; every round's paths, in order. */
function setup(hanging: readonly string[]) {
  let batch: readonly HttpRequest[] = [];
  const answer = (request: HttpRequest): HttpOutcome => {
    const { path } = target(request);
    const named = batch.map((r) => target(r).path).find((p) => hanging.includes(p));
    if (named !== undefined) {
      const noAnswer = path === named ? 'timed-out' : 'not-run';
      return { kind: 'network-error', message: `Timeout: ${named}`, noAnswer };
    }
    return json(200, path === '/series' ? SERIES : { rows: [{ date: '2026-11-01', royalties: 1 }] });
  };
  const fixture = makeClient(answer, {
    roundTimeoutMs: 60_000,
    roundMs: 0,
    deadline: Date.parse('2026-11-21T08:00:00Z') + 270_000,
  });
  const fetchAll = fixture.http.fetchAll.bind(fixture.http);
  fixture.http.fetchAll = (requests) => {
    batch = requests;
    return fetchAll(requests);
  };
  const rounds = () => fixture.http.rounds.map((round) => round.map((r) => target(r).path));
  return { ...fixture, rounds };
}

const settings: RoyaltiesSettings = {
  ...DEFAULT_SETTINGS,
  tabs: ['account', 'summary', 'kenp', 'catalog', 'series', 'read-through'],
};

function ask(hanging: readonly string[]) {
  const fixture = setup(hanging);
  const reading: number[] = [];
  const answers = askTheApi(fixture.client, settings, refreshFirstRound(settings), (n) => reading.push(n));
  return { ...fixture, answers, reading };
}

describe('what a refresh asks', () => {
  it('answering: round 1, then the read-through of every series', () => {
    const { rounds, answers, reading } = ask([]);
    expect(rounds()).toEqual([
      ['/account', '/summary', '/books', '/series', '/kenp'],
      ['/series/s1/read-through', '/series/s2/read-through'],
    ]);
    expect(reading).toEqual([2]);
    expect([...answers.first.values()].every((a) => a.ok)).toBe(true);
    expect(answers.readThrough?.ok).toBe(true);
    expect(answers.historyTimeline).toBeUndefined();
  });

  it('every report hanging: the account and its lists apart, the read-through, then the reports', () => {
    const { rounds, answers } = ask(['/summary', '/kenp']);
    expect(rounds()).toEqual([
      ['/account', '/summary', '/books', '/series', '/kenp'],
      ['/account', '/books', '/series'],
      ['/series/s1/read-through', '/series/s2/read-through'],
      // /summary was named: never asked again; /kenp hangs once more and is named.
      ['/kenp'],
    ]);
    for (const tab of ['account', 'catalog', 'series'] as const)
      expect(answers.first.get(tab)?.ok).toBe(true);
    expect(answers.readThrough?.ok).toBe(true);
    const summary = answers.first.get('summary');
    const kenp = answers.first.get('kenp');
    expect(summary?.ok === false && summary.error).toMatch(/did not answer in time for Summary\./);
    expect(kenp?.ok === false && kenp.error).toMatch(/did not answer in time for KENP\./);
  });

  it('one report hanging: the other reports are asked again after the lists, and answer', () => {
    const { rounds, answers } = ask(['/summary']);
    expect(rounds().slice(1)).toEqual([
      ['/account', '/books', '/series'],
      ['/series/s1/read-through', '/series/s2/read-through'],
      ['/kenp'],
    ]);
    expect(answers.first.get('kenp')?.ok).toBe(true);
  });

  it('the series list hanging too: no read-through is asked, and it says why', () => {
    const { rounds, answers, reading } = ask(['/series', '/summary']);
    expect(rounds().some((r) => r.some((p) => p.includes('read-through')))).toBe(false);
    expect(reading).toEqual([]);
    expect(answers.readThrough?.ok === false && answers.readThrough.error).toMatch(
      /list of series could not be read/,
    );
    expect(answers.first.get('account')?.ok).toBe(true);
  });

  it("keeps the history's own timeline apart from the tab's", () => {
    const fixture = setup([]);
    const week = { ...settings, period: 'last_7_days', tabs: [...settings.tabs, 'timeline', 'history'] };
    const answers = askTheApi(
      fixture.client,
      week as RoyaltiesSettings,
      refreshFirstRound(week as RoyaltiesSettings),
      () => {},
    );
    expect(answers.historyTimeline?.ok).toBe(true);
    expect(answers.first.get('timeline')?.ok).toBe(true);
    const timelines = fixture.rounds()[0]!.filter((p) => p === '/timeline');
    expect(timelines).toHaveLength(2);
  });

  it("gives each step its own answer: the history's timeline, the year's months and marketplaces", () => {
    const echo = makeClient((request) => json(200, { asked: target(request).query, rows: [] }), {
      roundTimeoutMs: 60_000,
      roundMs: 0,
      deadline: Date.parse('2026-11-21T08:00:00Z') + 270_000,
    });
    const week = {
      ...DEFAULT_SETTINGS,
      period: 'last_7_days',
      tabs: ['timeline', 'marketplaces-report', 'history', 'year'],
    } as RoyaltiesSettings;
    const answers = askTheApi(echo.client, week, refreshFirstRound(week), () => {});
    const asked = (fetched: { ok: boolean; data?: unknown } | undefined) =>
      fetched?.ok ? (fetched.data as { asked: Record<string, string> }).asked : null;
    expect(asked(answers.first.get('timeline'))).toEqual({ range: 'last_7_days' });
    expect(asked(answers.first.get('marketplaces-report'))).toEqual({ range: 'last_7_days' });
    expect(asked(answers.historyTimeline)).toEqual({ range: 'last_30_days' });
    expect(asked(answers.yearMonths)).toEqual({ range: 'last_365_days', interval: 'month' });
    expect(asked(answers.yearMarketplaces)).toEqual({ range: 'year_to_date' });
    expect(asked(answers.lastMonthMarketplaces)).toEqual({ range: 'last_month' });
    // All in round 1: the year adds no round.
    expect(echo.http.rounds).toHaveLength(1);
  });
});
