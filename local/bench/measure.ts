// What one execution in the emulator costs, counted exactly: HTTP requests, fetch/fetchAll rounds,
// service calls by service, and the modelled Apps Script time. Plus medians, for the timed figures.
import type { Emulator } from '../gas/index.ts';

/** Google's best-practices example: a 100×100 grid cell by cell ~70 s, batched ~1 s (docs/apps-script.md). */
export const MS_PER_SERVICE_CALL = 7;
/** What one UrlFetchApp request to an outside API costs on Google (README.md, "Cost model", for sources). */
export const MS_PER_REQUEST = 300;

/** The model of Google's time: every service call and every HTTP request at a fixed cost. */
export interface CostModel {
  readonly msPerCall: number;
  readonly msPerRequest: number;
}

export const DEFAULT_COST_MODEL: CostModel = { msPerCall: MS_PER_SERVICE_CALL, msPerRequest: MS_PER_REQUEST };

/** Modelled Google time: service calls × the per-call cost + HTTP requests × the per-request latency. */
export function googleMs(
  cost: Pick<ExecutionCost, 'serviceCalls' | 'httpRequests'>,
  model: CostModel,
): number {
  return cost.serviceCalls * model.msPerCall + cost.httpRequests * model.msPerRequest;
}

export interface ExecutionCost {
  readonly httpRequests: number;
  /** UrlFetchApp.fetch and fetchAll calls: one round each. */
  readonly fetchRounds: number;
  /** Real time the script waited on HTTP, summed over rounds (the emulator records each round's duration). */
  readonly httpMs: number;
  readonly spreadsheetCalls: number;
  /** Every service call but UrlFetchApp's, whose cost is httpMs. */
  readonly serviceCalls: number;
  readonly callsByService: Readonly<Record<string, number>>;
  /** By `Class.method`, as the emulator counts them. */
  readonly calls: Readonly<Record<string, number>>;
  /** On loopback: MS_PER_SERVICE_CALL × serviceCalls + httpMs (the measured HTTP time, ~1 ms a request). */
  readonly modelledMs: number;
  /** Real time in the emulator (indicative: Node is not Apps Script). */
  readonly wallMs: number;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The cost recorded since the last stats.reset(). */
export function costSinceReset(emulator: Emulator, wallMs = 0): ExecutionCost {
  const http = emulator.stats.http();
  const roundMs = new Map<number, number>();
  for (const record of http) roundMs.set(record.round, record.ms);
  const httpMs = [...roundMs.values()].reduce((a, b) => a + b, 0);
  const callsByService = emulator.stats.callsByService();
  const serviceCalls = Object.entries(callsByService)
    .filter(([service]) => service !== 'UrlFetchApp')
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    httpRequests: http.length,
    fetchRounds: emulator.stats.fetchAllRounds(),
    httpMs,
    spreadsheetCalls: callsByService.SpreadsheetApp ?? 0,
    serviceCalls,
    callsByService,
    calls: emulator.stats.calls(),
    modelledMs: MS_PER_SERVICE_CALL * serviceCalls + httpMs,
    wallMs,
  };
}

/** Runs `work` with the counters reset first; returns its cost. */
export function measured(emulator: Emulator, work: () => void): ExecutionCost {
  emulator.stats.reset();
  const started = performance.now();
  work();
  return costSinceReset(emulator, performance.now() - started);
}

/** The counts of several runs of the same work must agree: they are the deterministic figures. */
export function sameCounts(costs: readonly ExecutionCost[]): boolean {
  const counts = (c: ExecutionCost) =>
    JSON.stringify([c.httpRequests, c.fetchRounds, c.serviceCalls, c.callsByService]);
  return costs.every((c) => counts(c) === counts(costs[0]!));
}

/** Several runs summarised: counts of the first (sameCounts says whether all agreed), medians of the times. */
export function summarise(
  costs: readonly ExecutionCost[],
): ExecutionCost & { runs: number; stable: boolean } {
  const first = costs[0];
  if (!first) throw new Error('no runs to summarise');
  const httpMs = median(costs.map((c) => c.httpMs));
  return {
    ...first,
    httpMs,
    modelledMs: MS_PER_SERVICE_CALL * first.serviceCalls + httpMs,
    wallMs: median(costs.map((c) => c.wallMs)),
    runs: costs.length,
    stable: sameCounts(costs),
  };
}
