// HttpPort over UrlFetchApp: the params it is given and the responses it returns, translated; what a failure
// to get any response means is core/flows/fetch-round.ts's.
import { fetchRound, type UrlFetchPort } from '../core/flows/fetch-round';
import type { HttpOutcome, HttpPort, HttpRequest } from '../core/ports';
import { timeoutRefused, timeoutSecondsFor } from './fetch-timeout';

/** UrlFetchApp's params, with timeoutSeconds (not in Google's reference nor its types: fetch-timeout.ts). */
type FetchParams = GoogleAppsScript.URL_Fetch.URLFetchRequest & { timeoutSeconds?: number };

function paramsOf({ url, headers }: HttpRequest, seconds: number | null): FetchParams {
  return {
    ...(seconds === null ? {} : { timeoutSeconds: seconds }),
    url,
    method: 'get',
    headers: { ...headers },
    // A 4xx/5xx comes back as a response the client can read.
    muteHttpExceptions: true,
    // Whether UrlFetchApp keeps the Authorization header on a redirect to another host is not documented:
    // a redirect is answered as an error (messages.ts), so the key goes to the API's address only.
    followRedirects: false,
  };
}

function toOutcome(response: GoogleAppsScript.URL_Fetch.HTTPResponse): HttpOutcome {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getAllHeaders() as Record<string, unknown>)) {
    // A header sent several times comes as an array: one value, joined as HTTP joins it.
    headers[name.toLowerCase()] = [value].flat().join(', ');
  }
  return { kind: 'response', status: response.getResponseCode(), headers, body: response.getContentText() };
}

const urlFetch: UrlFetchPort = {
  fetchAll: (requests, seconds) =>
    UrlFetchApp.fetchAll(requests.map((request) => paramsOf(request, seconds))).map(toOutcome),
  fetch(request, seconds) {
    const params = paramsOf(request, seconds);
    return toOutcome(UrlFetchApp.fetch(params.url, params));
  },
  timeoutSecondsFor,
  timeoutRefused,
  now: () => Date.now(),
};

export const urlFetchHttp: HttpPort = {
  // The client asks only for rounds with at least one request.
  fetchAll: (requests, budget) => fetchRound(requests, budget, urlFetch),
};
