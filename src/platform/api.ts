// The client wired to Apps Script: UrlFetchApp, CacheService, Utilities (core/flows/execution-client.ts).
// Callers give the key, how much of their execution time the API may use, and which cache (or the cache
// itself, already opened).
import type { ApiClient, ResponseMemo } from '../core/api';
import { type ExecutionClientOptions, executionClient } from '../core/flows/execution-client';
import type { CachePort } from '../core/ports';
import { buildConfig } from './build-config';
import { type CacheChoice, platformCache } from './cache';
import { platformClock } from './clock';
import { platformDigest } from './digest';
import { urlFetchHttp } from './http';

/** This execution's: identical requests made by different callers in one execution are fetched once. */
const executionMemo: ResponseMemo = new Map();
/** Requests that got no answer in time in this execution: never asked again in it. */
const executionUnanswered = new Set<string>();

interface PlatformClientOptions extends Omit<ExecutionClientOptions, 'cache'> {
  readonly cache: CacheChoice | CachePort;
}

export function platformClient(options: PlatformClientOptions): ApiClient {
  const { cache: choice, ...rest } = options;
  const ports = {
    baseUrl: buildConfig.apiBaseUrl,
    http: urlFetchHttp,
    clock: platformClock,
    digest: platformDigest,
    memo: executionMemo,
    unanswered: executionUnanswered,
  };
  return executionClient(ports, {
    ...rest,
    cache: typeof choice === 'string' ? platformCache(choice) : choice,
  });
}
