// One round of requests through UrlFetchApp's fetchAll, and what its failures mean. muteHttpExceptions makes
// a 4xx/5xx a response the client reads; only a failure to get any response at all throws, and this tells
// those apart: a permission not granted, the timeoutSeconds parameter refused, a batch held by a request
// that got no answer (which one hung, which were only lost with it), Google refusing the call, or one
// request failing the batch. platform/http.ts builds the port.
import { messageOf } from '../base/unknown';
import { googleFaultOf } from '../google-faults';
import { PermissionMissing, plainPermissionError } from '../permissions';
import type { FetchBudget, HttpOutcome, HttpRequest } from '../ports';

export interface UrlFetchPort {
  /** UrlFetchApp.fetchAll, each request with `seconds` as its timeoutSeconds (null: none sent). */
  fetchAll(requests: readonly HttpRequest[], seconds: number | null): HttpOutcome[];
  /** UrlFetchApp.fetch of one request alone. */
  fetch(request: HttpRequest, seconds: number | null): HttpOutcome;
  /** The timeoutSeconds to send for a round the caller can wait `timeoutMs` for; null: send none. */
  timeoutSecondsFor(timeoutMs: number | undefined): number | null;
  /** Whether the error is Google refusing timeoutSeconds (then remembered, and never sent again). */
  timeoutRefused(message: string): boolean;
  now(): number;
}

/** UrlFetchApp gives up on a request after about 60 s (no setting; local/gas/url-fetch.ts cites the
 * figure). A call that failed after this long, or said "Timeout", was held by a request with no answer. */
const TIMED_OUT_AFTER_MS = 50_000;

function networkError(err: unknown, noAnswer?: 'timed-out' | 'not-run'): HttpOutcome {
  // UrlFetchApp's text may echo the URL; the URL never holds the key, the headers are not echoed.
  return { kind: 'network-error', message: messageOf(err), noAnswer };
}

/** A batch that timed out: the request(s) its error names got no answer; the rest were lost with the batch
 * and may be asked again (the client decides, within its time). */
function timedOut(requests: readonly HttpRequest[], err: unknown): HttpOutcome[] {
  const message = messageOf(err);
  // Google's message names a URL up to its query ("/books" must not match "/books-report").
  const named = requests.map(({ url }) => {
    const base = url.split('?')[0]!;
    const at = message.indexOf(base);
    return at >= 0 && !/[\w%./-]/.test(message.charAt(at + base.length));
  });
  // Named, or alone in its batch, or nothing named: this one may be the one that hung.
  const anyNamed = requests.length > 1 && named.some(Boolean);
  return named.map((isNamed) => networkError(err, isNamed || !anyNamed ? 'timed-out' : 'not-run'));
}

/** Answers in request order, one outcome each; throws only PermissionMissing. */
export function fetchRound(
  requests: readonly HttpRequest[],
  budget: FetchBudget | undefined,
  port: UrlFetchPort,
): HttpOutcome[] {
  const seconds = port.timeoutSecondsFor(budget?.timeoutMs);
  const started = port.now();
  try {
    return port.fetchAll(requests, seconds);
  } catch (err) {
    // A permission the author did not grant: no request went out, and asking again cannot help.
    const plain = plainPermissionError(err);
    if (plain instanceof PermissionMissing) throw plain;
    const message = messageOf(err);
    // Refused for timeoutSeconds before anything was sent: remembered, and the same round sent without it.
    if (seconds !== null && port.timeoutRefused(message)) return fetchRound(requests, budget, port);
    // With timeoutSeconds honoured, a call held to the timeout it asked for timed out too.
    const heldFor = seconds === null ? TIMED_OUT_AFTER_MS : Math.min(TIMED_OUT_AFTER_MS, seconds * 900);
    if (/^timeout/i.test(message) || port.now() - started >= heldFor) return timedOut(requests, err);
    // Google refused the whole call (its daily quota, a rate limit): asking each apart would only be
    // refused again. The client decides what may be asked again (core/google-faults.ts).
    if (requests.length === 1 || googleFaultOf(err)) return requests.map(() => networkError(err));
    // fetchAll throws for the whole batch when one request gets no answer. Ask each on its own so the
    // others still get theirs: one outcome each, one failure never fails the rest.
    return requests.map((request) => {
      try {
        return port.fetch(request, seconds);
      } catch (single) {
        return networkError(single);
      }
    });
  }
}
