// A refresh's progress in the document cache, where a second server call (the sidebar's poll, a sidebar
// opened meanwhile) can read it: one entry per run, keyed by its id, and a pointer to the latest run,
// both in one putAll. Best effort: no cache (outside a document) or a failed write never stops a refresh.
// Holds counts (and a sidebar refresh's requests that got no answer) only, never the key.
// platform/refresh-progress.ts builds the port and keeps one tracker per execution.
import type { ApiRequest } from '../api';
import { isObject, parseJson } from '../base/unknown';
import { optionalCall } from '../google-faults';
import { isRunning, type RefreshProgress } from '../refresh';

/** The part of a CacheService cache the progress uses. */
export interface ProgressCache {
  get(key: string): string | null;
  getAll(keys: readonly string[]): Record<string, string>;
  putAll(entries: Readonly<Record<string, string>>, ttlSeconds: number): void;
}

export interface ProgressPort {
  /** The document cache; null outside a document. */
  cache(): ProgressCache | null;
  now(): number;
  /** Where Google's own words go: the execution log. */
  log(text: string): void;
}

const LATEST = 'royalties.run.';
/** Longer than an execution lives, so a sidebar opened at the end still finds the outcome. */
const KEEP_S = 600;

/** A sidebar refresh's entries: one per part that ended, and how many series its /series part found. */
const partKey = (runId: string, part: number): string => `${LATEST}${runId}.part.${part}`;
const seriesKey = (runId: string): string => `${LATEST}${runId}.series`;

/** The entries of a sidebar refresh's parts `from` up to `to`. */
function partKeys(runId: string, from: number, to: number): string[] {
  return Array.from({ length: to - from }, (_, i) => partKey(runId, from + i));
}

/** How many parts of a sidebar refresh have ended, of how many (round 1's and one per series); nothing
 * while none has. */
function partsEnded(c: ProgressCache, p: RefreshProgress): Partial<RefreshProgress> {
  const key = seriesKey(p.runId);
  const first = c.getAll([key, ...partKeys(p.runId, 0, p.requests)]);
  const series = Number(first[key]) || 0;
  delete first[key];
  const more = series > 0 ? c.getAll(partKeys(p.runId, p.requests, p.requests + series)) : {};
  const asked = Object.keys({ ...first, ...more }).length;
  return asked ? { asked, series } : {};
}

/** One execution's tracker: the run it started (or, a sidebar refresh's finish, goes on with). */
export function refreshProgressOver(port: ProgressPort) {
  let run: RefreshProgress | null = null;

  /** Progress is for watching: no cache or a failed write never stops a refresh. */
  const put = (entries: Record<string, string>): void => {
    try {
      port.cache()?.putAll(entries, KEEP_S);
    } catch {
      // The refresh itself must go on.
    }
  };
  const report = (change: Partial<RefreshProgress>): void => {
    if (!run) return;
    run = { ...run, ...change, updatedAt: port.now() };
    put({ [LATEST]: run.runId, [LATEST + run.runId]: JSON.stringify(run) });
  };
  const latest = (): RefreshProgress | null => {
    const c = port.cache();
    if (!c) return null;
    const id = c.get(LATEST);
    const p = id && (parseJson(c.get(LATEST + id)) as RefreshProgress | undefined);
    const now = port.now();
    if (!p) return null;
    return {
      ...p,
      running: isRunning(p, now),
      readAt: now,
      // While a sidebar refresh's parts ask the API: how many have ended, k of n.
      ...(p.step === 'asking' && p.origin === 'sidebar' && partsEnded(c, p)),
    };
  };

  return {
    report,
    start(origin: RefreshProgress['origin'], tabs: number, requests: number, runId: string): void {
      const now = port.now();
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
      report({});
    },
    /** Counts a tab written. */
    written(): void {
      if (run) report({ step: 'writing', written: run.written + 1 });
    },
    /** In the refresh's `finally`: a run that did not reach "done" stopped. */
    end(): void {
      if (run && run.step !== 'done') report({ step: 'failed' });
      run = null;
    },
    /** A sidebar refresh's part has ended: its own entry, so parts never write one. The /series part also
     * says how many read-through parts it added (`more`; none is as good as not saying); a part whose
     * request got no answer keeps that request there, so the finish never asks it again. */
    partEnded(runId: string, part: number, more: number, unanswered?: ApiRequest): void {
      put({
        [partKey(runId, part)]: unanswered ? JSON.stringify(unanswered) : '1',
        ...(more && { [seriesKey(runId)]: String(more) }),
      });
    },
    /** What the first `parts` parts of a sidebar refresh left unanswered (read-through parts come after
     * round 1's: a series list longer than the finish looks for is asked again). */
    unansweredInParts(runId: string, parts: number): ApiRequest[] {
      try {
        return Object.values(port.cache()?.getAll(partKeys(runId, 0, parts)) ?? {})
          .map(parseJson)
          .filter((r): r is ApiRequest => isObject(r) && typeof r.endpoint === 'string');
      } catch {
        return [];
      }
    },
    /** The latest run in this spreadsheet, whoever started it, or null: also when the cache refuses. */
    latest: (): RefreshProgress | null => optionalCall(latest, null, port.log),
  };
}
