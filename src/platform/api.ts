// The client wired to Apps Script: UrlFetchApp, CacheService, Utilities. Callers give the key, how much
// of their execution time the API may use, and which cache (or the cache itself, already opened).
import { type ApiClient, type ApiClientConfig, createApiClient, type ResponseMemo } from '../core/api';
import type { CachePort } from '../core/ports';
import { buildConfig } from './build-config';
import { type CacheChoice, platformCache } from './cache';
import { platformClock } from './clock';
import { platformDigest } from './digest';
import { urlFetchHttp } from './http';

/** Module state lives for one execution (Apps Script loads the script afresh for each), so identical
 * requests made by different callers in one execution are fetched once. */
const executionMemo: ResponseMemo = new Map();
/** Requests that got no answer in time in this execution: never asked again in it. */
const executionUnanswered = new Set<string>();

/** The key, and optionally the TTL and (for tests) a fixed jitter source and retry policy, as in the core. */
interface PlatformClientOptions
  extends Pick<
    ApiClientConfig,
    'apiKey' | 'keyFingerprint' | 'generation' | 'cacheTtlSeconds' | 'random' | 'retry' | 'roundTimeoutMs'
  > {
  /** Time from now the API may use, retries and their waits included (a custom function has 30 s in all). */
  readonly budgetMs: number;
  readonly cache: CacheChoice | CachePort;
}

export function platformClient(options: PlatformClientOptions): ApiClient {
  const { budgetMs, cache: choice, ...rest } = options;
  return createApiClient({
    ...rest,
    baseUrl: buildConfig.apiBaseUrl,
    http: urlFetchHttp,
    clock: platformClock,
    digest: platformDigest,
    deadline: platformClock.now() + budgetMs,
    memo: executionMemo,
    unanswered: executionUnanswered,
    cache: typeof choice === 'string' ? platformCache(choice) : choice,
  });
}
