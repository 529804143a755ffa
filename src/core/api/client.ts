// The one path by which the add-on talks to the API. A call goes: checks → in-execution memo →
// CacheService → rounds of fetchAll (each round sends every request that is due; failures that may be
// retried wait and go out together in a later round) → cache write. Every request ends in exactly one
// outcome, and one failure never fails the others.

import { holdsNoValue, messageOf, parseJson } from '../base/unknown';
import { PermissionMissing } from '../permissions';
import type { ClockPort, DigestPort, HttpOutcome, HttpPort } from '../ports';
import { clampTtl, createResponseCache } from './cache';
import { checkApiKey } from './checks';
import { invalidInput, redactKey, withoutKey } from './errors';
import { errorFor, outOfTime } from './messages';
import { followPages } from './paging';
import { type PreparedRequest, prepareRequest } from './request';
import { classify, type Failure } from './response';
import { DEFAULT_RETRY, retryWaitMs } from './retry';
import type {
  ApiClient,
  ApiClientConfig,
  ApiOutcome,
  ApiRequest,
  ApiResponse,
  FetchOptions,
  ResponseMemo,
  RetryPolicy,
} from './types';

/** A non-secret fingerprint of the key (64 bits of a salted SHA-256): enough to tell keys apart in cache
 * keys, useless to call the API with. Stored beside the key so that no formula cell computes it. */
export function keyFingerprintOf(digest: DigestPort, apiKey: string): string {
  return digest.sha256Hex(`royalties-api-key:${apiKey}`).slice(0, 16);
}

/** How long UrlFetchApp waits for an answer before it gives up (local/gas/url-fetch.ts cites the figure):
 * what one round costs when a request in it hangs. */
export const NO_ANSWER_MS = 60_000;

/** Without a deadline from the caller: what a custom function can afford of its 30 s. */
const DEFAULT_BUDGET_MS = 25_000;

interface Job {
  readonly prepared: PreparedRequest;
  readonly request: ApiRequest;
  /** Indexes of the identical requests this job answers. */
  readonly indexes: number[];
  readonly memoKey: string;
  /** Set when there is a cache. */
  cacheKey?: string;
  attempts: number;
  notBefore: number;
  lastFailure?: Failure;
}

/** What every phase of a call reads: the client's settings and ports, and the memo and cache it keeps. */
interface ClientContext {
  readonly apiKey: string;
  readonly http: HttpPort;
  readonly clock: ClockPort;
  readonly random: () => number;
  readonly memo: ResponseMemo;
  readonly unanswered: Set<string>;
  readonly roundTimeoutMs: number;
  readonly policy: RetryPolicy;
  readonly ttlSeconds: number;
  readonly cache: ReturnType<typeof createResponseCache> | null;
  readonly prepare: (request: ApiRequest) => PreparedRequest;
  /** A request's identity in the memo and among those unanswered. */
  readonly memoKeyOf: (prepared: PreparedRequest) => string;
  readonly cacheKeyOf: (prepared: PreparedRequest) => string;
}

/** One call's outcomes as they settle, and the fresh successes to write to the cache at the end. */
interface Settling {
  readonly outcomes: ApiOutcome[];
  /** [cache key, body]. */
  readonly fresh: Array<readonly [string, string]>;
  /** FetchOptions' askLostAgain. */
  readonly askLostAgain: boolean;
}

function settle(call: Settling, job: Job, outcome: ApiOutcome): void {
  for (const index of job.indexes) call.outcomes[index] = outcome;
}

function fail(call: Settling, job: Job, failure: Failure, stoppedForTime: boolean): void {
  settle(call, job, { ok: false, error: errorFor(failure, job, stoppedForTime) });
}

/** An answer from the cache or the API, kept in the memo for the rest of the execution. */
function answer(context: ClientContext, call: Settling, job: Job, response: ApiResponse): void {
  context.memo.set(job.memoKey, response);
  settle(call, job, { ok: true, response });
}

/** Checks each request; identical ones fold into one job. Refusals settle at once. */
function foldJobs(context: ClientContext, call: Settling, requests: readonly ApiRequest[]): Job[] {
  const jobs = new Map<string, Job>();
  requests.forEach((request, index) => {
    let prepared: PreparedRequest;
    try {
      prepared = context.prepare(request);
    } catch (err) {
      // Every refusal there is invalid input: its own checks, or the settings' check of range and currency.
      call.outcomes[index] = { ok: false, error: invalidInput(redactKey(messageOf(err), context.apiKey)) };
      return;
    }
    const memoKey = context.memoKeyOf(prepared);
    const existing = jobs.get(memoKey);
    if (existing) existing.indexes.push(index);
    else jobs.set(memoKey, { prepared, request, indexes: [index], memoKey, attempts: 0, notBefore: 0 });
  });
  return [...jobs.values()];
}

/** Answers what the memo holds, and refuses what timed out earlier in this execution: the jobs left. */
function answerFromMemo(context: ClientContext, call: Settling, jobs: readonly Job[]): Job[] {
  return jobs.filter((job) => {
    if (context.unanswered.has(job.memoKey)) {
      // Answered without asking again: it timed out earlier in this execution.
      fail(call, job, { noAnswer: 'timed-out' }, false);
      return false;
    }
    const known = context.memo.get(job.memoKey);
    if (known) settle(call, job, { ok: true, response: { ...known, fromCache: true } });
    return !known;
  });
}

/** Answers what the cache holds (nothing asked of it when nothing is pending, or when `read` is false:
 * FetchOptions.readCache): the jobs left, each with the key its answer is kept under. */
function answerFromCache(
  context: ClientContext,
  call: Settling,
  pending: readonly Job[],
  read: boolean,
): readonly Job[] {
  const { cache } = context;
  if (!cache) return pending;
  for (const job of pending) job.cacheKey = context.cacheKeyOf(job.prepared);
  if (!read) return pending;
  const bodies = cache.readAll(pending.map((job) => job.cacheKey!));
  return pending.filter((job) => {
    const cached = bodies.get(job.cacheKey!);
    const data = cached && parseJson(cached.body);
    if (data === undefined) return true;
    answer(context, call, job, { data, fromCache: true, expiresAt: cached!.expiresAt });
    return false;
  });
}

/** One attempt's outcome: settles the job (true) or schedules its retry (false). */
function afterAttempt(
  context: ClientContext,
  call: Settling,
  job: Job,
  outcome: HttpOutcome,
  deadline: number,
): boolean {
  const { policy } = context;
  const after = context.clock.now();
  job.attempts += 1;
  const result = classify(withoutKey(outcome, context.apiKey), after);
  if (!('failure' in result)) {
    const { link } = result;
    // An answer with nothing in it is refused by its readers: kept, it would be refused until it expired.
    // Nor is one whose next page a header names: the cache keeps bodies only, and would lose the link.
    const kept = job.cacheKey !== undefined && !holdsNoValue(result.data) && !link;
    if (kept) call.fresh.push([job.cacheKey!, result.body]);
    answer(context, call, job, {
      data: result.data,
      fromCache: false,
      nextLink: link || undefined,
      expiresAt: kept ? after + context.ttlSeconds * 1000 : undefined,
    });
    return true;
  }
  const { failure } = result;
  job.lastFailure = failure;
  if (failure.noAnswer === 'timed-out') context.unanswered.add(job.memoKey);
  // Lost with a batch another request held: asked again at once (within the attempts allowed), or
  // returned for the caller to ask again apart.
  const lost = failure.noAnswer === 'not-run';
  if (lost && !call.askLostAgain) {
    fail(call, job, failure, false);
    return true;
  }
  const wait =
    lost && job.attempts < policy.maxAttempts
      ? 0
      : retryWaitMs(failure, job.attempts, policy, context.random);
  if (wait === null || after + wait >= deadline) {
    fail(call, job, failure, wait !== null);
    return true;
  }
  job.notBefore = after + wait;
  return false;
}

/** Rounds: everything due goes out in one fetchAll; retries wait and go out together later. Until every
 * job has settled: answered, failed, or out of time. `deadline`: when the last round may start;
 * `callerDeadline`: the caller's. */
function sendRounds(
  context: ClientContext,
  call: Settling,
  jobs: readonly Job[],
  deadline: number,
  callerDeadline: number,
): void {
  const { clock } = context;
  let pending = jobs;
  while (pending.length) {
    const now = clock.now();
    if (now >= deadline) {
      for (const job of pending) {
        if (job.lastFailure) fail(call, job, job.lastFailure, true);
        else
          settle(call, job, {
            ok: false,
            error: outOfTime(job.request.endpoint, context.unanswered.size > 0),
          });
      }
      break;
    }
    const due = pending.filter((job) => job.notBefore <= now);
    if (!due.length) {
      // Every wait was checked against the deadline when it was scheduled.
      clock.sleep(Math.min(...pending.map((job) => job.notBefore)) - now);
      continue;
    }
    let results: HttpOutcome[];
    try {
      // Each round may wait only for what is left of the caller's time (timeoutSeconds, where honoured).
      results = context.http.fetchAll(
        due.map((job) => job.prepared.http),
        { timeoutMs: callerDeadline - now },
      );
    } catch (err) {
      // A permission the author did not grant is theirs to give: never retried, never a network fault.
      if (err instanceof PermissionMissing) throw err;
      const message = messageOf(err); // redacted with every answer, in afterAttempt
      results = due.map(() => ({ kind: 'network-error', message }));
    }
    // The port answers each request of the round, in order.
    const finished = new Set(due.filter((job, i) => afterAttempt(context, call, job, results[i]!, deadline)));
    pending = pending.filter((job) => !finished.has(job));
  }
}

/** Every request to one outcome, in the phases above. `callerDeadline`: the caller's, absolute on the clock;
 * `askLostAgain` and `readCache`: FetchOptions'. */
function fetchEach(
  context: ClientContext,
  requests: readonly ApiRequest[],
  callerDeadline: number,
  askLostAgain = true,
  readCache = true,
): ApiOutcome[] {
  // No round starts that could outlast the deadline should a request in it get no answer.
  const deadline = callerDeadline - context.roundTimeoutMs;
  const call: Settling = { outcomes: [], fresh: [], askLostAgain };
  const jobs = foldJobs(context, call, requests);
  const pending = answerFromCache(context, call, answerFromMemo(context, call, jobs), readCache);
  sendRounds(context, call, pending, deadline, callerDeadline);
  // (Nothing fresh: writeAll makes no call.)
  if (context.cache) context.cache.writeAll(call.fresh);
  // Every request has settled: refused, answered, failed, or out of time.
  return call.outcomes;
}

export function createApiClient(config: ApiClientConfig): ApiClient {
  const apiKey = checkApiKey(config.apiKey);
  const baseUrl = config.baseUrl.replace(/\/+$/, '');
  const {
    http,
    clock,
    digest,
    generation = '',
    random = Math.random,
    memo = new Map<string, ApiResponse>(),
    unanswered = new Set<string>(),
    roundTimeoutMs = 0,
    deadline: defaultDeadline = clock.now() + DEFAULT_BUDGET_MS,
  } = config;
  const ttlSeconds = clampTtl(config.cacheTtlSeconds);
  const cache = config.cache
    ? createResponseCache({
        cache: config.cache,
        digest,
        ttlSeconds,
        stamp: () => `${clock.now().toString(36)}${Math.floor(random() * 1e9).toString(36)}`,
        now: () => clock.now(),
      })
    : null;
  const prepare = (request: ApiRequest) => prepareRequest(baseUrl, apiKey, request);

  let fingerprint = config.keyFingerprint;
  /** Tells keys apart in the memo and the cache without holding the key: the one stored beside the key
   * when it was saved, or (a key saved before fingerprints were) computed here. */
  const keyFingerprint = () => (fingerprint ||= keyFingerprintOf(digest, apiKey));
  const memoKeyOf = (prepared: PreparedRequest) => `${keyFingerprint()} ${generation} ${prepared.http.url}`;
  const cacheKeyOf = (prepared: PreparedRequest) =>
    cache!.keyFor([baseUrl, keyFingerprint(), generation, prepared.path, prepared.query]);
  const context: ClientContext = {
    apiKey,
    http,
    clock,
    random,
    memo,
    unanswered,
    roundTimeoutMs,
    policy: { ...DEFAULT_RETRY, ...config.retry },
    ttlSeconds,
    cache,
    prepare,
    memoKeyOf,
    cacheKeyOf,
  };

  /** Every request to one outcome, later pages of a report read and combined into it (paging.ts). */
  function fetchMany(
    requests: readonly ApiRequest[],
    { deadline = defaultDeadline, askLostAgain = true, readCache = true }: FetchOptions = {},
  ): ApiOutcome[] {
    return followPages(requests, fetchEach(context, requests, deadline, askLostAgain, readCache), {
      fetchEach: (more) => fetchEach(context, more, deadline),
      urlOf: (request) => prepare(request).http.url,
    });
  }

  return {
    fetchMany,
    cacheKey: (request) => (cache ? cacheKeyOf(prepare(request)) : null),
    noteUnanswered(request) {
      unanswered.add(memoKeyOf(prepare(request)));
    },
    fetch(request, options) {
      const outcome = fetchMany([request], options)[0]!;
      if (!outcome.ok) throw outcome.error;
      return outcome.response;
    },
  };
}
