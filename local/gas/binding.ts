// The membrane between the script and the emulated services. Every service object reaches the script
// as a Proxy that (1) counts each call as `Class.method`, (2) enforces the execution's budget and
// authorization mode, (3) converts values between Node's realm and the script's, and (4) throws
// `not emulated: Class.member` for any member the emulator does not implement.
import type { Env } from './env.ts';
import { GasObject } from './gas-object.ts';
import { GasError, messages } from './messages.ts';
import { refusal } from './permissions.ts';
import { isDate, isPlainObject, type Realm } from './realm.ts';

const TARGETS = new WeakMap<object, GasObject>();
const ENUMS = new WeakSet<object>();

/** Members probed by JS itself, by promise resolution and by test tooling; answered, never refused. */
const PROBES = new Set([
  'then',
  'toJSON',
  'asymmetricMatch',
  '$$typeof',
  'nodeType',
  'tagName',
  '@@__IMMUTABLE_ITERABLE__@@',
  '@@__IMMUTABLE_RECORD__@@',
  'constructor',
]);

/** An enumeration such as ScriptApp.AuthMode whose unknown members throw instead of reading undefined. */
export function strictEnum<T extends Record<string, string>>(name: string, values: T): T {
  const proxy = new Proxy(Object.freeze({ ...values }), {
    get(target, prop) {
      if (typeof prop === 'symbol' || PROBES.has(prop)) return undefined;
      if (prop === 'toString') return () => name;
      if (Object.hasOwn(target, prop)) return target[prop];
      throw new GasError(messages.notEmulated(`${name}.${prop}`));
    },
  });
  ENUMS.add(proxy);
  return proxy;
}

function publicMember(target: GasObject, prop: string): boolean {
  return !prop.startsWith('_') && prop in target && !(prop in Object.prototype);
}

export class Binding {
  readonly #proxies = new WeakMap<GasObject, object>();

  constructor(
    readonly env: Env,
    readonly realm: Realm,
  ) {}

  wrap(target: GasObject): object {
    const known = this.#proxies.get(target);
    if (known) return known;
    const cls = target._class;
    // A blank target: the proxy shows no own keys (JSON.stringify gives '{}', as Google's objects do).
    const proxy = new Proxy(Object.create(null) as object, {
      get: (_blank, prop) => {
        if (typeof prop === 'symbol' || PROBES.has(prop)) return undefined;
        if (prop === 'toString') return () => cls;
        if (target._assigned?.has(prop)) return target._assigned.get(prop);
        if (!publicMember(target, prop))
          throw this.#toRealmError(new GasError(messages.notEmulated(`${cls}.${prop}`)));
        const member = (target as unknown as Record<string, unknown>)[prop];
        if (typeof member !== 'function') return this.toRealm(member);
        return (...args: unknown[]) =>
          this.#call(target, cls, prop, member as (...a: unknown[]) => unknown, args);
      },
      set: (_blank, prop, value) => {
        if (target._assigned && typeof prop === 'string' && !publicMember(target, prop)) {
          target._assigned.set(prop, value);
          return true;
        }
        throw this.#toRealmError(new GasError(messages.notEmulated(`${cls}.${String(prop)} (assignment)`)));
      },
      has: (_blank, prop) => typeof prop === 'string' && publicMember(target, prop),
    });
    this.#proxies.set(target, proxy);
    TARGETS.set(proxy, target);
    return proxy;
  }

  #call(
    target: GasObject,
    cls: string,
    method: string,
    fn: (...a: unknown[]) => unknown,
    args: unknown[],
  ): unknown {
    const { env } = this;
    try {
      if (env.counted) {
        env.world.accounting.count(`${cls}.${method}`);
        if (target._cellCount) env.world.accounting.countCells(`${cls}.${method}`, target._cellCount());
        if (env.world.clock.now() >= env.exec.deadline) throw new GasError(messages.exceededTime);
        const notAllowed = refusal(env, cls, method);
        if (notAllowed) throw new GasError(notAllowed);
        const fault = env.world.callFaults.take(`${cls}.${method}`, target);
        if (fault !== null) throw new GasError(fault);
        const refused = env.world.serviceFaults.take(`${cls}.${method}`, env.world.spreadsheet.id, target);
        if (refused !== null) throw new GasError(refused);
      }
      return this.toRealm(fn.apply(target, args.map(fromRealm)));
    } catch (err) {
      throw this.#toRealmError(err);
    }
  }

  #toRealmError(err: unknown): Error {
    const message = err instanceof Error ? err.message : String(err);
    if (this.env.counted) this.env.capture(message);
    const out = new this.realm.Error(message);
    if (err instanceof Error) out.name = err.name;
    return out;
  }

  /** Node value → script value: service objects wrapped, arrays/objects/Dates rebuilt in the script's realm. */
  toRealm(v: unknown): unknown {
    if (v === null || typeof v !== 'object') return v;
    if (v instanceof GasObject) return this.wrap(v);
    if (ENUMS.has(v) || TARGETS.has(v)) return v;
    if (isDate(v)) return new this.realm.Date(v.getTime());
    if (Array.isArray(v)) return this.realm.Array.from(v, (x) => this.toRealm(x));
    if (isPlainObject(v)) {
      const out = new this.realm.Object() as Record<string, unknown>;
      for (const [k, x] of Object.entries(v)) out[k] = this.toRealm(x);
      return out;
    }
    return v;
  }
}

/** Script value → Node value: service proxies unwrapped, arrays/objects/Dates rebuilt in Node's realm. */
export function fromRealm(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  const target = TARGETS.get(v);
  if (target) return target;
  if (ENUMS.has(v)) return v;
  if (isDate(v)) return new Date(v.getTime());
  if (Array.isArray(v)) return Array.from(v, fromRealm);
  if (isPlainObject(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = fromRealm(x);
    return out;
  }
  return v;
}
