// The dashboard's step of a refresh: its tables from the responses both rounds already fetched (no request
// of its own) and the history ledger's days, laid out by core/dashboard under a banner that names this
// refresh's mismatches, then written (dashboard-writer.ts). A source that failed, or a ledger that could not
// be read, keeps the previous dashboard under the amber banner, like any tab whose endpoint failed.
// platform/dashboard-tab.ts builds the ports.
import type { Alert } from '../alerts';
import { checksBannerText } from '../checks';
import { buildDashboard, type DashboardLayout, dashboardSources, notAllDrawn } from '../dashboard';
import type { LedgerDay } from '../figures';
import {
  DASHBOARD_SOURCES,
  failTabAnyway,
  type RefreshRun,
  type TabOutcome,
  type TabSheets,
  writeRefused,
} from '../refresh';
import { type Banner, freshBanner, tabContents } from '../tabs';
import type { WrittenDashboard } from './dashboard-writer';

/** What the step reads of the refresh. */
export type DashboardRun = Pick<
  RefreshRun,
  | 'firstRound'
  | 'readThrough'
  | 'settings'
  | 'startedAt'
  | 'timeZone'
  | 'coveredThrough'
  | 'inSheetTime'
  | 'checks'
>;

export interface DashboardStepPorts {
  /** The laid-out dashboard written under its banner (dashboard-writer.ts). */
  write(layout: DashboardLayout, banner: Banner): WrittenDashboard;
  /** The tabs' sheets: a failed dashboard gets the amber banner over what it keeps. */
  readonly sheets: Pick<TabSheets, 'writeFailed'>;
}

const HISTORY_UNREAD =
  'The history tab could not be read: the figures against earlier periods and the monthly chart need it.';

/** `history`: every day the ledger holds ([] until it has any), null when it could not be read; `alerts`:
 * those the figures raised, marking the series and books they name. Never throws. */
export function dashboardStep(
  run: DashboardRun,
  history: readonly LedgerDay[] | null,
  alerts: readonly Alert[],
  ports: DashboardStepPorts,
): TabOutcome {
  const { startedAt, inSheetTime } = run;
  const fail = (error: string): TabOutcome =>
    failTabAnyway('dashboard', error, { startedAt, inSheetTime }, ports.sheets);
  const read = dashboardSources(tabContents(DASHBOARD_SOURCES, run.firstRound, run.readThrough));
  if (!read.ok) return fail(read.error);
  const { sources } = read;
  // Without its days the tiles would say "no earlier data yet" and the monthly chart would go.
  if (history === null) return fail(HISTORY_UNREAD);
  try {
    const truncated = Object.values(sources).some((t) => t.meta.truncated);
    const banner = freshBanner({
      meta: { ...sources.summary.meta, truncated },
      updatedAt: inSheetTime(startedAt),
      timeZone: run.timeZone,
      period: run.settings.period,
      coveredThrough: run.coveredThrough,
      checks: checksBannerText(run.checks, DASHBOARD_SOURCES),
    });
    const layout = buildDashboard(sources, history, banner.text, alerts);
    const { notDrawn, ...written } = ports.write(layout, banner);
    // The figures are new (no amber banner over them): their banner already says what is still to come.
    const error = notDrawn === null ? null : notAllDrawn(notDrawn);
    return { tab: 'dashboard', ...written, truncated, error };
  } catch (err) {
    return fail(writeRefused(err));
  }
}
