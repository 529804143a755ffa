// What executions in the emulator cost, counted exactly: HTTP requests and fetch rounds, service calls by
// `Class.method` and by service, the cells of each Range call, executions. The model (cost-model.ts) turns
// these counts into Google's time; the times measured here (loopback HTTP, emulator wall) are indicative.
import type { Emulator } from '../gas/index.ts';
import type { Countable } from './cost-model.ts';

export interface ExecutionCost extends Countable {
  readonly httpRequests: number;
  /** UrlFetchApp.fetch and fetchAll calls: one round each. */
  readonly fetchRounds: number;
  /** Real time the script waited on HTTP, summed over rounds (the emulator records each round's duration). */
  readonly httpMs: number;
  readonly spreadsheetCalls: number;
  /** Every service call but UrlFetchApp's. */
  readonly serviceCalls: number;
  readonly callsByService: Readonly<Record<string, number>>;
  readonly executions: number;
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
function costSinceReset(emulator: Emulator, wallMs = 0): ExecutionCost {
  const http = emulator.stats.http();
  const rounds = new Map<number, { ms: number; requests: number }>();
  for (const record of http) {
    const round = rounds.get(record.round);
    rounds.set(record.round, { ms: record.ms, requests: (round?.requests ?? 0) + 1 });
  }
  const callsByService = emulator.stats.callsByService();
  const serviceCalls = Object.entries(callsByService)
    .filter(([service]) => service !== 'UrlFetchApp')
    .reduce((sum, [, n]) => sum + n, 0);
  const executions = emulator.stats.executions();
  return {
    httpRequests: http.length,
    fetchRounds: emulator.stats.fetchAllRounds(),
    // A round whose requests were all refused before sending has no record: a round of one.
    roundSizes: [
      ...[...rounds.values()].map((r) => r.requests),
      ...Array<number>(Math.max(0, emulator.stats.fetchAllRounds() - rounds.size)).fill(1),
    ],
    httpMs: [...rounds.values()].reduce((a, r) => a + r.ms, 0),
    spreadsheetCalls: callsByService.SpreadsheetApp ?? 0,
    serviceCalls,
    callsByService,
    calls: emulator.stats.calls(),
    cells: emulator.stats.cells(),
    executions: executions.all,
    spreadsheetExecutions: executions.spreadsheet,
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

function sumCounts(records: ReadonlyArray<Readonly<Record<string, number>>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const record of records) for (const [k, n] of Object.entries(record)) out[k] = (out[k] ?? 0) + n;
  return out;
}

/** Several executions as one cost: every count summed (a sheet of formula cells, each its own execution). */
export function combined(costs: readonly ExecutionCost[]): ExecutionCost {
  const sum = (read: (c: ExecutionCost) => number) => costs.reduce((a, c) => a + read(c), 0);
  const methods = [...new Set(costs.flatMap((c) => Object.keys(c.cells)))];
  return {
    httpRequests: sum((c) => c.httpRequests),
    fetchRounds: sum((c) => c.fetchRounds),
    roundSizes: costs.flatMap((c) => c.roundSizes),
    httpMs: sum((c) => c.httpMs),
    spreadsheetCalls: sum((c) => c.spreadsheetCalls),
    serviceCalls: sum((c) => c.serviceCalls),
    callsByService: sumCounts(costs.map((c) => c.callsByService)),
    calls: sumCounts(costs.map((c) => c.calls)),
    cells: Object.fromEntries(methods.map((m) => [m, sumCounts(costs.map((c) => c.cells[m] ?? {}))])),
    executions: sum((c) => c.executions),
    spreadsheetExecutions: sum((c) => c.spreadsheetExecutions),
    wallMs: sum((c) => c.wallMs),
  };
}

/** The counts of several runs of the same work must agree: they are the deterministic figures. */
function sameCounts(costs: readonly ExecutionCost[]): boolean {
  const counts = (c: ExecutionCost) =>
    JSON.stringify([c.httpRequests, c.roundSizes, c.serviceCalls, c.calls, c.cells, c.spreadsheetExecutions]);
  return costs.every((c) => counts(c) === counts(costs[0]!));
}

/** Several runs summarised: counts of the first (sameCounts says whether all agreed), medians of the times. */
export function summarise(
  costs: readonly ExecutionCost[],
): ExecutionCost & { runs: number; stable: boolean } {
  const first = costs[0];
  if (!first) throw new Error('no runs to summarise');
  return {
    ...first,
    httpMs: median(costs.map((c) => c.httpMs)),
    wallMs: median(costs.map((c) => c.wallMs)),
    runs: costs.length,
    stable: sameCounts(costs),
  };
}
