// Turns one request into one response: method, path, authentication, query, then the endpoint's body.
// Pure apart from the account's last-use time; the HTTP server and fault injection sit around it.

import { ENDPOINT_IDS, ENDPOINTS, type EndpointId } from '../../src/core/endpoints.ts';
import { accountBody } from './account-body.ts';
import type { Account } from './accounts.ts';
import { authenticate } from './auth.ts';
import { CATALOG_BODIES } from './catalog-bodies.ts';
import { converterFor } from './money.ts';
import { resolvePeriod } from './periods.ts';
import { NO_PARAMS, readQuery } from './query.ts';
import { type EndpointBody, REPORT_BODIES, type ReportContext } from './report-bodies.ts';
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

/** Every endpoint's body; the compiler names an endpoint that has none. */
const BODIES = {
  account: { accepted: NO_PARAMS, build: 'account' },
  ...REPORT_BODIES,
  ...CATALOG_BODIES,
} satisfies Record<EndpointId, EndpointBody>;

/** An endpoint's path as a pattern: `{series_id}` matches one path segment, which the body is given. */
function pathPattern(path: string): RegExp {
  const [before, after = null] = path.split('{series_id}');
  const literal = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${literal(before ?? '')}${after === null ? '' : `([^/]+)${literal(after)}`}$`);
}

/** The routes: each endpoint's own path (src/core/endpoints.ts) to its body. */
const ROUTES = ENDPOINT_IDS.map((id) => ({ pattern: pathPattern(ENDPOINTS[id].path), ...BODIES[id] }));

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
  const context: ReportContext = {
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
