// The issues' targets, checked on the figures of this run. A missed gate makes the bench exit non-zero
// (CI runs it). The bundle budget is reported (MISSED, with the bytes per folder) but not a gate yet: the
// lead decides once the history and dashboard are in. The modelled ratio is checked at the default costs,
// whatever --ms-per-call and --ms-per-request say, so CI's verdict does not depend on flags.
import { ENDPOINT_IDS } from '../../src/core/endpoints.ts';
import type { BenchFigures } from './figures.ts';
import { DEFAULT_COST_MODEL, googleMs } from './measure.ts';
import { CODE_BUDGET_BYTES } from './sections/bundle.ts';
import type { LedgerFigures } from './sections/history.ts';
import type { RefreshFigures } from './sections/refresh.ts';

export const MAX_SPREADSHEET_CALLS_PER_TAB = 12;
/** Issue 21: a recalculated formula cell, everything included. */
export const MAX_CALLS_PER_CACHED_CELL = 5;
/** Issue 21: lock, settings, the Status tab and the tab directory, with no tab chosen. */
export const MAX_FIXED_SPREADSHEET_CALLS = 30;
/** Issue 21: naive / ours in modelled Google time, formulas' recalculation, at the default costs. */
export const MIN_RECALC_RATIO = 10;
export const REFRESH_ROUNDS = 2;
/** Issue 17: naive / ours in Spreadsheet calls, one night merged into the longest ledger measured. */
export const MIN_LEDGER_RATIO = 10;

export interface TargetCheck {
  readonly target: string;
  readonly ok: boolean;
  readonly measured: string;
  /** Whether a miss fails the run. */
  readonly gate: boolean;
}

/** Tabs written by a refresh of every tab: one per endpoint, and the Status tab. */
export const TABS_WRITTEN = ENDPOINT_IDS.length + 1;

function refreshChecks(r: RefreshFigures): TargetCheck[] {
  const perTab = Object.entries(r.ours.perTab);
  const worst = Math.max(...perTab.map(([, c]) => c.spreadsheetCalls));
  const average = r.ours.all.spreadsheetCalls / TABS_WRITTEN;
  return [
    {
      target: `${r.account}: refresh all in ${REFRESH_ROUNDS} fetchAll rounds (${r.series} series)`,
      ok: r.ours.all.fetchRounds === REFRESH_ROUNDS,
      measured: `${r.ours.all.fetchRounds} rounds`,
      gate: true,
    },
    {
      target: `${r.account}: at most ${MAX_SPREADSHEET_CALLS_PER_TAB} Spreadsheet calls per tab`,
      ok: worst <= MAX_SPREADSHEET_CALLS_PER_TAB && average <= MAX_SPREADSHEET_CALLS_PER_TAB,
      measured: `${worst} added by the costliest tab; ${average.toFixed(1)} per tab over all ${TABS_WRITTEN}`,
      gate: true,
    },
    {
      target: `${r.account}: the same counts in every run`,
      ok: r.ours.all.stable && r.naive.all.stable,
      measured: r.ours.all.stable && r.naive.all.stable ? 'identical' : 'counts differed between runs',
      gate: true,
    },
  ];
}

function fixedPart(r: RefreshFigures): TargetCheck {
  return {
    target: `${r.account}: fixed part of a refresh at most ${MAX_FIXED_SPREADSHEET_CALLS} Spreadsheet calls`,
    ok: r.ours.fixed.spreadsheetCalls <= MAX_FIXED_SPREADSHEET_CALLS,
    measured: `${r.ours.fixed.spreadsheetCalls} calls`,
    gate: true,
  };
}

function independentOfRows(demo: RefreshFigures, big: RefreshFigures): TargetCheck {
  const grown = ENDPOINT_IDS.filter(
    (tab) => big.ours.perTab[tab].spreadsheetCalls !== demo.ours.perTab[tab].spreadsheetCalls,
  );
  const rows = (r: RefreshFigures) => Object.values(r.rowsPerTab).reduce((a, b) => a + b, 0);
  return {
    target: 'Spreadsheet calls per tab do not grow with rows',
    ok: grown.length === 0 && big.ours.all.spreadsheetCalls === demo.ours.all.spreadsheetCalls,
    measured:
      grown.length === 0
        ? `${demo.ours.all.spreadsheetCalls} calls for ${rows(demo).toLocaleString('en-US')} rows and for ${rows(big).toLocaleString('en-US')} rows`
        : `changed for ${grown.join(', ')}`,
    gate: true,
  };
}

/**
 * Issue 17: one night merged into a long ledger costs the add-on no more Spreadsheet calls than into a short
 * one (it reads its columns once and writes only the changed span), and at the longest ledger at least
 * MIN_LEDGER_RATIO times fewer than the naive rewrite (one appendRow per day).
 */
export function ledgerChecks(history: readonly LedgerFigures[]): TargetCheck[] {
  const shortest = history[0];
  const longest = history.at(-1);
  if (!shortest || !longest || shortest === longest)
    throw new Error('the ledger targets compare two ledgers or more');
  const days = (f: LedgerFigures) => f.days.toLocaleString('en-US');
  const ratio = longest.naive.spreadsheetCalls / longest.ours.spreadsheetCalls;
  return [
    {
      target: `history: a night merged into ${days(longest)} days costs no more Spreadsheet calls than into ${days(shortest)}`,
      ok: history.every((f) => f.ours.spreadsheetCalls <= shortest.ours.spreadsheetCalls),
      measured: history.map((f) => `${f.ours.spreadsheetCalls} calls for ${days(f)} days`).join(', '),
      gate: true,
    },
    {
      target: `history at ${days(longest)} days: naive rewrite / ours at least ${MIN_LEDGER_RATIO}× in Spreadsheet calls`,
      ok: ratio >= MIN_LEDGER_RATIO,
      measured: `${ratio.toFixed(1)}× (${longest.naive.spreadsheetCalls.toLocaleString('en-US')} / ${longest.ours.spreadsheetCalls})`,
      gate: true,
    },
  ];
}

export function checkTargets(figures: BenchFigures): TargetCheck[] {
  const { demo, big } = figures.refresh;
  const f = figures.formulas;
  const recalcRatio =
    googleMs(f.naive.recalc, DEFAULT_COST_MODEL) / googleMs(f.ours.recalc, DEFAULT_COST_MODEL);
  return [
    ...refreshChecks(demo),
    ...refreshChecks(big),
    fixedPart(demo),
    fixedPart(big),
    independentOfRows(demo, big),
    {
      target: `${f.cells} formula cells over ${f.argumentSets} argument sets: at most ${f.argumentSets} requests`,
      ok: f.ours.first.httpRequests <= f.argumentSets,
      measured: `${f.ours.first.httpRequests} requests (${f.distinctRequests} distinct requests asked for)`,
      gate: true,
    },
    {
      target: 'their recalculation: no request',
      ok: f.ours.recalc.httpRequests === 0,
      measured: `${f.ours.recalc.httpRequests} requests`,
      gate: true,
    },
    {
      target: `a recalculated formula cell: at most ${MAX_CALLS_PER_CACHED_CELL} service calls`,
      ok: f.ours.recalc.serviceCalls <= MAX_CALLS_PER_CACHED_CELL * f.cells,
      measured: `${(f.ours.recalc.serviceCalls / f.cells).toFixed(2)} per cell (${f.ours.recalc.serviceCalls} for ${f.cells})`,
      gate: true,
    },
    {
      target: `recalculation: naive / ours at least ${MIN_RECALC_RATIO}× in modelled Google time (${DEFAULT_COST_MODEL.msPerCall} ms a call, ${DEFAULT_COST_MODEL.msPerRequest} ms a request)`,
      ok: recalcRatio >= MIN_RECALC_RATIO,
      measured: `${recalcRatio.toFixed(1)}×`,
      gate: true,
    },
    ...ledgerChecks(figures.history),
    {
      target: `dist/Code.js at most ${CODE_BUDGET_BYTES / 1024} KB minified`,
      ok: figures.bundle.codeBytes <= CODE_BUDGET_BYTES,
      measured: `${(figures.bundle.codeBytes / 1024).toFixed(1)} KB`,
      gate: false,
    },
  ];
}
