// One execution of Code.js: like Apps Script, the whole script loaded into a fresh V8 context (so
// module-level state never survives from one execution to the next), the services bound to it, the
// function called within its time limit, and its locks released however it ends.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { Binding, fromRealm } from './binding.ts';
import type { Env, Execution, ExecutionKind, World } from './env.ts';
import { GasError, messages } from './messages.ts';
import { createScriptContext, defineGlobals, hasFunction, invoke } from './realm.ts';
import { scriptGlobals } from './services.ts';
import type { EmulatorOptions } from './types.ts';

/** Apps Script's limits per execution (docs/apps-script.md): 30 s for custom functions and simple triggers, 6 min otherwise. */
const BUDGET_MS: Record<ExecutionKind, number> = {
  'custom-function': 30_000,
  'simple-trigger': 30_000,
  menu: 6 * 60_000,
  trigger: 6 * 60_000,
  test: Number.POSITIVE_INFINITY,
};

/** An execution to run: who, in which mode (its deadline comes from its kind's budget). */
export type ExecutionStart = Omit<Execution, 'deadline'>;

/** Runs `name` in a new execution with the arguments `args` makes for it; throws what the script throws. */
export type Execute = (
  exec: ExecutionStart,
  name: string,
  args: (env: Env, binding: Binding) => unknown[],
) => unknown;

/** The built script, compiled once: every execution runs it afresh. */
export function loadScript(distDir: string): vm.Script {
  const codeFile = path.join(distDir, 'Code.js');
  if (!existsSync(codeFile)) throw new Error(`${codeFile} is missing: run npm run build first.`);
  return new vm.Script(readFileSync(codeFile, 'utf8'), { filename: 'Code.js' });
}

/** The script's error as a Node Error with the same message (what a cell or the log would show). */
function hostError(err: unknown): Error {
  if ((err as { code?: unknown })?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT')
    return new GasError(messages.exceededTime);
  if (Object.prototype.toString.call(err) === '[object Error]') {
    const e = err as Error;
    const out = new Error(String(e.message));
    out.name = String(e.name);
    return out;
  }
  return new Error(String(err));
}

function captureValue(capture: (text: string) => void, value: unknown): void {
  if (value === undefined) return;
  try {
    capture(typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    capture(String(value));
  }
}

export function executor(script: vm.Script, world: World, budgets: EmulatorOptions['budgets']): Execute {
  const { accounting } = world;
  return (exec, name, args) => {
    const budget = budgets?.[exec.kind] ?? BUDGET_MS[exec.kind];
    // A trigger's execution works on its own spreadsheet, or on one it opens by id: the test's is put back.
    const inFront = world.spreadsheet.id;
    if (exec.documentId !== undefined) world.documents.use(world, exec.documentId);
    accounting.startExecution();
    const env: Env = {
      world,
      exec: { ...exec, deadline: world.clock.now() + budget },
      counted: true,
      capture: (text) => accounting.capture(text),
    };
    const { context, realm } = createScriptContext(() => world.clock.now());
    const binding = new Binding(env, realm);
    defineGlobals(context, scriptGlobals(env, binding, realm));
    try {
      script.runInContext(context, { timeout: budget });
      if (!hasFunction(context, name)) throw new GasError(messages.scriptFunctionNotFound(name));
      const result = fromRealm(
        invoke(
          context,
          name,
          args(env, binding).map((a) => binding.toRealm(a)),
          budget,
        ),
      );
      if (world.clock.now() >= env.exec.deadline) throw new GasError(messages.exceededTime);
      captureValue(env.capture, result);
      return result;
    } catch (err) {
      // Past its limit an execution is stopped, whatever the script was doing (catching included).
      const e = world.clock.now() >= env.exec.deadline ? new GasError(messages.exceededTime) : hostError(err);
      accounting.capture(e.message);
      throw e;
    } finally {
      world.locks.releaseAll(env.exec);
      world.documents.use(world, inFront);
    }
  };
}
