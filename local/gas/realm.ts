// The V8 context an execution runs in: standard JS builtins only (no require, process, Buffer,
// setTimeout, fetch), with Date following the emulated clock. Values cross between this realm and
// Node's through toRealm/fromRealm in binding.ts, so `instanceof Array/Date/Error` hold inside the script.
import vm from 'node:vm';

export interface Realm {
  readonly Array: ArrayConstructor;
  readonly Object: ObjectConstructor;
  readonly Date: DateConstructor;
  readonly Error: ErrorConstructor;
  readonly Function: FunctionConstructor;
}

/** Node's own realm, used by the test-facing (uncounted) view of the spreadsheet. */
export const HOST_REALM: Realm = { Array, Object, Date, Error, Function };

// `new Date()` and `Date.now()` read the emulated clock; every other form of Date is untouched.
const PATCH_DATE = `(function (now) {
  var RealDate = Date;
  function Date_() {
    if (!new.target) return new RealDate(now()).toString();
    var args = Array.prototype.slice.call(arguments);
    return Reflect.construct(RealDate, args.length === 0 ? [now()] : args, new.target);
  }
  Object.setPrototypeOf(Date_, RealDate);
  Date_.prototype = RealDate.prototype;
  Date_.now = function now_() { return now(); };
  Object.defineProperty(Date_, 'name', { value: 'Date' });
  Object.defineProperty(RealDate.prototype, 'constructor', { value: Date_, writable: true, configurable: true });
  Object.defineProperty(globalThis, 'Date', { value: Date_, writable: true, configurable: true });
})`;

const INVOKE = new vm.Script(
  '(function (call) { delete globalThis.__emulatorInvoke; return globalThis[call.name].apply(globalThis, call.args); })(globalThis.__emulatorInvoke)',
  { filename: 'emulator-invoke.js' },
);

interface ScriptContext {
  readonly context: vm.Context;
  readonly realm: Realm;
}

export function createScriptContext(now: () => number): ScriptContext {
  const context = vm.createContext({}, { codeGeneration: { strings: true, wasm: false } });
  (vm.runInContext(PATCH_DATE, context) as (now: () => number) => void)(() => now());
  const realm = vm.runInContext(
    '({ Array: Array, Object: Object, Date: Date, Error: Error, Function: Function })',
    context,
  ) as Realm;
  return { context, realm };
}

export function defineGlobals(context: vm.Context, globals: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(globals)) {
    Object.defineProperty(context, name, { value, writable: true, configurable: true, enumerable: false });
  }
}

export function hasFunction(context: vm.Context, name: string): boolean {
  return typeof (context as Record<string, unknown>)[name] === 'function';
}

/** Calls a top-level function of the loaded script; `timeoutMs` is real time, a guard against endless loops. */
export function invoke(context: vm.Context, name: string, args: unknown[], timeoutMs: number): unknown {
  (context as Record<string, unknown>).__emulatorInvoke = { name, args };
  return INVOKE.runInContext(context, { timeout: timeoutMs });
}

export function isDate(v: unknown): v is Date {
  return Object.prototype.toString.call(v) === '[object Date]';
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v) as object | null;
  return proto === null || Object.getPrototypeOf(proto) === null;
}
