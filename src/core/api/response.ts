// One HTTP outcome → a parsed response, or a failure that knows whether it may be retried. The body stays
// as parsed: the report layer reads its documented envelope (report/locate.ts, readMeta).
import type { HttpOutcome } from '../ports';
import { isObject, parseJson } from '../unknown';

/** What went wrong with one attempt, before it is worded (the wording needs the attempt count). */
export interface Failure {
  /** 'rate-limit' waits as the API asks; 'backoff' waits exponentially; null is never retried. */
  readonly retry: 'rate-limit' | 'backoff' | null;
  /** null for a network failure. */
  readonly status: number | null;
  /** The API's own error message, when the body is the JSON error shape. */
  readonly serverMessage: string | null;
  /** The body when it is not JSON (HTML page, empty, cut short). */
  readonly nonJsonBody: string | null;
  readonly networkMessage: string | null;
  /** Why there was no response at all, when the platform knows (ports.ts, HttpOutcome). */
  readonly noAnswer: 'timed-out' | 'not-run' | null;
  /** From Retry-After, in ms; null when absent or unreadable. */
  readonly retryAfterMs: number | null;
}

/** A failure that says nothing: each kind of failure sets what it knows over it. */
export const NOTHING_KNOWN: Failure = {
  retry: null,
  status: null,
  serverMessage: null,
  nonJsonBody: null,
  networkMessage: null,
  noAnswer: null,
  retryAfterMs: null,
};

type Classified =
  | { readonly kind: 'success'; readonly data: unknown; readonly body: string }
  | { readonly kind: 'failure'; readonly failure: Failure };

/** `{"error": {"message"}}` (the demo API's shape), `{"error": "…"}` or `{"message": "…"}`. */
function serverMessageOf(data: unknown): string | null {
  if (!isObject(data)) return null;
  const error = data.error;
  if (isObject(error) && typeof error.message === 'string') return error.message;
  if (typeof error === 'string') return error;
  if (typeof data.message === 'string') return data.message;
  return null;
}

/** Retry-After is either seconds or an HTTP date (RFC 9110 §10.2.3). */
function retryAfterMs(header: string | undefined, now: number): number | null {
  if (header === undefined) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function retryOf(status: number): Failure['retry'] {
  if (status === 429) return 'rate-limit';
  if (status >= 500) return 'backoff';
  return null;
}

export function classify(outcome: HttpOutcome, now: number): Classified {
  if (outcome.kind === 'network-error') {
    return {
      kind: 'failure',
      failure: {
        ...NOTHING_KNOWN,
        // A request that timed out is not asked again: it would hold the next round as long.
        retry: outcome.noAnswer === 'timed-out' ? null : 'backoff',
        networkMessage: outcome.message,
        noAnswer: outcome.noAnswer || null,
      },
    };
  }
  const parsed = parseJson(outcome.body);
  const isJson = parsed !== undefined;
  if (outcome.status >= 200 && outcome.status < 300 && isJson) {
    return { kind: 'success', data: parsed, body: outcome.body };
  }
  return {
    kind: 'failure',
    failure: {
      ...NOTHING_KNOWN,
      // A 2xx that is not JSON is not retried: the same request would get the same page.
      retry: retryOf(outcome.status),
      status: outcome.status,
      serverMessage: isJson ? serverMessageOf(parsed) : null,
      nonJsonBody: isJson ? null : outcome.body,
      retryAfterMs: retryAfterMs(outcome.headers['retry-after'], now),
    },
  };
}
