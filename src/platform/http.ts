// HttpPort over UrlFetchApp. muteHttpExceptions makes a 4xx/5xx come back as a response the client can
// read; only a failure to get any response at all throws.
import type { HttpOutcome, HttpPort, HttpRequest } from '../core/ports';
import { messageOf } from '../core/unknown';

type FetchParams = GoogleAppsScript.URL_Fetch.URLFetchRequest;

function paramsFor(request: HttpRequest): FetchParams {
  return {
    url: request.url,
    method: 'get',
    headers: { ...request.headers },
    muteHttpExceptions: true,
    followRedirects: true,
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

function networkError(err: unknown): HttpOutcome {
  // UrlFetchApp's text may echo the URL; the URL never holds the key, the headers are not echoed.
  return { kind: 'network-error', message: messageOf(err) };
}

export const urlFetchHttp: HttpPort = {
  fetchAll(requests) {
    if (requests.length === 0) return [];
    const params = requests.map(paramsFor);
    try {
      return UrlFetchApp.fetchAll(params).map(toOutcome);
    } catch (err) {
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
