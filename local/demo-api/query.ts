// Query parameters: what each endpoint accepts and the 400s for anything else. The real API's handling of
// unknown parameters is not documented; we refuse them with a clear message so a client that passes
// options through can show the server's own words.

import { CURRENCIES, type Currency } from './money.ts';
import { DEFAULT_RANGE, RANGES } from './periods.ts';
import { type ApiResponse, apiError, quoted } from './responses.ts';

interface ReportQuery {
  readonly range: string;
  readonly currency: Currency;
  readonly interval: 'day' | 'month';
}

/** The parameters an endpoint accepts: none for /account, range and currency for reports, plus interval. */
export type Accepted = readonly string[];
export const REPORT_PARAMS: Accepted = ['range', 'currency'];
export const TIMELINE_PARAMS: Accepted = ['range', 'currency', 'interval'];
export const NO_PARAMS: Accepted = [];

export function readQuery(
  search: URLSearchParams,
  accepted: Accepted,
  path: string,
  reportingCurrency: string,
): ReportQuery | ApiResponse {
  const seen = new Set<string>();
  for (const name of search.keys()) {
    if (!accepted.includes(name)) {
      const allowed = accepted.length ? `Accepted: ${accepted.join(', ')}.` : 'It takes no query parameters.';
      return apiError(
        400,
        'invalid_parameter',
        `Unknown query parameter ${quoted(name)} for ${path}. ${allowed}`,
      );
    }
    if (seen.has(name))
      return apiError(400, 'invalid_parameter', `Query parameter '${name}' is given more than once.`);
    seen.add(name);
  }
  const range = search.get('range') ?? DEFAULT_RANGE;
  if (!RANGES.includes(range)) {
    return apiError(400, 'invalid_range', `Unknown range ${quoted(range)}. Accepted: ${RANGES.join(', ')}.`);
  }
  const code = (search.get('currency') ?? reportingCurrency).trim().toUpperCase();
  const currency = CURRENCIES[code];
  if (!currency) {
    const supported = Object.keys(CURRENCIES).join(', ');
    return apiError(
      400,
      'invalid_currency',
      `Unsupported currency ${quoted(code)}. Supported: ${supported}.`,
    );
  }
  const interval = search.get('interval') ?? 'day';
  if (interval !== 'day' && interval !== 'month') {
    return apiError(400, 'invalid_parameter', `Unknown interval ${quoted(interval)}. Accepted: day, month.`);
  }
  return { range, currency, interval };
}
