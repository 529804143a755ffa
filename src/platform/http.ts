// HttpPort over UrlFetchApp. muteHttpExceptions makes a 4xx/5xx come back as a response the client can
// read; only a failure to get any response at all throws, and a permission not granted (PermissionMissing).

import { messageOf } from '../core/base/unknown';
import { PermissionMissing, plainPermissionError } from '../core/permissions';
import type { HttpOutcome, HttpPort } from '../core/ports';
import { timeoutRefused, timeoutSecondsFor } from './fetch-timeout';

/** UrlFetchApp's params, with timeoutSeconds (not in Google's reference nor its types: fetch-timeout.ts). */
type FetchParams = GoogleAppsScript.URL_Fetch.URLFetchRequest & { timeoutSeconds?: number };

function toOutcome(response: GoogleAppsScript.URL_Fetch.HTTPResponse): HttpOutcome {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getAllHeaders() as Record<string, unknown>)) {
    // A header sent several times comes as an array: one value, joined as HTTP joins it.
    headers[name.toLowerCase()] = [value].flat().join(', ');
  }
  return { kind: 'response', status: response.getResponseCode(), headers, body: response.getContentText() };
}

function networkError(err: unknown, noAnswer?: 'timed-out' | 'not-run'): HttpOutcome {
  // UrlFetchApp's text may echo the URL; the URL never holds the key, the headers are not echoed.
  return { kind: 'network-error', message: messageOf(err), noAnswer };
}

/** UrlFetchApp gives up on a request after about 60 s (no setting; local/gas/url-fetch.ts cites the
 * figure). A call that failed after this long, or said "Timeout", was held by a request with no answer. */
const TIMED_OUT_AFTER_MS = 50_000;

export const urlFetchHttp: HttpPort = {
  // The client asks only for rounds with at least one request.
  fetchAll(requests, budget) {
    const seconds = timeoutSecondsFor(budget?.timeoutMs);
    const params = requests.map(
      ({ url, headers }): FetchParams => ({
        ...(seconds === null ? {} : { timeoutSeconds: seconds }),
        url,
        method: 'get',
        headers: { ...headers },
        muteHttpExceptions: true,
        // Whether UrlFetchApp keeps the Authorization header on a redirect to another host is not documented:
        // a redirect is answered as an error (messages.ts), so the key goes to the API's address only.
        followRedirects: false,
      }),
    );
    const started = Date.now();
    try {
      return UrlFetchApp.fetchAll(params).map(toOutcome);
    } catch (err) {
      // A permission the author did not grant: no request went out, and asking again cannot help.
      const plain = plainPermissionError(err);
      if (plain instanceof PermissionMissing) throw plain;
      const message = messageOf(err);
      // Refused for timeoutSeconds before anything was sent: remembered, and the same round sent without it.
      if (seconds !== null && timeoutRefused(message)) return urlFetchHttp.fetchAll(requests, budget);
      // A batch that timed out: the request(s) its error names got no answer; the rest were lost with the
      // batch and may be asked again (the client decides, within its time). With timeoutSeconds honoured, a
      // call held to the timeout it asked for timed out too.
      const heldFor = seconds === null ? TIMED_OUT_AFTER_MS : Math.min(TIMED_OUT_AFTER_MS, seconds * 900);
      if (/^timeout/i.test(message) || Date.now() - started >= heldFor) {
        // Google's message names a URL up to its query ("/books" must not match "/books-report").
        const named = params.map((p) => {
          const base = p.url.split('?')[0]!;
          const at = message.indexOf(base);
          return at >= 0 && !/[\w%./-]/.test(message.charAt(at + base.length));
        });
        // Named, or alone in its batch, or nothing named: this one may be the one that hung.
        const anyNamed = params.length > 1 && named.some(Boolean);
        return named.map((isNamed) => networkError(err, isNamed || !anyNamed ? 'timed-out' : 'not-run'));
      }
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
