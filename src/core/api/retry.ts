// How long to wait before asking again. 429 waits as long as Retry-After says; 5xx and network failures
// back off exponentially with jitter, so many cells retrying at once do not hit the API in step.
import { googleFaultOf } from '../google-faults';
import type { Failure } from './response';
import type { RetryPolicy } from './types';

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 1000, maxDelayMs: 8000 };

/** Asks for a report the API is still preparing, at most: the caller's time is the other bound. */
const MAX_PREPARING_ASKS = 12;
/** The shortest wait between two asks for a report being prepared (a `Retry-After: 0` would hammer). */
const MIN_PREPARING_WAIT_MS = 1000;

/** The wait before attempt `attempts + 1` (`attempts` ≥ 1), or null when this failure is not retried. */
export function retryWaitMs(
  { status, noAnswer, retryAfterMs, pending, message }: Failure,
  attempts: number,
  policy: RetryPolicy,
  random: () => number,
): number | null {
  // A report still being prepared: asked again when the API says it may be ready.
  if (pending) {
    if (attempts >= MAX_PREPARING_ASKS) return null;
    return Math.max(MIN_PREPARING_WAIT_MS, retryAfterMs ?? backoff(attempts, policy, random));
  }
  // 429 and 5xx, and no response at all unless it timed out (asked again, it would hold the next round as
  // long). Other 4xx, and a 2xx that is not JSON, are not: the same request would get the same answer.
  // Nor is Google's daily quota of requests: it comes back within a day (google-faults.ts).
  const retried =
    status === undefined
      ? noAnswer !== 'timed-out' && googleFaultOf(message)?.kind !== 'daily-quota'
      : status === 429 || status >= 500;
  if (!retried || attempts >= policy.maxAttempts) return null;
  // The API's own Retry-After wins wherever it is given (429, and 503 by RFC 9110).
  if (retryAfterMs !== undefined) return retryAfterMs;
  return backoff(attempts, policy, random);
}

/** Backoff with "equal jitter": half fixed, half random. */
function backoff(attempts: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempts - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
