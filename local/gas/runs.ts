// The ways an execution starts, as Google starts them: a call of the script (menu, sidebar, simple
// trigger), calls side by side, a formula, onOpen, a menu click, an installed trigger firing. After each,
// the formula cells recalculate as Sheets does after a change (formula-cells.ts).
import type { World } from './env.ts';
import type { Execute, ExecutionStart } from './execution.ts';
import { FormulaCells } from './formula-cells.ts';
import { GasError } from './messages.ts';
import { User } from './session.ts';
import { resultInCells } from './spreadsheet/cell-limit.ts';
import { Spreadsheet } from './spreadsheet/spreadsheet.ts';
import type { TriggerModel } from './state.ts';
import { nextRun, TEST_DEPLOYMENT_NEVER_FIRES } from './trigger-schedule.ts';
import type { AuthModeName, ConcurrentCall, ConcurrentOutcome, Emulator, RunOptions } from './types.ts';
import { wallTime } from './zone.ts';

/** google.script.run "allows 10 concurrent calls" (developers.google.com/apps-script/guides/html/reference/run). */
export const CONCURRENT_CALLS = 10;

type Runs = Pick<
  Emulator,
  'formulas' | 'open' | 'clickMenuItem' | 'triggers' | 'nextRunOf' | 'runTrigger'
> & {
  run(name: string, args?: unknown[], opts?: RunOptions): unknown;
  runConcurrently(calls: readonly ConcurrentCall[]): ConcurrentOutcome[];
  runCustomFunction(name: string, args: unknown[], opts?: { as?: string }): unknown;
};

/** A clock trigger's event object (guides/triggers/events, "Time-driven events"), its time in UTC. */
function clockEvent(trigger: TriggerModel, now: number): Record<string, unknown> {
  const w = wallTime(now, 'UTC');
  return {
    authMode: 'FULL',
    triggerUid: trigger.id,
    year: w.year,
    month: w.month,
    'day-of-month': w.day,
    'day-of-week': w.weekday,
    hour: w.hour,
    minute: w.minute,
    second: w.second,
    timezone: 'UTC',
  };
}

export function createRuns(world: World, execute: Execute, checkUser: (email: string) => string): Runs {
  const { owner } = world;
  /** A user's own execution with the document open: FULL runs as a menu call, anything less as a simple trigger. */
  const byUser = (as: string, mode: AuthModeName): ExecutionStart => ({
    kind: mode === 'FULL' ? 'menu' : 'simple-trigger',
    mode,
    effectiveUser: as,
    activeUser: as,
    hasDocument: true,
  });

  const runCustomFunction = (name: string, args: unknown[], opts: { as?: string } = {}): unknown => {
    const as = checkUser(opts.as ?? owner);
    // The formula runs with the owner's authority; Google hides who typed it unless it is the owner.
    const exec: ExecutionStart = {
      kind: 'custom-function',
      mode: 'CUSTOM_FUNCTION',
      effectiveUser: owner,
      activeUser: as === owner ? owner : '',
      hasDocument: true,
    };
    return resultInCells(
      execute(exec, name, () => args),
      world.readings.resultCellLimit,
    );
  };
  const formulaCells = new FormulaCells(world.spreadsheet, (name, args) => runCustomFunction(name, args));
  const thenRecalculate = <T>(work: () => T): T => {
    try {
      return work();
    } finally {
      formulaCells.recalculate();
    }
  };

  const run = (name: string, args: unknown[] = [], opts: RunOptions = {}): unknown => {
    const as = checkUser(opts.as ?? owner);
    return thenRecalculate(() => execute(byUser(as, opts.mode ?? 'FULL'), name, () => args));
  };

  const runConcurrently = (calls: readonly ConcurrentCall[]): ConcurrentOutcome[] => {
    const outcomes: ConcurrentOutcome[] = [];
    const executions = calls.map((call, i) => () => {
      const as = checkUser(call.as ?? owner);
      try {
        outcomes[i] = { ok: true, value: execute(byUser(as, 'FULL'), call.name, () => call.args ?? []) };
      } catch (err) {
        outcomes[i] = { ok: false, error: err instanceof Error ? err : new Error(String(err)) };
      }
    });
    thenRecalculate(() => world.http.runSideBySide(executions, CONCURRENT_CALLS));
    return outcomes;
  };

  const triggerById = (id: string): TriggerModel => {
    const trigger = world.triggers.all.find((t) => t.id === id);
    if (!trigger) throw new Error(`No trigger ${id}.`);
    return trigger;
  };

  return {
    run,
    runConcurrently,
    runCustomFunction,
    formulas: {
      enter: (sheetName, a1, formula) => formulaCells.enter(sheetName, a1, formula),
      read: (sheetName, a1) => formulaCells.read(sheetName, a1),
      recalculate: () => formulaCells.recalculate(),
    },
    open: (opts: RunOptions = {}) => {
      const as = checkUser(opts.as ?? owner);
      const mode: AuthModeName = opts.mode ?? 'LIMITED';
      execute(byUser(as, mode), 'onOpen', (env) => [
        { authMode: mode, source: new Spreadsheet(env), user: new User(env, as) },
      ]);
    },
    clickMenuItem: (caption, opts = {}) => {
      const item = world.ui.menus
        .flatMap((m) => m.items)
        .find((i) => i !== 'separator' && i.caption === caption);
      if (!item || item === 'separator')
        throw new Error(`No menu item "${caption}" has been added to the UI.`);
      return run(item.functionName, [], { as: opts.as ?? owner });
    },
    triggers: () => world.triggers.all.map(({ documentId: _documentId, ...info }) => ({ ...info })),
    nextRunOf: (id) => nextRun(triggerById(id), world.clock.now()),
    runTrigger: (id) => {
      const trigger = triggerById(id);
      if (world.deployment === 'test-deployment') throw new Error(TEST_DEPLOYMENT_NEVER_FIRES);
      const exec: ExecutionStart = {
        kind: 'trigger',
        mode: 'FULL',
        effectiveUser: trigger.user,
        activeUser: trigger.user,
        hasDocument: world.readings.clockTriggerHasDocument,
        documentId: trigger.documentId,
      };
      // Over the day's trigger runtime (switches.serviceFault('triggerDailyQuota')): refused as it starts.
      const quota = world.serviceFaults.takeTrigger();
      if (quota !== null) throw new GasError(quota);
      const event = clockEvent(trigger, world.clock.now());
      return thenRecalculate(() => execute(exec, trigger.handler, () => [event]));
    },
  };
}
