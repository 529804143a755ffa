// Everything one bench run measured: what --json writes and what the tables and targets read.
import type { Machine } from './machine.ts';
import type { CostModel } from './measure.ts';
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
  /** What a modelled time counts, in words. */
  readonly model: string;
  /** The costs of the modelled Google time (--ms-per-call, --ms-per-request). */
  readonly costModel: CostModel;
  readonly refresh: { readonly demo: RefreshFigures; readonly big: RefreshFigures };
  readonly formulas: FormulaFigures;
  readonly bundle: BundleFigures;
  readonly reportTable: ReportTableFigures;
  readonly cache: CacheFigures;
  /** One night merged into each ledger, shortest first (issue 17). */
  readonly history: readonly LedgerFigures[];
}
