// The Royalties dashboard in a refresh: its tables from the responses both rounds already fetched (no
// request of its own), built by src/core/dashboard, written by sheets/dashboard.ts. A source that failed
// keeps the previous dashboard under the amber banner, like any tab whose endpoint failed.
import type { Alert } from '../core/alerts';
import { type Check, checksBannerText } from '../core/checks';
import { buildDashboard, dashboardSources, notAllDrawn } from '../core/dashboard';
import type { EndpointId } from '../core/endpoints';
import type { LedgerDay } from '../core/figures';
import { DASHBOARD_SOURCES, failTabAnyway, type TabOutcome, writeRefused } from '../core/refresh';
import type { RoyaltiesSettings } from '../core/settings';
import { type Fetched, freshBanner, type ReadThroughFetched, tabContents } from '../core/tabs';
import { writeDashboard } from './sheets/dashboard';
import type { TabDirectory } from './sheets/directory';
import { tabSheets } from './sheets/writer';

interface DashboardRefresh {
  readonly directory: TabDirectory;
  readonly firstRound: ReadonlyMap<EndpointId, Fetched>;
  readonly readThrough: ReadThroughFetched | undefined;
  readonly settings: RoyaltiesSettings;
  /** Every day the history ledger holds ([] until it has any); null when it could not be read. */
  readonly history: readonly LedgerDay[] | null;
  readonly startedAt: number;
  readonly timeZone: string;
  readonly coveredThrough: string | null;
  readonly inSheetTime: (ms: number) => string;
  /** This refresh's checks: a mismatch in any report the dashboard reads is said on its banner, in red. */
  readonly checks: readonly Check[];
  /** The alerts the figures raised: they mark the series and books they name. */
  readonly alerts: readonly Alert[];
}

const HISTORY_UNREAD =
  'The history tab could not be read: the figures against earlier periods and the monthly chart need it.';

export function refreshDashboard(input: DashboardRefresh): TabOutcome {
  const { directory, startedAt, inSheetTime } = input;
  const fail = (error: string): TabOutcome =>
    failTabAnyway('dashboard', error, { startedAt, inSheetTime }, tabSheets(directory, startedAt));
  const read = dashboardSources(tabContents(DASHBOARD_SOURCES, input.firstRound, input.readThrough));
  if (!read.ok) return fail(read.error);
  const { sources } = read;
  // Without its days the tiles would say "no earlier data yet" and the monthly chart would go.
  if (input.history === null) return fail(HISTORY_UNREAD);
  try {
    const truncated = Object.values(sources).some((t) => t.meta.truncated);
    const banner = freshBanner({
      meta: { ...sources.summary.meta, truncated },
      updatedAt: inSheetTime(startedAt),
      timeZone: input.timeZone,
      period: input.settings.period,
      coveredThrough: input.coveredThrough,
      checks: checksBannerText(input.checks, DASHBOARD_SOURCES),
    });
    const layout = buildDashboard(sources, input.history, banner.text, input.alerts);
    const { notDrawn, ...written } = writeDashboard(directory, layout, banner, startedAt);
    // The figures are new (no amber banner over them): their banner already says what is still to come.
    const error = notDrawn === null ? null : notAllDrawn(notDrawn);
    return { tab: 'dashboard', ...written, truncated, error };
  } catch (err) {
    return fail(writeRefused(err));
  }
}
