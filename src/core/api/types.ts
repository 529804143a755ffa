// The client's public shapes: what callers (custom functions, refresh, sidebar) ask for and get back.
import type { EndpointId } from '../endpoints';
import type { CachePort, ClockPort, DigestPort, HttpPort } from '../ports';
import type { RowsRead } from '../report/types';
import type { ApiError } from './errors';

export type { RowsRead };

export interface ApiRequest {
  readonly endpoint: EndpointId;
  /** Read-through only: sent as one encoded path segment, whatever it holds. */
  readonly seriesId?: string;
  /** A period token such as `last_30_days`; leave out for the API's default. */
  readonly period?: string;
  /** ISO 4217; leave out for the account's reporting currency. */
  readonly currency?: string;
  /** Further query parameters the API may accept (e.g. `interval`), passed through untouched. */
  readonly options?: Readonly<Record<string, string>>;
  /** A later page of this report at the address the API gave (same origin as the base URL only): sent
   * as it is, instead of the endpoint's path and query. */
  readonly pageUrl?: string;
}

/** How much of a report sent in pages was read (pages.ts). Absent: the report came in one piece. */
export interface PagesRead {
  readonly read: number;
  /** Pages in all, when the API said. */
  readonly total: number | null;
  /** Why pages are left unread (the figures are then too low), or null when every page was read. */
  readonly unread: string | null;
  /** Rows read, when fewer than the count of rows the report gave (then `unread` says so too). */
  readonly rows: RowsRead | null;
  /** Rows sent on more than one page, and what was done (taken once, or both kept): the sentence the
   * banners say; null when none. */
  readonly repeated: string | null;
}

export interface ApiResponse {
  /** The parsed JSON body, whole: the report layer reads its envelope (period, currency, meta.truncated). */
  readonly data: unknown;
  /** True when served from CacheService or from an earlier identical request in this execution. */
  readonly fromCache: boolean;
  /** The response's headers that may say something of pages (`Link`, `X-Total-Count`…; pages.ts,
   * pagingHeaders), lower-cased names; absent when none. Such a response is never cached: the cache keeps
   * bodies only, and would lose them. */
  readonly pagingHeaders?: Readonly<Record<string, string>>;
  /** A report sent in pages: how many were read and combined into `data`. */
  readonly pages?: PagesRead;
  /** When its copy in CacheService expires (ms); undefined when not cached or when the entry does not say. */
  readonly expiresAt?: number;
}

export type ApiOutcome =
  | { readonly ok: true; readonly response: ApiResponse }
  | { readonly ok: false; readonly error: ApiError };

export interface RetryPolicy {
  /** Requests per outcome, the first one included. */
  readonly maxAttempts: number;
  /** First backoff wait for 5xx and network failures; doubles per attempt. */
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

export interface FetchOptions {
  /** Absolute time on the client's clock after which no request or wait is started. */
  readonly deadline?: number;
  /** Requests lost with a batch another request held until it timed out are asked again at once, in the
   * next round (the default). False: each is returned as timed out ("sent with …"), for the caller to ask
   * again in other company (a refresh keeps the account and its lists apart from the reports:
   * core/refresh/ask.ts). Later pages of a report are asked again either way. */
  readonly askLostAgain?: boolean;
  /** False: the caller has just looked in the cache for these requests and found none (a formula cell's
   * single flight, under its claim), so they go to the API without a second look. Later pages of a report
   * are looked for either way. Default true. */
  readonly readCache?: boolean;
}

export interface ApiClientConfig {
  /** Including the version segment, no trailing slash needed. */
  readonly baseUrl: string;
  /** Checked (trimmed, no spaces, ≤ 256 characters) when the client is created. */
  readonly apiKey: string;
  readonly http: HttpPort;
  readonly clock: ClockPort;
  readonly digest: DigestPort;
  /** keyFingerprintOf(apiKey), when the caller has it stored: saves a digest per execution. */
  readonly keyFingerprint?: string;
  /** Cache entries written under one generation are never read under another: a formula that follows the
   * refreshes passes the refresh's stamp, so a refresh is never answered from an older cache. */
  readonly generation?: string;
  /** Leave out to not cache across executions. */
  readonly cache?: CachePort;
  /** Default 15 minutes; clamped to 1 s … 6 h (CacheService's range). */
  readonly cacheTtlSeconds?: number;
  /** Jitter source in [0, 1); default Math.random. Tests pass a fixed one. */
  readonly random?: () => number;
  readonly retry?: Partial<RetryPolicy>;
  /** Default deadline for calls that give none. Default: 25 s after the client is created. */
  readonly deadline?: number;
  /** Successful responses already fetched in this execution; share one across clients of one execution. */
  readonly memo?: ResponseMemo;
  /** Requests that got no answer in time in this execution (same keys as the memo): never asked again. */
  readonly unanswered?: Set<string>;
  /** How long a round lasts when a request in it gets no answer (UrlFetchApp's timeout). Given, no round
   * starts later than this before the deadline, so the deadline holds even when the API hangs. */
  readonly roundTimeoutMs?: number;
}

/** In-execution store of successful responses by request identity (never written anywhere). */
export type ResponseMemo = Map<string, ApiResponse>;

export interface ApiClient {
  /** One outcome per request, in order. One UrlFetchApp.fetchAll per round; retries are batched again. */
  fetchMany(requests: readonly ApiRequest[], options?: FetchOptions): ApiOutcome[];
  /** One request; throws ApiError. */
  fetch(request: ApiRequest, options?: FetchOptions): ApiResponse;
  /** Where CacheService keeps this request's body (null without a cache): single flight's marker sits
   * beside it. One digest per request and client, however often asked. Only for a request
   * that `fetch` accepted (a refused one throws here unredacted). */
  cacheKey(request: ApiRequest): string | null;
  /** This request got no answer in time in another execution of the same work (a sidebar refresh's part):
   * answered from now on as timed out, never asked. Only for a request `fetch` accepted. */
  noteUnanswered(request: ApiRequest): void;
}
