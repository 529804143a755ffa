// The bench's measuring parts, run for real: the naive harness really is naive (one request per
// endpoint, one appendRow per row, one request per formula cell), the add-on's strategy is what the bench
// says it counts, and the cache path really reads a chunked response back whole.
// Each test has a bench world of its own (the add-on and the naive bundle against one demo API): a few
// seconds each, the bundles built once.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { measured } from '../../local/bench/measure.ts';
import { buildNaiveBundle } from '../../local/bench/naive-bundle.ts';
import { benchCache } from '../../local/bench/sections/cache.ts';
import { argumentSets, distinctRequests } from '../../local/bench/sections/formulas.ts';
import { type BenchWorld, startWorld } from '../../local/bench/world.ts';
import { CHUNK_BYTES } from '../../src/core/api/index.ts';
import { firstRoundEndpoints } from '../../src/core/refresh/index.ts';
import { parseSettings } from '../../src/core/settings.ts';
import { addOnDist, TEST_SETTINGS } from '../support/bundles.ts';

let world: BenchWorld;
const TABS = ['summary', 'books-report', 'read-through'] as const;
const PERIOD = 'last_30_days';

async function apiGet<T>(path: string): Promise<T> {
  const response = await fetch(`${world.api.baseUrl}${path}`, {
    headers: { Authorization: `Bearer ${world.api.demoKey}` },
  });
  return (await response.json()) as T;
}

let bundles: [string, string];
beforeAll(async () => {
  bundles = await Promise.all([addOnDist(), buildNaiveBundle(TEST_SETTINGS)]);
});
beforeEach(async () => {
  const [distDir, naiveDir] = bundles;
  world = await startWorld({ build: TEST_SETTINGS, distDir, naiveDir, scale: 'demo' });
  world.choose({ period: PERIOD, tabs: TABS });
});
afterEach(async () => {
  await world?.close();
});

describe('the naive refresh', () => {
  it('fetches one endpoint after another and appends one row at a time', async () => {
    const { series } = await apiGet<{ series: unknown[] }>('/series');
    let rows: Record<string, number> = {};
    const cost = measured(world.naive, () => {
      rows = world.naive.run<Record<string, number>>('naiveRefresh');
    });
    const requests =
      firstRoundEndpoints(parseSettings({ period: PERIOD, tabs: TABS })).length + series.length;
    expect(cost.httpRequests).toBe(requests);
    expect(cost.fetchRounds).toBe(requests);
    expect(cost.calls['UrlFetchApp.fetch']).toBe(requests);
    expect(Object.keys(rows).sort()).toEqual([...TABS].sort());
    // A header row, then every data row, each its own call.
    const written = Object.values(rows).reduce((a, b) => a + b, 0);
    expect(cost.calls['Sheet.appendRow']).toBe(written + TABS.length);
    // Each fetch a round of one, charged a round each by the cost model.
    expect(cost.roundSizes).toEqual(Array(requests).fill(1));
    expect(cost.executions).toBe(1);
    expect(cost.spreadsheetExecutions).toBe(1);
  });

  it('writes as many rows per tab as the add-on', () => {
    const ours = world.ours.run<{ tabs: Array<{ tab: string; rows: number }> }>('refreshAllTabs');
    const naive = world.naive.run<Record<string, number>>('naiveRefresh');
    expect(Object.fromEntries(ours.tabs.map((t) => [t.tab, t.rows]))).toEqual(naive);
  });
});

describe('the add-on refresh, as the bench counts it', () => {
  it('takes two fetchAll rounds, one request per endpoint and series', async () => {
    const { series } = await apiGet<{ series: unknown[] }>('/series');
    const cost = measured(world.ours, () => world.ours.run('refreshAllTabs'));
    expect(cost.fetchRounds).toBe(2);
    expect(cost.calls['UrlFetchApp.fetchAll']).toBe(2);
    expect(cost.httpRequests).toBe(firstRoundEndpoints(parseSettings({ tabs: TABS })).length + series.length);
    expect(cost.spreadsheetCalls).toBe(cost.callsByService.SpreadsheetApp);
    expect(cost.roundSizes).toHaveLength(2);
    expect(cost.roundSizes.reduce((a, b) => a + b, 0)).toBe(cost.httpRequests);
  });
});

describe('formula cells', () => {
  it('the naive function asks the API on every call, with the same answer as the add-on', async () => {
    const { series } = await apiGet<{ series: Array<{ series_id: string }> }>('/series');
    const sets = argumentSets(series[0]!.series_id);
    expect(distinctRequests(sets)).toBe(sets.length);
    for (const set of sets) {
      const cost = measured(world.naive, () => {
        for (let i = 0; i < 3; i++) world.naive.runCustomFunction('naiveFormula', [set.name, [...set.args]]);
      });
      expect(cost.httpRequests).toBe(3);
      expect(world.naive.runCustomFunction('naiveFormula', [set.name, [...set.args]])).toEqual(
        world.ours.runCustomFunction(set.name, [...set.args]),
      );
    }
  });
});

describe('the chunked cache figures', () => {
  it('write a 2 MB response in chunks and read it back whole, then through the client with no request', async () => {
    const template = await apiGet<{ rows: Array<Record<string, unknown>> }>(
      '/reports/books?range=last_30_days',
    );
    const figures = await benchCache(world, template, 1);
    expect(figures.bodyBytes).toBeGreaterThanOrEqual(2 * 1024 * 1024);
    expect(figures.chunks).toBe(Math.ceil(figures.bodyBytes / CHUNK_BYTES));
    expect(figures.miss.httpRequests).toBe(1);
    expect(figures.miss.calls['Cache.putAll']).toBe(1);
    expect(figures.hit.httpRequests).toBe(0);
    expect(figures.hit.calls['Cache.getAll']).toBe(1); // head and chunks in one read
  });
});
