// Faults set by tests, per path relative to /v1: status sequences, latency, hanging, broken bodies,
// forced truncation. The most specific matching path wins: an exact path with a range ('/timeline?range=all_time',
// only requests for that range), an exact path, then one with `*` segments, then '*' for every path.

import type { FaultBody, FaultSpec, FaultStatus } from './types.ts';

const BODIES: readonly FaultBody[] = [
  'malformed-json',
  'html-200',
  'html-502',
  'empty',
  'cut-short',
  'cut-connection',
  'byte-order-mark',
];

/** What one request gets from the fault that matched it. */
export interface AppliedFault {
  readonly latencyMs: number;
  readonly hang: boolean;
  readonly status: {
    status: number;
    retryAfter?: number;
    body?: string;
    contentType?: string;
    location?: string;
  } | null;
  readonly body: FaultBody | null;
  readonly truncated: boolean;
}

interface ActiveFault {
  readonly spec: FaultSpec;
  readonly statuses: FaultStatus[];
  remaining: number;
}

export class FaultBook {
  private readonly faults = new Map<string, ActiveFault>();

  set(path: string, spec: FaultSpec): void {
    checkFault(path, spec);
    const remaining = spec.times ?? Number.POSITIVE_INFINITY;
    this.faults.set(path, { spec, statuses: [...(spec.statuses ?? [])], remaining });
  }

  clear(): void {
    this.faults.clear();
  }

  /** The fault for one request to `path` (asking for `range`), consuming one use of it (and one status of its sequence). */
  take(path: string, range: string | null = null, search?: URLSearchParams): AppliedFault | null {
    const ranged = range === null ? null : `${path}?range=${range}`;
    const pattern =
      ranged !== null && this.faults.has(ranged)
        ? ranged
        : (this.queryMatch(path, search) ?? this.bestMatch(path));
    if (pattern === null) return null;
    const fault = this.faults.get(pattern)!;
    fault.remaining -= 1;
    const next = fault.statuses.shift();
    if (fault.remaining <= 0 || isSpent(fault)) this.faults.delete(pattern);
    return {
      latencyMs: fault.spec.latencyMs ?? 0,
      hang: fault.spec.hang === true,
      status: next === undefined ? null : typeof next === 'number' ? { status: next } : next,
      body: fault.spec.body ?? null,
      truncated: fault.spec.truncated === true,
    };
  }

  /** A path with one query parameter (`/reports/books?cursor=after-3`): that request only (a later page). */
  private queryMatch(path: string, search: URLSearchParams | undefined): string | null {
    if (!search) return null;
    for (const pattern of this.faults.keys()) {
      const [at, query] = pattern.split('?');
      if (at !== path || !query || query.startsWith('range=')) continue;
      const [name, value] = query.split('=');
      if (name && search.get(name) === value) return pattern;
    }
    return null;
  }

  private bestMatch(path: string): string | null {
    let best: string | null = null;
    let bestRank = -1;
    for (const pattern of this.faults.keys()) {
      if (pattern.includes('?')) continue; // for one range only: matched in take()
      const rank = pattern === '*' ? 0 : pattern.includes('*') ? 1 : 2;
      if (rank > bestRank && matches(pattern, path)) {
        best = pattern;
        bestRank = rank;
      }
    }
    return best;
  }
}

/** A fault that only held a status sequence has nothing left to do once the sequence is used up. */
function isSpent(fault: ActiveFault): boolean {
  const { latencyMs, hang, body, truncated } = fault.spec;
  return fault.statuses.length === 0 && !latencyMs && !hang && !body && !truncated;
}

function matches(pattern: string, path: string): boolean {
  if (pattern === '*') return true;
  const want = pattern.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((segment, i) => segment === '*' || segment === got[i]);
}

function checkFault(path: string, spec: FaultSpec): void {
  if (path !== '*' && !path.startsWith('/'))
    throw new TypeError(`Fault path must be '*' or start with '/': ${path}`);
  const query = path.split('?')[1];
  if (query !== undefined && (!/^[a-z_]+=[^&=]+$/.test(query) || path.includes('*')))
    throw new TypeError(
      `A fault for one range (or one page) is written '/path?range=name' or '/path?cursor=value' (no '*', nothing else): ${path}`,
    );
  if (path === '/v1' || path.startsWith('/v1/')) {
    throw new TypeError(`Fault paths are relative to /v1: use '${path.slice(3) || '/'}'`);
  }
  if (spec.times !== undefined && !(Number.isInteger(spec.times) && spec.times > 0)) {
    throw new TypeError('fault.times must be a whole number above 0');
  }
  if (spec.latencyMs !== undefined && !(spec.latencyMs >= 0 && Number.isFinite(spec.latencyMs))) {
    throw new TypeError('fault.latencyMs must be a finite number of milliseconds, 0 or more');
  }
  if (spec.body !== undefined && !BODIES.includes(spec.body)) {
    throw new TypeError(`fault.body must be one of ${BODIES.join(', ')}`);
  }
  for (const entry of spec.statuses ?? []) {
    const status = typeof entry === 'number' ? entry : entry.status;
    if (!(Number.isInteger(status) && status >= 100 && status <= 599)) {
      throw new TypeError(`fault status ${String(status)} is not an HTTP status`);
    }
  }
}
