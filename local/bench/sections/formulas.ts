// Item 3: 200 formula cells over 12 argument sets, each cell one execution as in Sheets. The add-on's
// custom functions (shared document cache, single flight) beside the naive harness's, which fetches on
// every call. First calculation starts from an empty cache; recalculation follows at once.

import { FORMULA_FUNCTIONS, type FormulaName, formulaCall } from '../../../src/core/formulas/index.ts';
import { DEFAULT_SETTINGS } from '../../../src/core/settings.ts';
import type { Emulator } from '../../gas/index.ts';
import { type ExecutionCost, measured, summarise } from '../measure.ts';
import type { BenchWorld } from '../world.ts';

export const FORMULA_CELLS = 200;

export interface ArgumentSet {
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

export interface FormulaFigures {
  readonly cells: number;
  readonly argumentSets: number;
  readonly distinctRequests: number;
  readonly ours: {
    readonly first: ReturnType<typeof summarise>;
    readonly recalc: ReturnType<typeof summarise>;
  };
  readonly naive: {
    readonly first: ReturnType<typeof summarise>;
    readonly recalc: ReturnType<typeof summarise>;
  };
  /** naive / ours modelled time, first calculation and recalculation. */
  readonly modelledRatio: { readonly first: number; readonly recalc: number };
}

function calculate(
  emulator: Emulator,
  cells: readonly ArgumentSet[],
  cell: (set: ArgumentSet) => void,
): ExecutionCost {
  return measured(emulator, () => {
    for (const set of cells) cell(set);
  });
}

export function benchFormulas(world: BenchWorld, seriesId: string, runs: number): FormulaFigures {
  const sets = argumentSets(seriesId);
  const cells = Array.from({ length: FORMULA_CELLS }, (_, i) => sets[i % sets.length]!);
  const ours = (set: ArgumentSet) => world.ours.runCustomFunction(set.name, [...set.args]);
  const naive = (set: ArgumentSet) =>
    world.naive.runCustomFunction('naiveFormula', [set.name, [...set.args]]);
  const oursFirst: ExecutionCost[] = [];
  const oursRecalc: ExecutionCost[] = [];
  const naiveFirst: ExecutionCost[] = [];
  const naiveRecalc: ExecutionCost[] = [];
  for (let run = 0; run < runs; run++) {
    world.ours.switches.evictCaches(); // a first calculation: nothing cached yet
    oursFirst.push(calculate(world.ours, cells, ours));
    oursRecalc.push(calculate(world.ours, cells, ours));
    naiveFirst.push(calculate(world.naive, cells, naive));
    naiveRecalc.push(calculate(world.naive, cells, naive));
  }
  const figures = {
    ours: { first: summarise(oursFirst), recalc: summarise(oursRecalc) },
    naive: { first: summarise(naiveFirst), recalc: summarise(naiveRecalc) },
  };
  return {
    cells: FORMULA_CELLS,
    argumentSets: sets.length,
    distinctRequests: distinctRequests(sets),
    ...figures,
    modelledRatio: {
      first: figures.naive.first.modelledMs / figures.ours.first.modelledMs,
      recalc: figures.naive.recalc.modelledMs / figures.ours.recalc.modelledMs,
    },
  };
}
