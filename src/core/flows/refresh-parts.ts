// A refresh started from the sidebar, in parallel executions. UrlFetchApp's fetchAll waits for its slowest
// request, so in one execution every hanging report costs a minute more; google.script.run calls run as
// separate executions at the same time ("allows 10 concurrent calls", guides/html/reference/run), so the
// sidebar asks for each request of round 1 in its own call and the time is about one timeout however many
// hang. Then one last execution writes every tab, the history, the dashboard and the Status tab, as any
// refresh does (runRefresh), from what the parts fetched:
//
//   startRefresh      under the refresh lock: refuses while another refresh runs, records a stopped one,
//                     writes the start record, which claims the spreadsheet (refresh-start.ts), and the
//                     progress entry
//   refreshPart × n   one request each, its answer kept in the user's cache under the run's generation;
//                     the /series part adds one part per series (round 2, the read-through, needs its
//                     answer); a request that got no answer is noted in the part's progress entry
//                     (refresh-progress.ts), so the finish never asks it
//   finishRefresh     runRefresh with a client reading that cache: anything a part did not leave there
//                     (a failure, an evicted entry) is asked again within its own time
//
// Parts write nothing but the cache, so tabs and shared records keep one writer at a time: the finish,
// under the lock. platform/refresh-parts.ts builds the port.
import type { ApiRequest } from '../api';
import { needsReadThrough, type RefreshResult, secondRound } from '../refresh';
import { fetchedOf, seriesToRead } from '../tabs';
import {
  beginRefresh,
  type RefreshRunPort,
  refreshClient,
  refreshInputs,
  runRefresh,
  takeRefreshLock,
} from './refresh-run';

export interface RefreshPartsPort<U> extends RefreshRunPort<U> {
  /** A part's own progress entry (refresh-progress.ts). */
  partEnded(runId: string, part: number, more: number, unanswered?: ApiRequest): void;
  unansweredInParts(runId: string, parts: number): ApiRequest[];
}

/** What the sidebar gets from startRefresh: the run, and how many parts to ask for (0 … parts − 1). */
export interface RefreshStarted {
  readonly runId: string;
  readonly parts: number;
}

/** What one part did: whether its report answered (the sidebar counts them, k of n), and how many parts
 * it added (the /series part: one read-through per series, numbered after the others). */
export interface PartDone {
  readonly part: number;
  readonly answered: boolean;
  readonly more: number;
}

/** How many read-through parts the finish looks for beyond round 1's. */
const MAX_READ_THROUGH_PARTS = 200;

function runIdOf(value: unknown): string {
  if (typeof value !== 'string' || !/^[\w-]{1,64}$/.test(value)) throw new Error('Start the refresh again.');
  return value;
}

/** Each request of round 1 is a part. */
export function startRefresh<U>(port: RefreshPartsPort<U>): RefreshStarted {
  const { lock } = takeRefreshLock(port);
  try {
    // A refresh stopped between its start and its finish is reported as any stopped refresh is; its start
    // record claims the spreadsheet until then.
    const { runId, round1 } = beginRefresh(port, 'sidebar', undefined, true);
    return { runId, parts: round1.length };
  } finally {
    lock.releaseLock();
  }
}

export function refreshPart<U>(port: RefreshPartsPort<U>, runIdValue: unknown, partValue: unknown): PartDone {
  const runId = runIdOf(runIdValue);
  const part = Number(partValue);
  const { apiKey, settings, round1: first } = refreshInputs(port);
  const client = refreshClient(port, apiKey, port.now(), runId);
  /** Every series' read-through request, from the /series answer (the memo or the cache: no request when
   * the /series part answered). */
  const reads = (): ApiRequest[] => {
    const series = first.find((r) => r.endpoint === 'series');
    if (!series || !needsReadThrough(settings)) return [];
    const toRead = seriesToRead(fetchedOf(client.fetchMany([series])[0]!));
    return toRead.ok ? secondRound(toRead.series, settings) : [];
  };
  // A read-through part: the series list is the /series part's answer, from the cache.
  const request = Number.isInteger(part) ? (first[part] ?? reads()[part - first.length]) : undefined;
  // Settings changed since the start: the finish asks for whatever its plan needs.
  if (!request) return { part, answered: false, more: 0 };
  const [outcome] = client.fetchMany([request]);
  const unanswered = !outcome!.ok && outcome!.error.kind === 'timeout' ? request : undefined;
  // Round 2 needs the /series answer: one more part for each series, numbered after round 1's.
  const more = outcome!.ok && request.endpoint === 'series' ? reads().length : 0;
  port.partEnded(runId, part, more, unanswered);
  return { part, answered: outcome!.ok, more };
}

export function finishRefresh<U>(port: RefreshPartsPort<U>, runIdValue: unknown): RefreshResult {
  const runId = runIdOf(runIdValue);
  const start = port.liveStart();
  const parts = start?.claim ? start.claim.parts : 0;
  // What the parts left unanswered is never asked again in the finish.
  return runRefresh(port, 'sidebar', runId, port.unansweredInParts(runId, parts + MAX_READ_THROUGH_PARTS));
}
