// ApiRequest → the URL and headers of one GET. The key goes into the Authorization header only; the
// query is sorted so that identical requests have identical URLs (one fetch, one cache entry).
import { ENDPOINTS } from '../endpoints';
import type { HttpRequest } from '../ports';
import { CURRENCY_ADVICE, normaliseCurrency, normalisePeriod } from '../settings';
import { checkOptionName, checkSeriesId } from './checks';
import { invalidInput } from './errors';
import { originOf } from './pages';
import type { ApiRequest } from './types';

/** UrlFetchApp refuses longer URLs (docs/apps-script.md, UrlFetchApp limits). */
const MAX_URL_LENGTH = 2000;

export interface PreparedRequest {
  /** Path below the base URL with the series id encoded, e.g. `/series/a%2Fb/read-through`. */
  readonly path: string;
  /** `name=value&…`, encoded and sorted by name. */
  readonly query: string;
  readonly http: HttpRequest;
}

/** encodeURIComponent, with a message instead of URIError for text holding half a character pair. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    throw invalidInput(`"${text.slice(0, 40)}" holds a broken character: type it again.`);
  }
}

function queryOf(request: ApiRequest): string {
  const pairs = new Map<string, string>();
  // Left out when not given (undefined): the API then uses its own default. Given, each must be valid:
  // callers turn the author's "empty means default" into undefined before asking.
  if (request.period !== undefined) pairs.set('range', normalisePeriod(request.period));
  if (request.currency !== undefined) {
    const currency = normaliseCurrency(request.currency);
    if (currency === null) throw invalidInput(`The currency is empty. ${CURRENCY_ADVICE}`);
    pairs.set('currency', currency);
  }
  for (const [rawName, value] of Object.entries(request.options || {})) {
    const name = checkOptionName(rawName);
    if (pairs.has(name)) throw invalidInput(`The parameter "${name}" is given twice; give it once.`);
    pairs.set(name, value);
  }
  // Names are unique (a repeat was refused above), so no two compare equal.
  return [...pairs]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, value]) => `${encode(name)}=${encode(value)}`)
    .join('&');
}

function pathOf(request: ApiRequest): string {
  const { path, title } = ENDPOINTS[request.endpoint];
  if (!path.includes('{series_id}')) {
    if (request.seriesId !== undefined)
      throw invalidInput(`A series id applies to read-through only, not to ${title}.`);
    return path;
  }
  // One segment whatever it holds: "/" "?" "#" and "%" are all encoded, so `../account` cannot climb.
  const segment = encode(checkSeriesId(request.seriesId));
  return path.replace('{series_id}', () => segment);
}

/** `baseUrl` without a trailing slash (the client strips it once). A later page (`pageUrl`) is asked at the
 * address the API gave, only on the base URL's own origin (the key goes with it). */
export function prepareRequest(baseUrl: string, apiKey: string, request: ApiRequest): PreparedRequest {
  const { pageUrl } = request;
  let path: string;
  let query = '';
  let url: string;
  if (pageUrl !== undefined) {
    const origin = originOf(baseUrl);
    if (origin === null || originOf(pageUrl) !== origin || pageUrl.includes(apiKey)) {
      throw invalidInput("The next page is not at the API's address, so it was not asked for.");
    }
    url = pageUrl;
    // Split at the first "?": the path, and the query (none: '').
    [path, query = ''] = url.slice(origin.length).split(/\?([\s\S]*)/) as [string, string?];
  } else {
    // Checked before anything else, since other checks quote what they refuse. The key holds no line break
    // (checkApiKey), so parts joined by one cannot make it up between them. It goes in the Authorization
    // header only.
    const parts = [
      request.seriesId,
      request.period,
      request.currency,
      ...Object.entries(request.options || {}).flat(),
    ];
    if (parts.join('\n').includes(apiKey)) {
      throw invalidInput('A parameter holds the API key: remove it.');
    }
    path = pathOf(request);
    query = queryOf(request);
    url = `${baseUrl}${path}${query ? `?${query}` : ''}`;
  }
  if (url.length > MAX_URL_LENGTH) {
    throw invalidInput(
      `The address would be ${url.length} characters long, over the limit of ${MAX_URL_LENGTH}.${pageUrl === undefined ? ' Shorten the parameters.' : ''}`,
    );
  }
  // The one kind of request the add-on sends: a GET for JSON, the key in the Authorization header only.
  return {
    path,
    query,
    http: { url, headers: { Authorization: `Bearer ${apiKey}`, Accept: 'application/json' } },
  };
}
