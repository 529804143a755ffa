// Everything one bench run measured: what --json writes and what the tables and targets read.
import type { Profiles, UniformModel } from './cost-model.ts';
import type { Machine } from './machine.ts';
import type { Repetitions } from './options.ts';
import type { BundleFigures } from './sections/bundle.ts';
import type { CacheFigures } from './sections/cache.ts';
import type { FormulaFigures } from './sections/formulas.ts';
import type { LedgerFigures } from './sections/history.ts';
import type { RefreshFigures } from './sections/refresh.ts';
import type { ReportTableFigures } from './sections/report-table.ts';

export interface BenchFigures {
  readonly machine: Machine;
  readonly quick: boolean;
  readonly repetitions: Repetitions;
  /** The sourced model's figures (cost-model.ts, as --cost changed them). */
  readonly profiles: Profiles;
  /** The earlier uniform model, a comparison only (--ms-per-call, --ms-per-request). */
  readonly uniform: UniformModel;
  readonly refresh: { readonly demo: RefreshFigures; readonly big: RefreshFigures };
  readonly formulas: FormulaFigures;
  readonly bundle: BundleFigures;
  readonly reportTable: ReportTableFigures;
  readonly cache: CacheFigures;
  /** One night merged into each ledger, shortest first. */
  readonly history: readonly LedgerFigures[];
}
