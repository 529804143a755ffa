// The API client of one execution: its time with the API counted from now, and what it learns shared by
// every caller in the execution (identical requests fetched once; a request that got no answer never asked
// again in it). platform/api.ts hands in the ports and the execution's memo.
import { type ApiClient, type ApiClientConfig, createApiClient, type ResponseMemo } from '../api';
import type { CachePort, ClockPort, DigestPort, HttpPort } from '../ports';

export interface ExecutionPorts {
  readonly baseUrl: string;
  readonly http: HttpPort;
  readonly clock: ClockPort;
  readonly digest: DigestPort;
  /** Module state lives for one execution (Apps Script loads the script afresh for each). */
  readonly memo: ResponseMemo;
  readonly unanswered: Set<string>;
}

/** The key, and optionally the TTL and (for tests) a fixed jitter source and retry policy, as in the core. */
export interface ExecutionClientOptions
  extends Pick<
    ApiClientConfig,
    'apiKey' | 'keyFingerprint' | 'generation' | 'cacheTtlSeconds' | 'random' | 'retry' | 'roundTimeoutMs'
  > {
  /** Time from now the API may use, retries and their waits included (a custom function has 30 s in all). */
  readonly budgetMs: number;
  readonly cache: CachePort | undefined;
}

export function executionClient(ports: ExecutionPorts, options: ExecutionClientOptions): ApiClient {
  const { budgetMs, ...rest } = options;
  return createApiClient({ ...rest, ...ports, deadline: ports.clock.now() + budgetMs });
}
