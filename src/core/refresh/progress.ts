// What a running refresh publishes for a second, concurrent server call (the sidebar's poll, `npm start`)
// to read: plain numbers the server writes cheaply, and the words the readers make of them.
import { plural, truncatedTally } from '../base/phrases';
import { EXECUTION_LIMIT_MS } from './interrupted';
import type { RefreshOrigin } from './origin';

type RefreshStep = 'asking' | 'reading' | 'writing' | 'done' | 'failed';

export interface RefreshProgress {
  readonly runId: string;
  readonly origin: RefreshOrigin;
  readonly step: RefreshStep;
  /** Requests of the first round (the reports, /account and /series). */
  readonly requests: number;
  /** A sidebar refresh in parts: how many of its `requests` + `series` parts have ended (set by the
   * reading call, which also sets `series` then). */
  readonly asked?: number;
  /** Series read in the second round (0 until then, or when read-through is not chosen). */
  readonly series: number;
  /** Tabs written so far, of `tabs`. */
  readonly written: number;
  readonly tabs: number;
  /** Set with "done": of the tabs written, those that failed and those the API cut short (meta.truncated). */
  readonly failed?: number;
  readonly truncated?: number;
  /** Epoch milliseconds on the server's clock. */
  readonly startedAt: number;
  readonly updatedAt: number;
  /** Set by the reading server call: still going (not finished, failed, nor older than an execution lives). */
  readonly running?: boolean;
  /** Set by the reading server call: its clock, so the wait since the last step is measured on one clock. */
  readonly readAt?: number;
}

/** A wait shorter than this is an ordinary API round; longer, the sidebar says it is waiting. */
export const WAIT_SHOWN_MS = 3_000;

/** While the API keeps a round waiting: "Waiting 12 s for the API to answer…" ('' otherwise). A request
 * that never answers is given up after UrlFetchApp's timeout, about 60 s; the other tabs come then. */
export function waitText(p: RefreshProgress): string {
  const waited = p.readAt === undefined ? 0 : p.readAt - p.updatedAt;
  if (!p.running || (p.step !== 'asking' && p.step !== 'reading') || waited < WAIT_SHOWN_MS) return '';
  return `Waiting ${Math.round(waited / 1000)} s for the API to answer. A request it never answers is given up after about 60 s; the other tabs are written then.`;
}

/** An execution lives at most six minutes: a run not finished by then died with it. */
export const RUN_LIFETIME_MS = EXECUTION_LIMIT_MS;

export function isRunning(progress: RefreshProgress, nowMs: number): boolean {
  return (
    progress.step !== 'done' && progress.step !== 'failed' && nowMs - progress.startedAt < RUN_LIFETIME_MS
  );
}

/** "in 12 s"; a run shorter than a second is said as such, never "in 0 s". */
function inTime(ms: number): string {
  return ms < 1000 ? 'in under a second' : `in ${Math.round(ms / 1000)} s`;
}

/** One line: "Asking the API (11 requests)…", "Reading 3 series…", "Writing tabs: 4 of 11", "11 of 11 tabs written in 12 s". */
export function progressText(p: RefreshProgress): string {
  const ms = Math.max(0, p.updatedAt - p.startedAt);
  switch (p.step) {
    case 'asking':
      return p.asked === undefined
        ? `Asking the API (${plural(p.requests, 'request')})…`
        : `Asking the API: ${p.asked} of ${plural(p.requests + p.series, 'request')} done…`;
    case 'reading':
      return `Reading ${p.series} series…`;
    case 'writing':
      return `Writing tabs: ${p.written} of ${p.tabs}`;
    case 'done':
      return `${p.written} of ${plural(p.tabs, 'tab')} written ${inTime(ms)}${doneCounts(p)}`;
    default:
      return `The refresh stopped ${ms < 1000 ? 'within a second' : `after ${Math.round(ms / 1000)} s`} (${p.written} of ${plural(p.tabs, 'tab')} written).`;
  }
}

/** "; 1 failed; 8 truncated: figures may be too low": every summary line counts what went wrong. */
function doneCounts(p: RefreshProgress): string {
  const failed = p.failed ? `; ${p.failed} failed` : '';
  return p.truncated ? `${failed}; ${truncatedTally(p.truncated)}` : failed;
}

/** The bar: the API rounds count as one step, then one per tab. */
export function progressFraction(p: RefreshProgress): { value: number; max: number } {
  const max = p.tabs + 1;
  return { value: p.step === 'asking' || p.step === 'reading' ? 0 : Math.min(max, p.written + 1), max };
}
