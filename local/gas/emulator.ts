// createEmulator: the world that persists (spreadsheet, stores, triggers, clock, records) and the
// executions that run Code.js against it. Like Apps Script, every execution loads the whole script into
// a fresh V8 context, so module-level state never survives from one execution to the next.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { Accounting } from './accounting.ts';
import { Binding, fromRealm } from './binding.ts';
import { Clock } from './clock.ts';
import { Documents } from './documents.ts';
import type { Env, Execution, ExecutionKind, Manifest, World } from './env.ts';
import { FormulaCells } from './formula-cells.ts';
import { HttpBridge } from './http-bridge.ts';
import { lockName } from './lock.ts';
import { GasError, messages } from './messages.ts';
import { createScriptContext, defineGlobals, HOST_REALM, hasFunction, invoke } from './realm.ts';
import { scriptGlobals } from './services.ts';
import { User } from './session.ts';
import { snapshotOf } from './snapshot.ts';
import { RESULT_CELL_LIMIT, resultInCells } from './spreadsheet/cell-limit.ts';
import { SpreadsheetModel } from './spreadsheet/model.ts';
import { Spreadsheet } from './spreadsheet/spreadsheet.ts';
import { CacheStores, CallFaults, LockState, MailState, PropertyStores, TriggerStore } from './state.ts';
import { nextRun, TEST_DEPLOYMENT_NEVER_FIRES } from './trigger-schedule.ts';
import type {
  AuthModeName,
  ConcurrentCall,
  ConcurrentOutcome,
  Emulator,
  EmulatorOptions,
  RunOptions,
} from './types.ts';
import { FETCH_TIMEOUT_MS } from './url-fetch.ts';
import { wallTime } from './zone.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_START_TIME = Date.parse('2026-11-21T08:00:00Z');
export const DEFAULT_SPREADSHEET_ID = '1RoyaltiesEmulatedSpreadsheet0000000000000';

/** Apps Script's limits per execution (docs/apps-script.md): 30 s for custom functions and simple triggers, 6 min otherwise. */
export const BUDGET_MS: Record<ExecutionKind, number> = {
  'custom-function': 30_000,
  'simple-trigger': 30_000,
  menu: 6 * 60_000,
  trigger: 6 * 60_000,
  test: Number.POSITIVE_INFINITY,
};

function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, 'appsscript.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : {};
}

/** The script's error as a Node Error with the same message (what a cell or the log would show). */
/** google.script.run "allows 10 concurrent calls" (developers.google.com/apps-script/guides/html/reference/run). */
export const CONCURRENT_CALLS = 10;

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

export function createEmulator(options: EmulatorOptions = {}): Emulator {
  const distDir = options.distDir ?? path.join(REPO_ROOT, 'dist');
  const codeFile = path.join(distDir, 'Code.js');
  if (!existsSync(codeFile)) throw new Error(`${codeFile} is missing: run npm run build first.`);
  const script = new vm.Script(readFileSync(codeFile, 'utf8'), { filename: 'Code.js' });
  const owner = options.owner ?? 'owner@example.com';
  const editors = options.editors ?? ['editor@example.com'];
  const timeZone = options.timeZone ?? 'Europe/London';
  const start = options.startTime ?? DEFAULT_START_TIME;
  const accounting = new Accounting();
  const firstSpreadsheet = new SpreadsheetModel(
    options.spreadsheetId ?? DEFAULT_SPREADSHEET_ID,
    options.spreadsheetName ?? 'Royalties',
    owner,
    timeZone,
  );
  const properties = new PropertyStores();
  const caches = new CacheStores();
  const world: World = {
    owner,
    editors,
    distDir,
    // The script's time zone is the manifest's (as in Apps Script); a manifest without one follows the spreadsheet.
    manifest: { timeZone, ...readManifest(distDir) },
    routes: options.routes ?? {},
    addonName: options.addonName ?? 'Royalties for Sheets',
    deployment: options.deployment ?? 'addon',
    readings: {
      // The pessimistic reading per route: public reports say an installed add-on's clock trigger runs with
      // no active document; a bound script's was seen to have its spreadsheet (types.ts).
      clockTriggerHasDocument: options.clockTriggerHasDocument ?? (options.deployment ?? 'addon') !== 'addon',
      userTriggersListClock: options.userTriggersListClock ?? false,
      namedRangeOutlivesSheet: options.namedRangeOutlivesSheet ?? true,
      chartRangesAsAdded: options.chartRangesAsAdded ?? false,
      resultCellLimit: options.resultCellLimit === undefined ? RESULT_CELL_LIMIT : options.resultCellLimit,
      brokenNamedRangeThrows: options.brokenNamedRangeThrows ?? true,
      fetchTimeoutSeconds: options.fetchTimeoutSeconds ?? 'ignored',
    },
    clock: new Clock(typeof start === 'number' ? start : start.getTime()),
    accounting,
    spreadsheet: firstSpreadsheet,
    documents: new Documents(firstSpreadsheet, properties.document, caches.document),
    properties,
    caches,
    locks: new LockState(),
    triggers: new TriggerStore(),
    ui: { menus: [], sidebars: [], dialogs: [], alerts: [], toasts: [] },
    http: new HttpBridge(options.whileWaiting),
    mail: new MailState(),
    hangAfterMs: options.hangAfterMs ?? FETCH_TIMEOUT_MS,
    authorizationRequired: new Map(),
    withheldEmails: new Set(),
    callFaults: new CallFaults(),
  };
  const users = new Set([owner, ...editors]);
  const checkUser = (email: string): string => {
    if (!users.has(email)) throw new Error(`${email} is neither the owner nor an editor of the spreadsheet.`);
    return email;
  };

  function execute(
    exec: Omit<Execution, 'deadline'>,
    name: string,
    args: (env: Env, binding: Binding) => unknown[],
  ): unknown {
    const budget = options.budgets?.[exec.kind] ?? BUDGET_MS[exec.kind];
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
  }

  const runCustomFunction = (name: string, args: unknown[], opts: { as?: string } = {}): unknown => {
    const as = checkUser(opts.as ?? owner);
    // The formula runs with the owner's authority; Google hides who typed it unless it is the owner.
    return resultInCells(
      execute(
        {
          kind: 'custom-function',
          mode: 'CUSTOM_FUNCTION',
          effectiveUser: owner,
          activeUser: as === owner ? owner : '',
          hasDocument: true,
        },
        name,
        () => args,
      ),
      world.readings.resultCellLimit,
    );
  };
  // Formula cells, recalculated after every execution as Sheets does after a change (formula-cells.ts).
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
    const mode: AuthModeName = opts.mode ?? 'FULL';
    const kind: ExecutionKind = mode === 'FULL' ? 'menu' : 'simple-trigger';
    return thenRecalculate(() =>
      execute({ kind, mode, effectiveUser: as, activeUser: as, hasDocument: true }, name, () => args),
    );
  };

  const runConcurrently = (calls: readonly ConcurrentCall[]): ConcurrentOutcome[] => {
    const outcomes: ConcurrentOutcome[] = [];
    const executions = calls.map((call, i) => () => {
      const as = checkUser(call.as ?? owner);
      try {
        const exec = {
          kind: 'menu',
          mode: 'FULL',
          effectiveUser: as,
          activeUser: as,
          hasDocument: true,
        } as const;
        outcomes[i] = { ok: true, value: execute(exec, call.name, () => call.args ?? []) };
      } catch (err) {
        outcomes[i] = { ok: false, error: err instanceof Error ? err : new Error(String(err)) };
      }
    });
    thenRecalculate(() => world.http.runSideBySide(executions, CONCURRENT_CALLS));
    return outcomes;
  };

  const requireAuthorization = (email: string, required = true, opts: { refuse?: string[] } = {}): void => {
    if (required) world.authorizationRequired.set(checkUser(email), new Set(opts.refuse ?? []));
    else world.authorizationRequired.delete(email);
  };

  const testEnv: Env = {
    world,
    exec: {
      kind: 'test',
      mode: 'FULL',
      effectiveUser: owner,
      activeUser: owner,
      deadline: Number.POSITIVE_INFINITY,
      hasDocument: true,
    },
    counted: false,
    capture: () => {},
  };
  const testSpreadsheet = new Binding(testEnv, HOST_REALM).wrap(new Spreadsheet(testEnv));

  return {
    owner,
    editors,
    run: <T>(name: string, args?: unknown[], opts?: RunOptions) => run(name, args, opts) as T,
    runConcurrently: <T>(calls: readonly ConcurrentCall[]) =>
      runConcurrently(calls) as ConcurrentOutcome<T>[],
    runCustomFunction: <T>(name: string, args: unknown[], opts: { as?: string } = {}) =>
      runCustomFunction(name, args, opts) as T,
    formulas: {
      enter: (sheetName: string, a1: string, formula: string) => formulaCells.enter(sheetName, a1, formula),
      read: (sheetName: string, a1: string) => formulaCells.read(sheetName, a1),
      recalculate: () => formulaCells.recalculate(),
    },
    open: (opts: RunOptions = {}) => {
      const as = checkUser(opts.as ?? owner);
      const mode: AuthModeName = opts.mode ?? 'LIMITED';
      execute(
        {
          kind: mode === 'FULL' ? 'menu' : 'simple-trigger',
          mode,
          effectiveUser: as,
          activeUser: as,
          hasDocument: true,
        },
        'onOpen',
        (env) => [{ authMode: mode, source: new Spreadsheet(env), user: new User(env, as) }],
      );
    },
    clickMenuItem: (caption: string, opts: { as?: string } = {}) => {
      const item = world.ui.menus
        .flatMap((m) => m.items)
        .find((i) => i !== 'separator' && i.caption === caption);
      if (!item || item === 'separator')
        throw new Error(`No menu item "${caption}" has been added to the UI.`);
      return run(item.functionName, [], { as: opts.as ?? owner });
    },
    deployment: world.deployment,
    triggers: () => world.triggers.all.map(({ documentId: _documentId, ...info }) => ({ ...info })),
    nextRunOf: (id: string) => {
      const trigger = world.triggers.all.find((t) => t.id === id);
      if (!trigger) throw new Error(`No trigger ${id}.`);
      return nextRun(trigger, world.clock.now());
    },
    runTrigger: (id: string) => {
      const trigger = world.triggers.all.find((t) => t.id === id);
      if (!trigger) throw new Error(`No trigger ${id}.`);
      if (world.deployment === 'test-deployment') throw new Error(TEST_DEPLOYMENT_NEVER_FIRES);
      const now = world.clock.now();
      const w = wallTime(now, 'UTC');
      const event = {
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
      return thenRecalculate(() =>
        execute(
          {
            kind: 'trigger',
            mode: 'FULL',
            effectiveUser: trigger.user,
            activeUser: trigger.user,
            hasDocument: world.readings.clockTriggerHasDocument,
            documentId: trigger.documentId,
          },
          trigger.handler,
          () => [event],
        ),
      );
    },
    clock: { now: () => world.clock.now(), advance: (ms: number) => world.clock.advance(ms) },
    spreadsheet: testSpreadsheet as GoogleAppsScript.Spreadsheet.Spreadsheet,
    sheetSnapshot: (name: string) => snapshotOf(world.spreadsheet, name),
    spreadsheets: {
      add: (id: string, name = 'Royalties') => world.documents.add(id, name, owner, timeZone),
      use: (id: string) => world.documents.use(world, id),
      current: () => world.spreadsheet.id,
      delete: (id: string) => world.documents.delete(id),
      unshare: (id: string, user: string) => world.documents.unshare(id, checkUser(user)),
    },
    stats: {
      calls: () => accounting.calls(),
      callsByService: () => accounting.callsByService(),
      http: () => accounting.http(),
      fetchAllRounds: () => accounting.fetchAllRounds(),
      cells: () => accounting.cells(),
      executions: () => accounting.executions(),
      reset: () => accounting.reset(),
    },
    logs: accounting.logs,
    mail: {
      sent: () => world.mail.sent.map((m) => ({ ...m })),
      remaining: (email: string) =>
        Math.max(0, world.mail.dailyRecipients - world.mail.usedBy(email, world.clock.now())),
    },
    capturedText: () => accounting.capturedText(),
    properties: {
      user: (email: string) => Object.fromEntries(world.properties.user(email)),
      document: () => Object.fromEntries(world.properties.document),
      script: () => Object.fromEntries(world.properties.script),
      setUser: (email: string, key: string, value: string) => {
        world.properties.user(checkUser(email)).set(key, value);
      },
      setDocument: (key: string, value: string) => {
        world.properties.document.set(key, value);
      },
    },
    switches: {
      requireAuthorization,
      holdLock: (kind, opts = {}) => {
        const name = lockName(kind, opts.user ?? owner, world.spreadsheet.id);
        world.locks.heldElsewhere.set(name, opts.untilMs ?? Number.POSITIVE_INFINITY);
      },
      evictCaches: () => world.caches.evictAll(),
      mailRecipientsPerDay: (n: number) => {
        world.mail.dailyRecipients = n;
      },
      withholdEmail: (email: string, withheld = true) => {
        if (withheld) world.withheldEmails.add(checkUser(email));
        else world.withheldEmails.delete(email);
      },
      clockTriggersSeeDocument: (on: boolean) => {
        world.readings.clockTriggerHasDocument = on;
      },
      userTriggersListClock: (on: boolean) => {
        world.readings.userTriggersListClock = on;
      },
      namedRangeOutlivesSheet: (on: boolean) => {
        world.readings.namedRangeOutlivesSheet = on;
      },
      chartRangesAsAdded: (on: boolean) => {
        world.readings.chartRangesAsAdded = on;
      },
      resultCellLimit: (cells: number | null) => {
        world.readings.resultCellLimit = cells;
      },
      brokenNamedRangeThrows: (on: boolean) => {
        world.readings.brokenNamedRangeThrows = on;
      },
      fetchTimeoutSeconds: (reading) => {
        world.readings.fetchTimeoutSeconds = reading;
      },
      failCall: (call, opts = {}) => {
        world.callFaults.add({
          call,
          ...(opts.sheet === undefined ? {} : { sheet: opts.sheet }),
          skip: opts.skip ?? 0,
          message: opts.message ?? messages.serviceFailed(world.spreadsheet.id),
        });
      },
    },
    requireReauthorization: requireAuthorization,
    ui: () => structuredClone(world.ui),
    close: () => world.http.close(),
  };
}
