// The targets, checked on the figures of this run. Any target missed makes the bench exit non-zero (CI
// runs it). Modelled times are checked under the default central profile, whatever --cost says, so CI's
// verdict does not depend on flags.
import { ENDPOINT_IDS } from '../../src/core/endpoints.ts';
import { CUSTOM_FUNCTION_LIMIT_MS, DEFAULT_PROFILES, EXECUTION_LIMIT_MS, modelled } from './cost-model.ts';
import type { BenchFigures } from './figures.ts';
import type { ExecutionCost } from './measure.ts';
import { CODE_TRIPWIRE_BYTES } from './sections/bundle.ts';
import { firstAnswerBounds } from './sections/formulas.ts';
import type { LedgerFigures } from './sections/history.ts';
import type { RefreshFigures } from './sections/refresh.ts';
import { duration, kb, ms } from './table.ts';

export const MAX_SPREADSHEET_CALLS_PER_TAB = 12;
/** A recalculated formula cell whose answer is cached, everything included. */
const MAX_CALLS_PER_CACHED_CELL = 3;
/** The fixed part of a refresh: lock, settings, the Status tab and the tab directory, with no tab chosen. */
const MAX_FIXED_SPREADSHEET_CALLS = 30;
/** naive / ours in modelled Google time, formulas' recalculation, default central profile. */
const MIN_RECALC_RATIO = 10;
const REFRESH_ROUNDS = 2;
/** The history ledger: naive / ours in Spreadsheet calls, one night merged into the longest ledger measured. */
export const MIN_LEDGER_RATIO = 10;
/** A formula's first answer may cost at most this share above the least a cell can that keeps its answer
 * for later cells with single flight (docs/design-notes.md, "What a first answer costs"). */
export const FIRST_ANSWER_MARGIN = 0.05;

export interface TargetCheck {
  readonly target: string;
  readonly ok: boolean;
  readonly measured: string;
}

const central = (c: ExecutionCost) => modelled(c, DEFAULT_PROFILES.central).ms;

/** Ours must fit the limit; naive's figure is printed beside it, fitting or not. */
export function fitsCheck(
  what: string,
  limitMs: number,
  ours: ExecutionCost,
  naive: ExecutionCost,
): TargetCheck {
  const verdict = (ms: number) => `${duration(ms)}${ms <= limitMs ? '' : ', does not fit'}`;
  return {
    target: `${what}: ours fits in ${duration(limitMs)} (central profile)`,
    ok: central(ours) <= limitMs,
    measured: `ours ${verdict(central(ours))}; naive ${verdict(central(naive))}`,
  };
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
      measured: `${r.ours.all.fetchRounds} rounds of ${r.ours.all.roundSizes.join(' + ')} requests (naive: ${r.naive.all.fetchRounds} rounds of 1)`,
    },
    {
      target: `${r.account}: at most ${MAX_SPREADSHEET_CALLS_PER_TAB} Spreadsheet calls per tab`,
      ok: worst <= MAX_SPREADSHEET_CALLS_PER_TAB && average <= MAX_SPREADSHEET_CALLS_PER_TAB,
      measured: `${worst} added by the costliest tab; ${average.toFixed(1)} per tab over all ${TABS_WRITTEN}`,
    },
    {
      target: `${r.account}: the same counts in every run`,
      ok: r.ours.all.stable && r.naive.all.stable,
      measured: r.ours.all.stable && r.naive.all.stable ? 'identical' : 'counts differed between runs',
    },
  ];
}

function fixedPart(r: RefreshFigures): TargetCheck {
  return {
    target: `${r.account}: fixed part of a refresh at most ${MAX_FIXED_SPREADSHEET_CALLS} Spreadsheet calls`,
    ok: r.ours.fixed.spreadsheetCalls <= MAX_FIXED_SPREADSHEET_CALLS,
    measured: `${r.ours.fixed.spreadsheetCalls} calls`,
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
  };
}

/**
 * The history ledger: one night merged into a long ledger costs the add-on no more Spreadsheet calls than into a short
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
    },
    {
      target: `history at ${days(longest)} days: naive rewrite / ours at least ${MIN_LEDGER_RATIO}× in Spreadsheet calls`,
      ok: ratio >= MIN_LEDGER_RATIO,
      measured: `${ratio.toFixed(1)}× (${longest.naive.spreadsheetCalls.toLocaleString('en-US')} / ${longest.ours.spreadsheetCalls})`,
    },
  ];
}

export function checkTargets(figures: BenchFigures): TargetCheck[] {
  const { demo, big } = figures.refresh;
  const f = figures.formulas;
  const recalcRatio = central(f.naive.recalc) / central(f.ours.recalc);
  const longest = figures.history.at(-1);
  return [
    ...refreshChecks(demo),
    ...refreshChecks(big),
    fixedPart(demo),
    fixedPart(big),
    independentOfRows(demo, big),
    fitsCheck('refresh all tabs, big account', EXECUTION_LIMIT_MS, big.ours.all, big.naive.all),
    ...(longest
      ? [
          fitsCheck(
            `history: one night into ${longest.years} years`,
            EXECUTION_LIMIT_MS,
            longest.ours,
            longest.naive,
          ),
        ]
      : []),
    {
      target: `${f.cells} formula cells over ${f.argumentSets} argument sets: at most ${f.argumentSets} requests`,
      ok: f.ours.first.httpRequests <= f.argumentSets,
      measured: `${f.ours.first.httpRequests} requests (${f.distinctRequests} distinct requests asked for)`,
    },
    fitsCheck(
      'a formula cell, first calculation',
      CUSTOM_FUNCTION_LIMIT_MS,
      f.ours.first.slowestCell,
      f.naive.first.slowestCell,
    ),
    firstAnswerCheck(f.ours.first.slowestCell, f.naive.first.slowestCell),
    {
      target: 'their recalculation: no request',
      ok: f.ours.recalc.httpRequests === 0,
      measured: `${f.ours.recalc.httpRequests} requests`,
    },
    {
      target: `a recalculated formula cell, its answer cached: at most ${MAX_CALLS_PER_CACHED_CELL} service calls`,
      ok: f.ours.recalc.mostCallsInACell <= MAX_CALLS_PER_CACHED_CELL,
      measured: `at most ${f.ours.recalc.mostCallsInACell} in a cell, ${(f.ours.recalc.serviceCalls / f.cells).toFixed(2)} on average`,
    },
    {
      target: `recalculation: naive / ours at least ${MIN_RECALC_RATIO}× in modelled Google time (central profile)`,
      ok: recalcRatio >= MIN_RECALC_RATIO,
      measured: `${recalcRatio.toFixed(1)}× (${duration(central(f.naive.recalc))} / ${duration(central(f.ours.recalc))} for ${f.cells} cells)`,
    },
    ...ledgerChecks(figures.history),
    ...bundleChecks(figures.bundle),
  ];
}

/** A formula's first answer against the least a cell can cost that keeps what it fetched for later cells
 * with single flight (priced from the central profile), with FIRST_ANSWER_MARGIN above it; naive's figure
 * is printed beside it: naive keeps nothing, so it spares no later cell its request. */
export function firstAnswerCheck(ours: ExecutionCost, naive: ExecutionCost): TargetCheck {
  const { sharing } = firstAnswerBounds(DEFAULT_PROFILES.central);
  const most = sharing * (1 + FIRST_ANSWER_MARGIN);
  return {
    target: `a formula's first answer, slowest cell: at most ${FIRST_ANSWER_MARGIN * 100}% above the least with single flight (central profile)`,
    ok: central(ours) <= most,
    measured: `ours ${ms(central(ours))} ms; the least with single flight ${ms(sharing)} ms (at most ${ms(most)} ms); naive ${ms(central(naive))} ms`,
  };
}

/** What the run fails on about Code.js: a module from outside src/ bundled (a dependency pulled in by
 * mistake, the bloat the tripwire was set against). Its size is printed against the tripwire
 * (tripwireVerdict) and its load time in the bundle table, neither a target: an absolute time on a shared
 * machine is noise, and a size over the tripwire is features, the owner's to drop. */
export function bundleChecks(b: Pick<BenchFigures['bundle'], 'roomTakers'>): TargetCheck[] {
  const outside = b.roomTakers.filter((r) => !r.file.startsWith('src/'));
  return [
    {
      target: 'dist/Code.js holds only our source (src/), no dependency pulled in by mistake',
      ok: outside.length === 0,
      measured: outside.length ? `also ${outside.map((r) => r.file).join(', ')}` : 'only src/',
    },
  ];
}

/** Code.js's size against the owner's tripwire, said on every run, under it or over. */
export function tripwireVerdict(codeBytes: number): string {
  return codeBytes <= CODE_TRIPWIRE_BYTES
    ? `${kb(codeBytes)}, under the ${kb(CODE_TRIPWIRE_BYTES)} tripwire`
    : `${kb(codeBytes)}, TRIPPED: ${kb(codeBytes - CODE_TRIPWIRE_BYTES)} over the ${kb(CODE_TRIPWIRE_BYTES)} tripwire`;
}

/** The targets a run fails on: every one missed, quick run or full (a quick run repeats less, and every
 * target is counted or modelled from exact counts). */
export function failingChecks(checks: readonly TargetCheck[]): TargetCheck[] {
  return checks.filter((c) => !c.ok);
}

/** What `npm run bench` exits with: 1 when a target is missed, so CI fails. */
export function exitCodeOf(checks: readonly TargetCheck[]): number {
  return failingChecks(checks).length ? 1 : 0;
}
