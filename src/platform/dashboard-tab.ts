// The Royalties dashboard in a refresh: the ports of core/flows/dashboard-step.ts, the dashboard written to
// our tab through sheets/dashboard.ts and a failed one's amber banner through the tab writer.
import type { Alert } from '../core/alerts';
import type { LedgerDay } from '../core/figures';
import { type DashboardRun, dashboardStep } from '../core/flows/dashboard-step';
import { writeDashboard } from '../core/flows/dashboard-writer';
import type { TabOutcome } from '../core/refresh';
import { dashboardSheet } from './sheets/dashboard';
import type { TabDirectory } from './sheets/directory';
import { tabSheets } from './sheets/writer';

interface DashboardRefresh extends DashboardRun {
  readonly directory: TabDirectory;
  readonly history: readonly LedgerDay[] | null;
  readonly alerts: readonly Alert[];
}

export function refreshDashboard(input: DashboardRefresh): TabOutcome {
  const { directory, startedAt: dataAt } = input;
  return dashboardStep(input, input.history, input.alerts, {
    write: (layout, banner) => writeDashboard(directory, dashboardSheet, { layout, banner, dataAt }),
    sheets: tabSheets(directory, dataAt),
  });
}
