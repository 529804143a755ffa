// Items 1 and 2: refresh all tabs, the add-on beside the naive harness, in the same run against the same
// account. Counts come from the emulator; per tab is what a tab adds to a refresh of no tabs (the fixed
// part: lock, settings, the tab directory, the Status tab), each tab refreshed on its own.
import { ENDPOINT_IDS, type EndpointId } from '../../../src/core/endpoints.ts';
import type { Emulator } from '../../gas/index.ts';
import { type ExecutionCost, measured, summarise } from '../measure.ts';
import type { BenchSettings, BenchWorld } from '../world.ts';

interface TabCost {
  readonly spreadsheetCalls: number;
  readonly serviceCalls: number;
}

interface StrategyFigures {
  readonly all: ReturnType<typeof summarise>;
  /** A refresh with no tab chosen. */
  readonly fixed: TabCost;
  readonly perTab: Readonly<Record<EndpointId, TabCost>>;
}

export interface RefreshFigures {
  readonly account: string;
  readonly period: string;
  readonly rowsPerTab: Readonly<Record<string, number>>;
  readonly series: number;
  /** Sheets in the add-on's spreadsheet after the refresh: the tab directory reads each one. */
  readonly sheets: number;
  readonly ours: StrategyFigures;
  readonly naive: StrategyFigures;
}

interface Strategy {
  readonly emulator: Emulator;
  readonly refresh: () => void;
}

function strategies(world: BenchWorld): { ours: Strategy; naive: Strategy } {
  return {
    ours: { emulator: world.ours, refresh: () => world.ours.run('refreshAllTabs') },
    naive: { emulator: world.naive, refresh: () => world.naive.run('naiveRefresh') },
  };
}

function tabCost(cost: ExecutionCost, fixed?: TabCost): TabCost {
  return {
    spreadsheetCalls: cost.spreadsheetCalls - (fixed?.spreadsheetCalls ?? 0),
    serviceCalls: cost.serviceCalls - (fixed?.serviceCalls ?? 0),
  };
}

/** Each tab refreshed alone, after the tabs exist (a steady refresh, as every one after the first). */
function perTabCosts(world: BenchWorld, period: string, strategy: Strategy): Omit<StrategyFigures, 'all'> {
  const alone = (tabs: readonly EndpointId[]): ExecutionCost => {
    world.choose({ period, tabs });
    return measured(strategy.emulator, strategy.refresh);
  };
  const fixed = tabCost(alone([]));
  const perTab = Object.fromEntries(ENDPOINT_IDS.map((tab) => [tab, tabCost(alone([tab]), fixed)]));
  return { fixed, perTab: perTab as Record<EndpointId, TabCost> };
}

export function benchRefresh(
  world: BenchWorld,
  account: string,
  period: string,
  runs: number,
): RefreshFigures {
  const { ours, naive } = strategies(world);
  const all: BenchSettings = { period, tabs: ENDPOINT_IDS };
  world.choose(all);
  // The first refresh creates the tabs (and warms the demo API's caches): not what an author repeats.
  const summary = world.ours.run<{ tabs: Array<{ tab: string; rows: number | null; error: string | null }> }>(
    'refreshAllTabs',
  );
  const failed = summary.tabs.filter((t) => t.error !== null);
  if (failed.length > 0)
    throw new Error(`refresh failed: ${failed.map((t) => `${t.tab}: ${t.error}`).join('; ')}`);
  const naiveRows = world.naive.run<Record<string, number>>('naiveRefresh');
  const rowsPerTab = Object.fromEntries(summary.tabs.map((t) => [t.tab, t.rows ?? 0]));
  for (const [tab, rows] of Object.entries(rowsPerTab)) {
    if (naiveRows[tab] !== rows)
      throw new Error(`${tab}: the naive refresh wrote ${naiveRows[tab]} rows, ours ${rows}`);
  }
  const oursRuns: ExecutionCost[] = [];
  const naiveRuns: ExecutionCost[] = [];
  let series = 0;
  for (let run = 0; run < runs; run++) {
    oursRuns.push(measured(ours.emulator, ours.refresh));
    series = world.ours.stats.http().filter((r) => r.url.includes('/read-through')).length;
    naiveRuns.push(measured(naive.emulator, naive.refresh));
  }
  const oursFigures = { all: summarise(oursRuns), ...perTabCosts(world, period, ours) };
  const naiveFigures = { all: summarise(naiveRuns), ...perTabCosts(world, period, naive) };
  world.choose(all);
  return {
    account,
    period,
    rowsPerTab,
    series,
    sheets: world.ours.spreadsheet.getSheets().length,
    ours: oursFigures,
    naive: naiveFigures,
  };
}
