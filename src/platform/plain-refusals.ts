// The last net under every entry point (core/flows/plain-refusals.ts says Google's refusals plainly): here,
// wired to the execution log, where Google's own text goes.
import { plainEntryPoints } from '../core/flows/plain-refusals';
import { logGoogle } from './optional-services';

export { FORMULA_ASKS_AGAIN } from '../core/flows/plain-refusals';

type EntryPoint = (...args: never[]) => unknown;

/** Each entry point of the group behind the net; `after`: a sentence added to what the author reads. */
export function saidPlainly<G extends Readonly<Record<string, EntryPoint>>>(group: G, after?: string): G {
  return plainEntryPoints(group, logGoogle, after);
}
