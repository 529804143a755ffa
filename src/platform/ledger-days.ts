// The one place the dashboard reads the history ledger (issue 17): every day the ledger holds, as LedgerDay[].
// Until the ledger is merged in there are none, and every tile says "no earlier data yet". The lead wires
// this to the ledger's read (or passes the days its merge returned) at merge time.
import type { LedgerDay } from '../core/figures';

export function ledgerDays(): readonly LedgerDay[] {
  return [];
}
