// The one place the dashboard reads the history ledger (issue 17): every day the ledger holds, as LedgerDay[].
// Until the ledger is merged in there are none, and every tile says "no earlier data yet". At merge time
// this returns the days of the ledger's refresh (HistoryRefresh.days), or historyDays() when the history
// tab was not refreshed (docs/architecture.md, Dashboard).
import type { LedgerDay } from '../core/figures';

export function dashboardHistory(): readonly LedgerDay[] {
  return [];
}
