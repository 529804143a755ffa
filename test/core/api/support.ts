// A client over the fake ports, with everything a unit test inspects afterwards.
import { type ApiClientConfig, createApiClient } from '../../../src/core/api/index.ts';
import type { HttpOutcome, HttpRequest } from '../../../src/core/ports.ts';
import { FakeCache, FakeClock, FakeHttp, fixedRandom, nodeDigest } from '../../support/fake-ports.ts';

export const BASE = 'https://api.example.test/v1';
export const KEY = 'rfs_live_Zq81unitTESTkey0000secret';

export function makeClient(
  answer: (request: HttpRequest, index: number) => HttpOutcome,
  overrides: Partial<ApiClientConfig> & { withCache?: boolean; roundMs?: number } = {},
) {
  const clock = new FakeClock();
  const http = new FakeHttp(answer, clock, overrides.roundMs ?? 0);
  const cache = new FakeCache(clock);
  const { withCache, roundMs: _roundMs, ...config } = overrides;
  const client = createApiClient({
    baseUrl: BASE,
    apiKey: KEY,
    http,
    clock,
    digest: nodeDigest,
    random: fixedRandom(0.5),
    ...(withCache ? { cache } : {}),
    ...config,
  });
  return { client, clock, http, cache };
}

/** The path and query of a request, as the server sees them. */
export function target(request: HttpRequest): { path: string; query: Record<string, string> } {
  const url = new URL(request.url);
  return { path: url.pathname.replace(/^\/v1/, ''), query: Object.fromEntries(url.searchParams) };
}
