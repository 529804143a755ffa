// createEmulator: the world that persists (spreadsheet, stores, triggers, clock, records: world.ts) and
// the executions that run Code.js against it (execution.ts), started as Google starts them (runs.ts),
// with the test switches (switches.ts) and the uncounted read-back (read-back.ts).
import { executor, loadScript } from './execution.ts';
import { createReadBack } from './read-back.ts';
import { createRuns } from './runs.ts';
import { createSwitches } from './switches.ts';
import type { ConcurrentCall, ConcurrentOutcome, Emulator, EmulatorOptions, RunOptions } from './types.ts';
import { createWorld, distDirOf, userCheck } from './world.ts';

export { CONCURRENT_CALLS } from './runs.ts';
export { DEFAULT_START_TIME, REPO_ROOT } from './world.ts';

export function createEmulator(options: EmulatorOptions = {}): Emulator {
  // The script first: a missing build throws before the world starts its HTTP worker.
  const script = loadScript(distDirOf(options));
  const world = createWorld(options);
  const checkUser = userCheck(world);
  const { run, runConcurrently, runCustomFunction, ...started } = createRuns(
    world,
    executor(script, world, options.budgets),
    checkUser,
  );
  const switches = createSwitches(world, checkUser);
  return {
    owner: world.owner,
    editors: world.editors,
    ...started,
    run: <T>(name: string, args?: unknown[], opts?: RunOptions) => run(name, args, opts) as T,
    runConcurrently: <T>(calls: readonly ConcurrentCall[]) =>
      runConcurrently(calls) as ConcurrentOutcome<T>[],
    runCustomFunction: <T>(name: string, args: unknown[], opts: { as?: string } = {}) =>
      runCustomFunction(name, args, opts) as T,
    deployment: world.deployment,
    clock: { now: () => world.clock.now(), advance: (ms: number) => world.clock.advance(ms) },
    ...createReadBack(world, checkUser),
    switches,
    serviceFaultRefusals: (kind) => world.serviceFaults.refusals(kind),
    serviceFaultFirst: (kind) => world.serviceFaults.firstRefused(kind),
    consentPrompts: () => world.consentPrompts.map((p) => ({ ...p, scopes: [...p.scopes] })),
    requireReauthorization: switches.requireAuthorization,
    close: () => world.http.close(),
  };
}
