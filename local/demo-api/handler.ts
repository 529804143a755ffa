// Turns one request into one response: method, path, authentication, query, then the endpoint's body.
// Pure apart from the account's last-use time; the HTTP server and fault injection sit around it.

import { accountBody } from './account-body.ts';
import type { Account } from './accounts.ts';
import { authenticate } from './auth.ts';
import { catalogBooks, readThrough, seriesList } from './catalog-bodies.ts';
import { converterFor } from './money.ts';
import { resolvePeriod } from './periods.ts';
import { type Accepted, NO_PARAMS, REPORT_PARAMS, readQuery, TIMELINE_PARAMS } from './query.ts';
import * as reports from './report-bodies.ts';
import { type ApiResponse, apiError, ok } from './responses.ts';
import type { Settling } from './settling.ts';

export interface ApiState {
  readonly accounts: ReadonlyMap<string, Account>;
  readonly rowReadCap: number;
  today(): number;
  dangerous(): boolean;
  settling(): Settling;
  /** The day the catalog counts back from: the first pinned today, kept when setToday moves it. */
  anchor(): number | undefined;
}

interface ApiRequest {
  readonly method: string;
  /** The path relative to /v1, or null when the request is not under /v1. */
  readonly path: string | null;
  readonly search: URLSearchParams;
  readonly authorization: string | undefined;
  /** Arrival time (ms), recorded as the key's last use. */
  readonly at: number;
}

type ReportBuilder = (
  context: reports.ReportContext,
  extra: { interval: 'day' | 'month'; seriesId: string },
) => unknown;

interface Route {
  readonly pattern: RegExp;
  readonly accepted: Accepted;
  readonly build: ReportBuilder | 'account';
}

const ROUTES: readonly Route[] = [
  { pattern: /^\/account$/, accepted: NO_PARAMS, build: 'account' },
  { pattern: /^\/summary$/, accepted: REPORT_PARAMS, build: reports.summary },
  { pattern: /^\/timeline$/, accepted: TIMELINE_PARAMS, build: (c, x) => reports.timeline(c, x.interval) },
  { pattern: /^\/reports\/books$/, accepted: REPORT_PARAMS, build: reports.booksReport },
  { pattern: /^\/reports\/marketplaces$/, accepted: REPORT_PARAMS, build: reports.marketplacesReport },
  { pattern: /^\/books$/, accepted: REPORT_PARAMS, build: catalogBooks },
  { pattern: /^\/series$/, accepted: REPORT_PARAMS, build: seriesList },
  { pattern: /^\/kenp$/, accepted: REPORT_PARAMS, build: reports.kenp },
  { pattern: /^\/kenp\/books$/, accepted: REPORT_PARAMS, build: reports.kenpBooks },
  { pattern: /^\/free-units$/, accepted: REPORT_PARAMS, build: reports.freeUnits },
  {
    pattern: /^\/series\/([^/]+)\/read-through$/,
    accepted: REPORT_PARAMS,
    build: (c, x) => readThrough(c, x.seriesId),
  },
];

export function answer(state: ApiState, request: ApiRequest): ApiResponse {
  if (request.method !== 'GET') {
    return apiError(405, 'method_not_allowed', 'The API is read-only: only GET is accepted.', {
      Allow: 'GET',
    });
  }
  if (request.path === null)
    return apiError(404, 'not_found', 'No such resource: every path starts with /v1.');
  const account = authenticate(request.authorization, state.accounts);
  if ('status' in account) return account;
  // /account reports the use before this one; this request becomes the next "last use".
  const previousUse = account.lastUsedAt;
  account.lastUsedAt = request.at;
  const found = ROUTES.map((route) => ({ route, match: route.pattern.exec(request.path ?? '') })).find(
    (r) => r.match,
  );
  if (!found?.match) return apiError(404, 'not_found', 'No such resource under /v1.');
  const today = state.today();
  const query = readQuery(request.search, found.route.accepted, request.path, account.reportingCurrency);
  if ('status' in query) return query;
  const allowed = state.settling().ranges;
  if (allowed && found.route.build !== 'account' && !allowed.includes(query.range))
    return apiError(400, 'invalid_range', `This account allows the ranges ${allowed.join(', ')} only.`);
  if (found.route.build === 'account')
    return ok(accountBody(account, today, previousUse, state.settling().lagDays));
  const model = account.model(today, state.anchor());
  const period = resolvePeriod(query.range, today, model.catalog.firstDay)!;
  const context: reports.ReportContext = {
    catalog: model.catalog,
    period,
    currency: query.currency,
    convert: converterFor(query.currency),
    dangerous: state.dangerous(),
    rowReadCap: state.rowReadCap,
    aggregates: () => account.aggregates(today, period, query.currency, state.settling(), state.anchor()),
  };
  const seriesId = decodeSegment(found.match[1] ?? '');
  const body = found.route.build(context, { interval: query.interval, seriesId });
  if (body === null) return apiError(404, 'not_found', 'No series with this id.');
  return ok(body);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
