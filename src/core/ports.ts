// The domain layer (src/core) never touches Apps Script globals. What it needs from the platform arrives
// through these small interfaces; src/platform implements them with UrlFetchApp, CacheService and friends,
// and tests can implement them too. Keep them minimal: every method here is a service call to count.

/** One HTTP GET as the client builds it. The key travels only in `headers.Authorization`, never in `url`. */
export interface HttpRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** What came back for one request: a response of any status, or a failure to get one at all. */
export type HttpOutcome =
  | {
      readonly kind: 'response';
      readonly status: number;
      /** Header names in lower case. */
      readonly headers: Readonly<Record<string, string>>;
      readonly body: string;
    }
  | {
      readonly kind: 'network-error';
      readonly message: string;
      /** 'timed-out': no answer within UrlFetchApp's timeout (the API may have received it; never ask it
       * again in this execution). 'not-run': lost with a batch that another request held until it timed
       * out (may be asked again). Absent: any other failure to get a response. */
      readonly noAnswer?: 'timed-out' | 'not-run';
    };

/** How long the caller can still afford to wait for this round's answers (its budget, not a promise). */
export interface FetchBudget {
  readonly timeoutMs: number;
}

/** Runs requests concurrently (UrlFetchApp.fetchAll) and answers in request order, one outcome each. */
export interface HttpPort {
  fetchAll(requests: readonly HttpRequest[], budget?: FetchBudget): HttpOutcome[];
}

/** Time as the platform sees it: `Date.now()` and `Utilities.sleep` in Apps Script, a fake clock in tests. */
export interface ClockPort {
  now(): number;
  sleep(ms: number): void;
}

/** A CacheService cache: one call reads or writes many entries. Entries may vanish early. */
export interface CachePort {
  getAll(keys: readonly string[]): Record<string, string>;
  putAll(entries: Readonly<Record<string, string>>, ttlSeconds: number): void;
}

/** Digests for cache keys and key fingerprints (Utilities.computeDigest in Apps Script). */
export interface DigestPort {
  sha256Hex(text: string): string;
}
