// Google's services asked again where that is safe, in one place rather than at each call: a service
// object (a store, a spreadsheet and every sheet, range and finder got from it) whose calls that can be
// repeated without harm go through callGoogle (a rate limit: paused 1 s, then 2 s; a store's passing
// fault: once), the others as they are. docs/reliability.md says which calls and why.

import { callGoogle } from '../google-faults';
import type { ServicePorts } from './optional-services';

/** What a retried call may spend on Google's refusals: a rate limit passes within seconds, if at all. */
export const REPEAT_WITHIN_MS = 5_000;

/** A Spreadsheet call repeated does no harm when it reads (get…, find, is…, openById, a finder's with…),
 * puts given values in the cells of a range already fixed or a given state on a sheet or a record (set…),
 * or lands what was written (flush). Anything that adds, inserts, deletes, moves or appends could be done
 * twice: never asked again. */
export function repeatableSpreadsheetCall(method: string): boolean {
  return /^(get|find|is|with|set|openById$|flush$|createDeveloperMetadataFinder$)/.test(method);
}

/** What a call returns that is wrapped in turn: any object but an array or a date. Google's objects (a Sheet,
 * a Range…) are; a record of plain data (getProperties) is too, harmlessly: it reads as it was. */
function isServiceObject(v: unknown): v is object {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);
}

/** The object behind each wrapper, handed to Google whenever a wrapper is passed as an argument; and the
 * wrapper of each object, so that one object is one wrapper (callers keep what they found by identity). */
const unwrapped = new WeakMap<object, object>();
const wrappers = new WeakMap<object, object>();

function unwrap(arg: unknown): unknown {
  if (Array.isArray(arg)) return arg.map(unwrap);
  return (arg !== null && typeof arg === 'object' && unwrapped.get(arg)) || arg;
}

/** `service` with each call that `repeatable` names asked again as Google's refusal allows, and every
 * service object it returns wrapped the same way. */
export function askedAgainWhereSafe<T extends object>(
  service: T,
  ports: ServicePorts,
  repeatable: (method: string) => boolean,
  /** A timeout or a passing fault asked again once too (a rate limit always is). */
  passingFaults: boolean,
): T {
  const known = wrappers.get(service) as T | undefined;
  if (known) return known;
  const { clock, log } = ports;
  const wrap = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.length && isServiceObject(v[0]) ? v.map(wrap) : v;
    return isServiceObject(v) ? askedAgainWhereSafe(v, ports, repeatable, passingFaults) : v;
  };
  const wrapper = new Proxy(service, {
    get(target, prop) {
      const member: unknown = Reflect.get(target, prop);
      if (typeof prop === 'symbol' || typeof member !== 'function') return member;
      return (...args: unknown[]) => {
        const run = () => member.apply(target, args.map(unwrap));
        const options = { clock, deadline: clock.now() + REPEAT_WITHIN_MS, safeToRepeat: passingFaults, log };
        return wrap(repeatable(prop) ? callGoogle(run, options) : run());
      };
    },
  });
  unwrapped.set(wrapper, service);
  wrappers.set(service, wrapper);
  return wrapper;
}

/** A property store got from `get`, the getting itself and every call asked again as Google's refusal
 * allows (a passing fault too: every call of a store can be repeated without harm). */
export function storeAskedAgain<T extends object>(get: () => T, ports: ServicePorts): T {
  const { clock, log } = ports;
  const store = callGoogle(get, { clock, deadline: clock.now() + REPEAT_WITHIN_MS, safeToRepeat: true, log });
  return askedAgainWhereSafe(store, ports, () => true, true);
}
