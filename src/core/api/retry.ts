// How long to wait before asking again. 429 waits as long as Retry-After says; 5xx and network failures
// back off exponentially with jitter, so many cells retrying at once do not hit the API in step.
import type { Failure } from './response';
import type { RetryPolicy } from './types';

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 1000, maxDelayMs: 8000 };

/** Backoff before attempt `attempts + 1`: half fixed, half random ("equal jitter"). */
function backoffMs(attempts: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** The wait before the next attempt, or null when this failure is not retried at all. */
export function retryWaitMs(
  failure: Failure,
  attempts: number,
  policy: RetryPolicy,
  random: () => number,
): number | null {
  if (failure.retry === null || attempts >= policy.maxAttempts) return null;
  // The API's own Retry-After wins wherever it is given (429, and 503 by RFC 9110).
  if (failure.retryAfterMs !== null) return failure.retryAfterMs;
  return backoffMs(attempts, policy, random);
}
