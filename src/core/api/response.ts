// One HTTP outcome → a parsed response, or a failure. The body stays as parsed: the report layer reads its
// documented envelope (report/locate.ts, readMeta).

import { parseJson } from '../base/unknown';
import type { HttpOutcome } from '../ports';
import { nextFromLinkHeader } from './pages';

/** What went wrong with one attempt, before it is worded (the wording needs the attempt count): each kind
 * of failure holds only what it knows. Whether it is retried follows from it (retry.ts). */
export interface Failure {
  /** Absent when no response came at all. */
  readonly status?: number;
  /** The body, key taken out. */
  readonly body?: string;
  /** The body parsed; undefined when it is not JSON (an HTML page, empty, cut short). */
  readonly data?: unknown;
  /** Why no response came, in the platform's words. */
  readonly message?: string;
  /** Why there was no response at all, when the platform knows (ports.ts, HttpOutcome). */
  readonly noAnswer?: 'timed-out' | 'not-run';
  /** From Retry-After, in ms; absent when not given or unreadable. */
  readonly retryAfterMs?: number;
}

/** Retry-After is either seconds or an HTTP date (RFC 9110 §10.2.3). */
function retryAfterMs(header = '', now: number): number | undefined {
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function classify(
  outcome: HttpOutcome,
  now: number,
):
  | {
      readonly data: unknown;
      readonly body: string;
      /** The `rel="next"` target of the `Link` header. */
      readonly link: string | null;
    }
  | { readonly failure: Failure } {
  if (outcome.kind === 'network-error') return { failure: outcome };
  const data = parseJson(outcome.body);
  return outcome.status >= 200 && outcome.status < 300 && data !== undefined
    ? { data, body: outcome.body, link: nextFromLinkHeader(outcome.headers.link) }
    : { failure: { ...outcome, data, retryAfterMs: retryAfterMs(outcome.headers['retry-after'], now) } };
}
