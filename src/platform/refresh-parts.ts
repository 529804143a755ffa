// A refresh started from the sidebar, in parallel executions. UrlFetchApp's fetchAll waits for its slowest
// request, so in one execution every hanging report costs a minute more; google.script.run calls run as
// separate executions at the same time ("allows 10 concurrent calls", guides/html/reference/run), so the
// sidebar asks for each request of round 1 in its own call and the time is about one timeout however many
// hang. Then one last execution writes every tab, the history, the dashboard and the Status tab, as any
// refresh does (runRefresh), from what the parts fetched:
//
//   startRefresh      under the document lock: refuses while another refresh runs, records a stopped one,
//                     writes the start record, the progress entry and a claim (refresh-claim.ts)
//   refreshPart × n   one request each, its answer kept in the user's cache under the run's generation;
//                     the /series part adds one part per series (round 2, the read-through, needs its
//                     answer); a request that got no answer is noted beside, so the finish never asks it
//   finishRefresh     runRefresh with a client reading that cache: anything a part did not leave there
//                     (a failure, an evicted entry) is asked again within its own time
//
// Parts write nothing but the cache, so tabs and shared records keep one writer at a time: the finish,
// under the document lock.
import { type ApiClient, type ApiOutcome, type ApiRequest, NO_ANSWER_MS } from '../core/api';
import {
  firstRound,
  historyTimelineRequest,
  needsReadThrough,
  type RefreshResult,
  refreshApiDeadline,
  secondRound,
} from '../core/refresh';
import type { RoyaltiesSettings } from '../core/settings';
import { seriesToRead } from '../core/tabs';
import { isObject, parseJson } from '../core/unknown';
import { platformClient } from './api';
import { refreshLock } from './document';
import { keyStore } from './key-store';
import { NO_KEY, REFRESH_RUNNING, runRefresh } from './refresh';
import { liveClaim, writeClaim } from './refresh-claim';
import { partEnded, startProgress } from './refresh-progress';
import { noteRefreshStart, recordStoppedRefresh, startedElsewhere } from './refresh-start';
import { loadSettings } from './settings-store';

/** What the sidebar gets from startRefresh: the run, and how many parts to ask for (0 … parts − 1). */
interface RefreshStarted {
  readonly runId: string;
  readonly parts: number;
}

/** What one part did: whether its report answered (the sidebar counts them, k of n), and how many parts
 * it added (the /series part: one read-through per series, numbered after the others). */
interface PartDone {
  readonly part: number;
  readonly answered: boolean;
  readonly more: number;
}

const LOCK_WAIT_MS = 2_000;
/** User cache, + run id + "." + part: the requests of that part that got no answer (JSON). */
const UNANSWERED_PREFIX = 'royalties.part.';
/** How many read-through parts the finish looks for beyond round 1's. */
const MAX_READ_THROUGH_PARTS = 200;
/** Longer than the parts and the finish live. */
const KEEP_S = 900;

/** Round 1 as the one-execution refresh sends it: each request is a part. */
function partRequests(settings: RoyaltiesSettings): ApiRequest[] {
  const own = historyTimelineRequest(settings);
  return [...firstRound(settings), ...(own ? [own] : [])];
}

/** The user's cache keeps the answers: the key's owner is the only one who reads them, by run. */
function runClient(apiKey: string, runId: string, budgetMs: number): ApiClient {
  return platformClient({ apiKey, budgetMs, cache: 'user', generation: runId, roundTimeoutMs: NO_ANSWER_MS });
}

function runIdOf(value: unknown): string {
  if (typeof value !== 'string' || !/^[\w-]{1,64}$/.test(value)) throw new Error('Start the refresh again.');
  return value;
}

export function startRefresh(): RefreshStarted {
  const lock = refreshLock();
  if (!lock.tryLock(LOCK_WAIT_MS)) throw new Error(REFRESH_RUNNING);
  try {
    if (liveClaim() || startedElsewhere()) throw new Error(REFRESH_RUNNING);
    recordStoppedRefresh();
    if (!keyStore.get()) throw new Error(NO_KEY);
    const settings = loadSettings();
    const parts = partRequests(settings).length;
    const startedAt = Date.now();
    // A refresh stopped between its start and its finish is reported as any stopped refresh is.
    noteRefreshStart('sidebar', settings.tabs, startedAt);
    const runId = startProgress('sidebar', settings.tabs.length, parts);
    writeClaim({ runId, startedAt, parts });
    return { runId, parts };
  } finally {
    lock.releaseLock();
  }
}

const timedOut = (outcome: ApiOutcome): boolean => !outcome.ok && outcome.error.kind === 'timeout';

export function refreshPart(runIdValue: unknown, partValue: unknown): PartDone {
  const runId = runIdOf(runIdValue);
  const part = Number(partValue);
  const apiKey = keyStore.get();
  if (!apiKey) throw new Error(NO_KEY);
  const settings = loadSettings();
  const first = partRequests(settings);
  const started = Date.now();
  const client = runClient(apiKey, runId, refreshApiDeadline(started) - started);
  let request = Number.isInteger(part) && part >= 0 ? first[part] : undefined;
  let more = 0;
  if (request === undefined && Number.isInteger(part) && needsReadThrough(settings)) {
    // A read-through part: the series list is the /series part's answer, from the cache.
    const reads = readThroughRequests(client, first, settings);
    request = reads[part - first.length];
  }
  // Settings changed since the start: the finish asks for whatever its plan needs.
  if (!request) return { part, answered: false, more };
  const [outcome] = client.fetchMany([request]);
  if (timedOut(outcome!)) {
    CacheService.getUserCache().put(
      `${UNANSWERED_PREFIX}${runId}.${part}`,
      JSON.stringify([request]),
      KEEP_S,
    );
  }
  if (outcome!.ok && request.endpoint === 'series' && needsReadThrough(settings)) {
    // Round 2 needs this answer: one more part for each series, numbered after round 1's.
    more = readThroughRequests(client, first, settings).length;
  }
  partEnded(runId, part, request.endpoint === 'series' ? more : undefined);
  return { part, answered: outcome!.ok, more };
}

/** Every series' read-through request, from the /series answer (the memo or the cache: no request when
 * the /series part answered). */
function readThroughRequests(
  client: ApiClient,
  first: ApiRequest[],
  settings: RoyaltiesSettings,
): ApiRequest[] {
  const series = first.find((r) => r.endpoint === 'series');
  if (!series) return [];
  const [outcome] = client.fetchMany([series]);
  if (!outcome!.ok) return [];
  const toRead = seriesToRead({ ok: true, data: outcome!.response.data });
  return toRead.ok ? secondRound(toRead.series, settings) : [];
}

function isRequest(value: unknown): value is ApiRequest {
  return isObject(value) && typeof value.endpoint === 'string';
}

/** What the parts left unanswered: never asked again in the finish. */
function unansweredInParts(runId: string, parts: number): ApiRequest[] {
  // Read-through parts come after round 1's; a series list longer than this is asked again by the finish.
  const keys = Array.from(
    { length: parts + MAX_READ_THROUGH_PARTS },
    (_, i) => `${UNANSWERED_PREFIX}${runId}.${i}`,
  );
  const found = CacheService.getUserCache().getAll(keys);
  return Object.values(found).flatMap((json) => {
    const list = parseJson(json);
    return Array.isArray(list) ? list.filter(isRequest) : [];
  });
}

export function finishRefresh(runIdValue: unknown): RefreshResult {
  const runId = runIdOf(runIdValue);
  const parts = liveClaim()?.parts ?? 0;
  return runRefresh('sidebar', {
    runId,
    client(apiKey, budgetMs) {
      const client = runClient(apiKey, runId, budgetMs);
      for (const request of unansweredInParts(runId, parts)) {
        try {
          client.noteUnanswered(request);
        } catch {
          // Not a request the client accepts: it is asked (and refused) as any other.
        }
      }
      return client;
    },
  });
}
