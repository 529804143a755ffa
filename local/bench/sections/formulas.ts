// Item 3: 200 formula cells over 12 argument sets, each cell one execution as in Sheets (and measured
// alone, so each pays its own first spreadsheet access and the slowest can be held to the 30 s limit).
// The add-on's custom functions (shared document cache, single flight) beside the naive harness's, which
// fetches on every call. First calculation starts from an empty cache; recalculation follows at once.

import { FORMULA_FUNCTIONS, type FormulaName, formulaCall } from '../../../src/core/formulas/index.ts';
import { DEFAULT_SETTINGS } from '../../../src/core/settings.ts';
import type { Emulator } from '../../gas/index.ts';
import { type CostProfile, DEFAULT_PROFILES, modelled } from '../cost-model.ts';
import { combined, type ExecutionCost, measured, summarise } from '../measure.ts';
import type { BenchWorld } from '../world.ts';

const FORMULA_CELLS = 200;

interface ArgumentSet {
  readonly name: FormulaName;
  readonly args: readonly unknown[];
}

/** Twelve argument sets an author might spread over a sheet: every function, several periods and currencies. */
export function argumentSets(seriesId: string): ArgumentSet[] {
  return [
    { name: 'ROYALTIES_ACCOUNT', args: ['reporting_currency'] },
    { name: 'ROYALTIES_SUMMARY', args: ['last_30_days', '', 'net_profit'] },
    { name: 'ROYALTIES_SUMMARY', args: ['last_90_days', 'EUR', 'royalties'] },
    { name: 'ROYALTIES_TIMELINE', args: ['last_90_days', 'USD', 'month'] },
    { name: 'ROYALTIES_BOOKS', args: ['last_30_days'] },
    { name: 'ROYALTIES_MARKETPLACES', args: ['last_30_days', 'GBP'] },
    { name: 'ROYALTIES_CATALOG', args: [] },
    { name: 'ROYALTIES_SERIES', args: [] },
    { name: 'ROYALTIES_KENP', args: ['last_30_days'] },
    { name: 'ROYALTIES_KENP_BOOKS', args: ['last_90_days'] },
    { name: 'ROYALTIES_FREE_UNITS', args: ['last_7_days'] },
    { name: 'ROYALTIES_READ_THROUGH', args: [seriesId, 'last_90_days'] },
  ];
}

/** How many different API requests the sets make, from the add-on's own argument rules. */
export function distinctRequests(sets: readonly ArgumentSet[]): number {
  const keys = sets.map(({ name, args }) => {
    const params: readonly string[] = FORMULA_FUNCTIONS[name].params;
    const named = Object.fromEntries(params.map((p, i) => [p, args[i]]));
    return JSON.stringify(formulaCall(name, named, DEFAULT_SETTINGS).request);
  });
  return new Set(keys).size;
}

/** Several runs of a sheet of cells: the summed counts (of the first run), and its costliest cell. */
export type SheetCost = ReturnType<typeof summarise> & {
  /** The cell with the most modelled time (default central profile): what the 30 s limit is checked on. */
  readonly slowestCell: ExecutionCost;
  /** The most service calls any one cell made (UrlFetchApp's excluded). */
  readonly mostCallsInACell: number;
};

export interface FormulaFigures {
  readonly cells: number;
  readonly argumentSets: number;
  readonly distinctRequests: number;
  readonly ours: { readonly first: SheetCost; readonly recalc: SheetCost };
  readonly naive: { readonly first: SheetCost; readonly recalc: SheetCost };
}

/** What a formula's first answer cannot go under, priced from `profile`: the floor (one request and the
 * execution's first spreadsheet access); a cell that keeps what it fetched for later cells (the owner's
 * properties read once, one look in the cache, one write); and that with single flight's claim (the lock
 * taken and given back, the marker read under it, the claim written). */
export function firstAnswerBounds(profile: CostProfile): { floor: number; keeping: number; sharing: number } {
  const floor = profile['http-round'] + profile['first-access'];
  const keeping = floor + profile['property-read'] + profile['cache-read'] + profile['cache-write'];
  const sharing = keeping + 2 * profile.lock + profile['cache-read'] + profile['cache-write'];
  return { floor, keeping, sharing };
}

/** Every cell its own execution, measured alone: summed, and the costliest kept. */
function calculate(
  emulator: Emulator,
  cells: readonly ArgumentSet[],
  cell: (set: ArgumentSet) => void,
): { sheet: ExecutionCost; each: ExecutionCost[] } {
  const each = cells.map((set) => measured(emulator, () => cell(set)));
  return { sheet: combined(each), each };
}

function sheetCost(runs: ReadonlyArray<{ sheet: ExecutionCost; each: ExecutionCost[] }>): SheetCost {
  const each = runs[0]!.each;
  const central = (c: ExecutionCost) => modelled(c, DEFAULT_PROFILES.central).ms;
  const slowestCell = each.reduce((a, b) => (central(b) > central(a) ? b : a));
  return {
    ...summarise(runs.map((r) => r.sheet)),
    slowestCell,
    mostCallsInACell: Math.max(...each.map((c) => c.serviceCalls)),
  };
}

export function benchFormulas(world: BenchWorld, seriesId: string, runs: number): FormulaFigures {
  const sets = argumentSets(seriesId);
  const cells = Array.from({ length: FORMULA_CELLS }, (_, i) => sets[i % sets.length]!);
  const ours = (set: ArgumentSet) => world.ours.runCustomFunction(set.name, [...set.args]);
  const naive = (set: ArgumentSet) =>
    world.naive.runCustomFunction('naiveFormula', [set.name, [...set.args]]);
  const oursFirst: Array<ReturnType<typeof calculate>> = [];
  const oursRecalc: Array<ReturnType<typeof calculate>> = [];
  const naiveFirst: Array<ReturnType<typeof calculate>> = [];
  const naiveRecalc: Array<ReturnType<typeof calculate>> = [];
  for (let run = 0; run < runs; run++) {
    world.ours.switches.evictCaches(); // a first calculation: nothing cached yet
    oursFirst.push(calculate(world.ours, cells, ours));
    oursRecalc.push(calculate(world.ours, cells, ours));
    naiveFirst.push(calculate(world.naive, cells, naive));
    naiveRecalc.push(calculate(world.naive, cells, naive));
  }
  return {
    cells: FORMULA_CELLS,
    argumentSets: sets.length,
    distinctRequests: distinctRequests(sets),
    ours: { first: sheetCost(oursFirst), recalc: sheetCost(oursRecalc) },
    naive: { first: sheetCost(naiveFirst), recalc: sheetCost(naiveRecalc) },
  };
}
