// The refresh plan: two fetchAll rounds whatever the number of series. Round 1: /account (for "data covered
// through" in every banner), the chosen report endpoints and /series; round 2: the read-through of every
// series listed by round 1.
import type { ApiRequest } from '../api';
import { DASHBOARD_FIELDS } from '../dashboard/sources';
import { ENDPOINTS, type EndpointId } from '../endpoints';
import type { ReportTable } from '../report';
import type { RoyaltiesSettings } from '../settings';

/** What the dashboard reads, whether or not their own tabs are chosen. */
export const DASHBOARD_SOURCES: readonly EndpointId[] = Object.values(DASHBOARD_FIELDS);

/** The period the history merges at every refresh, whatever period the tabs show: the one the API
 * documents. A shorter one (month_to_date, last_7_days) would let days leave it before they settle, and
 * they would stay provisional, with early figures, for good. */
const HISTORY_PERIOD = 'last_30_days';

export interface SeriesRef {
  readonly id: string;
  readonly name: string;
}

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
    } else add(tab);
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

/** Round 1 as a refresh sends it: firstRound's requests, then the history's own timeline when it has one. */
export function refreshFirstRound(settings: RoyaltiesSettings): ApiRequest[] {
  const requests = firstRound(settings);
  const own = historyTimelineRequest(settings);
  return own ? [...requests, own] : requests;
}

export function secondRound(series: readonly SeriesRef[], settings: RoyaltiesSettings): ApiRequest[] {
  return series.map((s) => reportRequest('read-through', settings, s.id));
}

/** The first of `candidates` that is a column's key: that column's index, else -1. */
function keyIndex(table: ReportTable, candidates: readonly string[]): number {
  const keys = table.columns.map((c) => c.key);
  return keys.indexOf(candidates.find((key) => keys.includes(key))!);
}

/**
 * The series of a /series table, each once, in order. Rows may repeat a series (one row per book), so ids
 * are deduplicated. The id column is found by key (`series_id`, else `id`).
 */
export function seriesList(table: ReportTable): SeriesRef[] {
  if (!table.rows.length) return [];
  const idAt = keyIndex(table, ['series_id', 'id', 'series.series_id', 'series.id']);
  if (idAt < 0) {
    throw new Error('The list of series has no ids, so no read-through could be asked for.');
  }
  const nameAt = keyIndex(table, ['name', 'series_name', 'series.name', 'title']);
  const seen = new Map<string, SeriesRef>();
  for (const row of table.rows) {
    const id = row[idAt];
    // A number or text: not empty, nor an object (a date), nor null.
    const text = id === undefined || typeof id === 'object' ? '' : String(id);
    // A column not found is -1, and row[-1] is undefined: the id stands for the name.
    const name = row[nameAt];
    if (text !== '' && !seen.has(text)) {
      seen.set(text, { id: text, name: (typeof name === 'string' && name) || text });
    }
  }
  return [...seen.values()];
}
