// The refresh plan: two fetchAll rounds whatever the number of series. Round 1: /account (for "data covered
// through" in every banner), the chosen report endpoints and /series, then the steps' own requests (the
// history's, the year's); round 2: the read-through of every series listed by round 1.
import type { ApiRequest } from '../api';
import { DASHBOARD_FIELDS } from '../dashboard/sources';
import { ENDPOINTS, type EndpointId } from '../endpoints';
import type { SeriesRef } from '../report/table-reader';
import type { RoyaltiesSettings } from '../settings';

/** What the dashboard reads, whether or not their own tabs are chosen. */
export const DASHBOARD_SOURCES: readonly EndpointId[] = Object.values(DASHBOARD_FIELDS);

/** The period the history merges at every refresh, whatever period the tabs show: the one the API
 * documents. A shorter one (month_to_date, last_7_days) would let days leave it before they settle, and
 * they would stay provisional, with early figures, for good. */
const HISTORY_PERIOD = 'last_30_days';

/** The request for `endpoint` as the settings ask for it: a report's with their period and currency. */
export function reportRequest(
  endpoint: EndpointId,
  settings: RoyaltiesSettings,
  seriesId?: string,
): ApiRequest {
  if (!ENDPOINTS[endpoint].isReport) return { endpoint };
  return {
    endpoint,
    // A series id is never empty (seriesList).
    ...(seriesId && { seriesId }),
    period: settings.period,
    ...(settings.currency && { currency: settings.currency }),
  };
}

/** Endpoints of round 1, in the canonical order, each once. */
export function firstRoundEndpoints(settings: RoyaltiesSettings): EndpointId[] {
  const wanted = new Set<EndpointId>(['account']);
  // The history ledger is built from the timeline (of HISTORY_PERIOD: its own request when the tabs show
  // another period), the dashboard from several reports: each fetches what it needs even when those
  // reports' own tabs are not chosen.
  const add = (tab: EndpointId): void => {
    wanted.add(tab === 'read-through' ? 'series' : tab);
  };
  for (const tab of settings.tabs) {
    if (tab === 'dashboard') DASHBOARD_SOURCES.forEach(add);
    else if (tab === 'history') {
      if (settings.period === HISTORY_PERIOD) add('timeline');
      // The year is built from the ledger's days: no request of its own.
    } else if (tab !== 'year') add(tab);
  }
  return (Object.keys(ENDPOINTS) as EndpointId[]).filter((id) => wanted.has(id));
}

/** Whether round 2 (the read-through of every series) is asked for. */
export function needsReadThrough(settings: RoyaltiesSettings): boolean {
  return settings.tabs.includes('read-through') || settings.tabs.includes('dashboard');
}

/** Round 1 without the history's own timeline (what the bench's naive refresh asks for). */
export function firstRound(settings: RoyaltiesSettings): ApiRequest[] {
  return firstRoundEndpoints(settings).map((endpoint) => reportRequest(endpoint, settings));
}

/** The history's own timeline request, sent in round 1 beside the others: null when the history is not
 * chosen, or when round 1's timeline already covers HISTORY_PERIOD. */
export function historyTimelineRequest(settings: RoyaltiesSettings): ApiRequest | null {
  if (!settings.tabs.includes('history') || settings.period === HISTORY_PERIOD) return null;
  return reportRequest('timeline', { ...settings, period: HISTORY_PERIOD });
}

/** The period the year's timeline by month covers: the longest the demo documents, this year and the end
 * of last. */
const YEAR_MONTHS_PERIOD = 'last_365_days';
/** The period of the year's figures by marketplace: this year so far (on 1 January, last year whole). */
const YEAR_MARKETPLACES_PERIOD = 'year_to_date';
/** The month the year's months by marketplace keep at each refresh (core/year/month-marketplaces.ts). */
const LAST_MONTH_PERIOD = 'last_month';

/** The requests round 1 sends for steps of their own, after the chosen reports, in this order: the
 * history's timeline of the period it merges; the year's timeline by month (the months the history holds
 * no day of), its marketplace report over the year and over last month (the months by marketplace it
 * keeps). The API documents no way to ask for months, nor
 * ranges beyond last_30_days: the demo's `interval` and ranges are passed through, and a refusal is told
 * on the year's tabs. */
export const OWN_REQUESTS = [
  'historyTimeline',
  'yearMonths',
  'yearMarketplaces',
  'lastMonthMarketplaces',
] as const;
export type OwnRequest = (typeof OWN_REQUESTS)[number];

/** Each step's own request, null when it has none: the history when it is chosen and round 1's timeline
 * does not already cover HISTORY_PERIOD, the year's when it is chosen. */
export function ownRequests(settings: RoyaltiesSettings): Record<OwnRequest, ApiRequest | null> {
  const year = settings.tabs.includes('year');
  return {
    historyTimeline: historyTimelineRequest(settings),
    yearMonths: year
      ? {
          ...reportRequest('timeline', { ...settings, period: YEAR_MONTHS_PERIOD }),
          options: { interval: 'month' },
        }
      : null,
    yearMarketplaces: year
      ? reportRequest('marketplaces-report', { ...settings, period: YEAR_MARKETPLACES_PERIOD })
      : null,
    lastMonthMarketplaces: year
      ? reportRequest('marketplaces-report', { ...settings, period: LAST_MONTH_PERIOD })
      : null,
  };
}

/** Round 1 as a refresh sends it: firstRound's requests, then each step's own (OWN_REQUESTS). */
export function refreshFirstRound(settings: RoyaltiesSettings): ApiRequest[] {
  const own = ownRequests(settings);
  return [...firstRound(settings), ...OWN_REQUESTS.flatMap((name) => own[name] ?? [])];
}

export function secondRound(series: readonly SeriesRef[], settings: RoyaltiesSettings): ApiRequest[] {
  return series.map((s) => reportRequest('read-through', settings, s.id));
}
