// Every way a request can fail, as one error type with a kind the callers branch on and a message an
// author can act on. Messages never hold the API key: the client redacts it from anything it did not
// write itself (server text, network errors) before an ApiError is built.
import type { HttpOutcome } from '../ports';

export type ApiErrorKind =
  | 'invalid-input'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'bad-request'
  | 'rate-limited'
  | 'server'
  | 'network'
  | 'timeout'
  | 'invalid-response'
  /** The API is still preparing the report (202, or a status of pending…), past the time to wait for it. */
  | 'preparing'
  | 'out-of-time';

interface ApiErrorDetails {
  /** HTTP status of the last response, when there was one. */
  readonly status?: number;
  /** For rate limiting: how long the API asked us to wait. */
  readonly retryAfterSeconds?: number;
  /** How many requests were made for this outcome (0 when refused before any request). */
  readonly attempts?: number;
}

export class ApiError extends Error {
  declare readonly kind: ApiErrorKind;
  declare readonly status?: number;
  declare readonly retryAfterSeconds?: number;
  declare readonly attempts: number;

  constructor(kind: ApiErrorKind, message: string, details?: ApiErrorDetails) {
    super(message);
    this.name = 'ApiError';
    Object.assign(this, { kind, attempts: 0 }, details);
  }
}

/** Refused before any request: the message says what to change. */
export function invalidInput(message: string): ApiError {
  return new ApiError('invalid-input', message);
}

/** Replaces every occurrence of the key (never empty: checkApiKey) in text we did not write (server
 * messages, platform errors). */
export function redactKey(text: string, apiKey: string): string {
  return text.split(apiKey).join('[API key]');
}

/** An answer with the key taken out of its body or message before anything reads, cuts, caches or shows
 * any of it: an error page, a proxy or an API that echoes the request must not put the key in a cell. */
export function withoutKey(outcome: HttpOutcome, apiKey: string): HttpOutcome {
  return outcome.kind === 'response'
    ? { ...outcome, body: redactKey(outcome.body, apiKey) }
    : { ...outcome, message: redactKey(outcome.message, apiKey) };
}

/** A short, single-line excerpt of a body for an error message. */
export function excerpt(body: string, max = 80): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  if (flat === '') return '(empty body)';
  return `"${flat.length > max ? `${flat.slice(0, max)}…` : flat}"`;
}
