// HttpPort over UrlFetchApp. muteHttpExceptions makes a 4xx/5xx come back as a response the client can
// read; only a failure to get any response at all throws.
import type { FetchBudget, HttpOutcome, HttpPort, HttpRequest } from '../core/ports';
import { messageOf } from '../core/unknown';
import { isTimeoutRefusal, rememberTimeoutRefused, timeoutSecondsFor } from './fetch-timeout';

/** UrlFetchApp's params, with timeoutSeconds (not in Google's reference nor its types: fetch-timeout.ts). */
type FetchParams = GoogleAppsScript.URL_Fetch.URLFetchRequest & { timeoutSeconds?: number };

function paramsFor(request: HttpRequest, timeoutSeconds: number | null): FetchParams {
  return {
    ...(timeoutSeconds === null ? {} : { timeoutSeconds }),
    url: request.url,
    method: 'get',
    headers: { ...request.headers },
    muteHttpExceptions: true,
    // Whether UrlFetchApp keeps the Authorization header on a redirect to another host is not documented:
    // a redirect is answered as an error (messages.ts), so the key goes to the API's address only.
    followRedirects: false,
  };
}

function headersOf(response: GoogleAppsScript.URL_Fetch.HTTPResponse): Record<string, string> {
  const headers: Record<string, string> = {};
  const all = response.getAllHeaders() as Record<string, unknown>;
  for (const [name, value] of Object.entries(all)) {
    headers[name.toLowerCase()] = Array.isArray(value) ? value.map(String).join(', ') : String(value);
  }
  return headers;
}

function toOutcome(response: GoogleAppsScript.URL_Fetch.HTTPResponse): HttpOutcome {
  return {
    kind: 'response',
    status: response.getResponseCode(),
    headers: headersOf(response),
    body: response.getContentText(),
  };
}

function networkError(err: unknown, noAnswer?: 'timed-out' | 'not-run'): HttpOutcome {
  // UrlFetchApp's text may echo the URL; the URL never holds the key, the headers are not echoed.
  return { kind: 'network-error', message: messageOf(err), ...(noAnswer ? { noAnswer } : {}) };
}

export const urlFetchHttp: HttpPort = {
  fetchAll(requests, budget) {
    if (requests.length === 0) return [];
    const seconds = timeoutSecondsFor(budget?.timeoutMs);
    const params = requests.map((r) => paramsFor(r, seconds));
    const started = Date.now();
    try {
      return UrlFetchApp.fetchAll(params).map(toOutcome);
    } catch (err) {
      if (seconds !== null && isTimeoutRefusal(messageOf(err))) return sentAgainWithout(requests, budget);
      const lost = noAnswerIn(err, Date.now() - started, params, seconds);
      if (lost) return lost;
      if (requests.length === 1) return [networkError(err)];
      // fetchAll throws for the whole batch when one request gets no answer. Ask each on its own so
      // the others still get theirs: one outcome each, one failure never fails the rest.
      return params.map((p) => {
        try {
          return toOutcome(UrlFetchApp.fetch(p.url, p));
        } catch (single) {
          return networkError(single);
        }
      });
    }
  },
};

/** Refused for timeoutSeconds before anything was sent: remembered, and the same round sent without it. */
function sentAgainWithout(requests: readonly HttpRequest[], budget: FetchBudget | undefined): HttpOutcome[] {
  rememberTimeoutRefused();
  return urlFetchHttp.fetchAll(requests, budget);
}

/** UrlFetchApp gives up on a request after about 60 s (no setting; local/gas/url-fetch.ts cites the
 * figure). A call that failed after this long, or said "Timeout", was held by a request with no answer. */
const TIMED_OUT_AFTER_MS = 50_000;

/**
 * A batch that timed out: the request(s) its error names got no answer; the rest were lost with the
 * batch and may be asked again (the client decides, within its time). Null for any other failure.
 */
function noAnswerIn(
  err: unknown,
  elapsedMs: number,
  params: FetchParams[],
  timeoutSeconds: number | null,
): HttpOutcome[] | null {
  const message = messageOf(err);
  // With timeoutSeconds honoured, a call held to the timeout it asked for timed out too.
  const heldFor =
    timeoutSeconds === null ? TIMED_OUT_AFTER_MS : Math.min(TIMED_OUT_AFTER_MS, timeoutSeconds * 900);
  if (!/^timeout/i.test(message) && elapsedMs < heldFor) return null;
  // Google's message names a URL up to its query ("/books" must not match "/books-report").
  const named = params.map((p) => {
    const base = p.url.split('?')[0]!;
    const at = message.indexOf(base);
    return at >= 0 && !/[\w%./-]/.test(message.charAt(at + base.length));
  });
  const anyNamed = named.some(Boolean);
  return params.map((_, i) =>
    // Named, or alone in its batch, or nothing named: this one may be the one that hung.
    named[i] || params.length === 1 || !anyNamed
      ? networkError(err, 'timed-out')
      : networkError(err, 'not-run'),
  );
}
