// One day of the history ledger as the dashboard reads it: the ledger's merge returns
// every day it holds after a refresh, so the dashboard compares periods the API no longer reaches.
import type { Measure } from './catalogue';

export interface LedgerDay {
  /** `YYYY-MM-DD`. */
  readonly date: string;
  /** Currency of the money figures of this day (the ledger never mixes currencies). */
  readonly currency: string | null;
  /** Only the measures the timeline sent; a measure absent here is missing, not zero. */
  readonly figures: Readonly<Partial<Record<Measure, number>>>;
  readonly status: 'provisional' | 'settled';
}
