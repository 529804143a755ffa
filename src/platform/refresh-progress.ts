// A refresh's progress in the document cache, where a second server call (the sidebar's poll, a sidebar
// opened meanwhile) can read it: one entry per run, keyed by its id, and a pointer to the latest run,
// both in one putAll. Best effort: no cache (outside a document) or a failed write never stops a refresh.
// Holds counts (and a sidebar refresh's requests that got no answer) only, never the key. Each execution loads the script afresh, so `run` is this execution's.
import type { ApiRequest } from '../core/api';
import { isObject, parseJson } from '../core/base/unknown';
import { isRunning, type RefreshProgress } from '../core/refresh';

const LATEST = 'royalties.run.';
/** Longer than an execution lives, so a sidebar opened at the end still finds the outcome. */
const KEEP_S = 600;

let run: RefreshProgress | null = null;

const cache = () => CacheService.getDocumentCache();

export function reportProgress(change: Partial<RefreshProgress>): void {
  if (!run) return;
  run = { ...run, ...change, updatedAt: Date.now() };
  put({ [LATEST]: run.runId, [LATEST + run.runId]: JSON.stringify(run) });
}

/** Progress is for watching: no cache (outside a document) or a failed write never stops a refresh. */
function put(entries: Record<string, string>): void {
  try {
    // No cache (outside a document): nothing to write to.
    cache()?.putAll(entries, KEEP_S);
  } catch {
    // The refresh itself must go on.
  }
}

/** Starts this execution's run, or (a sidebar refresh's finish) goes on with the run its start began. */
export function startProgress(
  origin: RefreshProgress['origin'],
  tabs: number,
  requests: number,
  runId: string,
): void {
  const now = Date.now();
  run = {
    runId,
    origin,
    step: 'asking',
    requests,
    series: 0,
    written: 0,
    tabs,
    startedAt: now,
    updatedAt: now,
  };
  reportProgress({});
}

/** Counts a tab written. */
export function reportWritten(): void {
  if (run) reportProgress({ step: 'writing', written: run.written + 1 });
}

/** In the refresh's `finally`: a run that did not reach "done" stopped. */
export function endProgress(): void {
  if (run && run.step !== 'done') reportProgress({ step: 'failed' });
  run = null;
}

/** A sidebar refresh's entries: one per part that ended, and how many series its /series part found. */
const partKey = (runId: string, part: number): string => `${LATEST}${runId}.part.${part}`;
const seriesKey = (runId: string): string => `${LATEST}${runId}.series`;

/** The entries of a sidebar refresh's parts `from` up to `to`. */
function partKeys(runId: string, from: number, to: number): string[] {
  return Array.from({ length: to - from }, (_, i) => partKey(runId, from + i));
}

/** A sidebar refresh's part has ended (refresh-parts.ts): its own entry, so parts never write one. The
 * /series part also says how many read-through parts it added (`more`; none is as good as not saying); a
 * part whose request got no answer keeps that request there, so the finish never asks it again. */
export function partEnded(runId: string, part: number, more: number, unanswered?: ApiRequest): void {
  put({
    [partKey(runId, part)]: unanswered ? JSON.stringify(unanswered) : '1',
    ...(more && { [seriesKey(runId)]: String(more) }),
  });
}

/** What the first `parts` parts of a sidebar refresh left unanswered (read-through parts come after round
 * 1's: a series list longer than the finish looks for is asked again). Best effort, like every entry. */
export function unansweredInParts(runId: string, parts: number): ApiRequest[] {
  try {
    // No cache (outside a document): nothing noted.
    return Object.values(cache()?.getAll(partKeys(runId, 0, parts)) ?? {})
      .map(parseJson)
      .filter((r): r is ApiRequest => isObject(r) && typeof r.endpoint === 'string');
  } catch {
    return [];
  }
}

/** How many parts of a sidebar refresh have ended, of how many (round 1's and one per series); nothing
 * while none has. */
function partsEnded(c: GoogleAppsScript.Cache.Cache, p: RefreshProgress): Partial<RefreshProgress> {
  const key = seriesKey(p.runId);
  const first = c.getAll([key, ...partKeys(p.runId, 0, p.requests)]);
  const series = Number(first[key]) || 0;
  delete first[key];
  const more = series > 0 ? c.getAll(partKeys(p.runId, p.requests, p.requests + series)) : {};
  const asked = Object.keys({ ...first, ...more }).length;
  return asked ? { asked, series } : {};
}

/** The latest run in this spreadsheet, whoever started it (sidebar, menu, nightly), or null. */
export function getRefreshProgress(): RefreshProgress | null {
  const c = cache();
  if (!c) return null;
  const id = c.get(LATEST);
  const p = id && (parseJson(c.get(LATEST + id)) as RefreshProgress | undefined);
  const now = Date.now();
  if (!p) return null;
  return {
    ...p,
    running: isRunning(p, now),
    readAt: now,
    // While a sidebar refresh's parts ask the API: how many have ended, k of n.
    ...(p.step === 'asking' && p.origin === 'sidebar' && partsEnded(c, p)),
  };
}
