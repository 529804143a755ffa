// One HTTP outcome → a parsed response, or a failure. The body stays as parsed: the report layer reads its
// documented envelope (report/locate.ts, readMeta).

import { isObject, ownField, parseJson } from '../base/unknown';
import type { HttpOutcome } from '../ports';
import { pagingHeaders } from './pages';

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
  /** A report the API is still preparing (202, or a status of pending, processing, queued…): asked again
   * after Retry-After, never shown or cached. */
  readonly pending?: boolean;
  /** Where the API said to ask for it (a 202's `Location`), as sent. */
  readonly location?: string;
}

/** A body's own word that the report is not ready yet (`"status": "processing"`), at its top or in `meta`. */
const NOT_READY = new Set([
  'pending',
  'processing',
  'queued',
  'inprogress',
  'running',
  'preparing',
  'accepted',
  'scheduled',
  'generating',
  'waiting',
]);

function saysNotReady(data: unknown): boolean {
  const meta = isObject(data) ? ownField(data, 'meta') : undefined;
  return [data, meta].some(
    (place) =>
      isObject(place) &&
      ['status', 'state'].some((name) => {
        const word = ownField(place, name);
        return typeof word === 'string' && NOT_READY.has(word.toLowerCase().replace(/[\s_-]/g, ''));
      }),
  );
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
      /** The headers that may say something of pages (pages.ts, pagingHeaders); empty when none. */
      readonly paging: Readonly<Record<string, string>>;
    }
  | { readonly failure: Failure } {
  if (outcome.kind === 'network-error') return { failure: outcome };
  const data = parseJson(outcome.body);
  const wait = retryAfterMs(outcome.headers['retry-after'], now);
  const answered = outcome.status >= 200 && outcome.status < 300 && data !== undefined;
  // 202 Accepted, or a body that says it is not ready: not the report, whatever else it holds.
  if (outcome.status === 202 || (answered && saysNotReady(data))) {
    const { location } = outcome.headers;
    return {
      failure: { ...outcome, data, retryAfterMs: wait, pending: true, ...(location ? { location } : {}) },
    };
  }
  return answered
    ? { data, body: outcome.body, paging: pagingHeaders(outcome.headers) }
    : { failure: { ...outcome, data, retryAfterMs: wait } };
}
