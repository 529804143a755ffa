// The implementation behind every name in registry.ts, in three groups by the execution that calls them
// (the bench bundles each group alone to show what it needs). The mapped type makes the compiler insist
// that each registered name has an implementation, and the check below that nothing unregistered slips in.
import { FORMULA_ASKS_AGAIN, saidPlainly } from '../platform/plain-refusals';
import { formulaEntryPoints } from './formula-calls';
import { refreshEntryPoints } from './refresh-calls';
import type { EntryPointName } from './registry';
import { sidebarEntryPoints } from './sidebar-calls';

type Implementation = (...args: never[]) => unknown;
type EntryPointImplementations = { readonly [K in EntryPointName]: Implementation };

// Behind the net: Google's refusals reach the author as a sentence in their words (plain-refusals.ts).
const allGroups = {
  ...saidPlainly(formulaEntryPoints, FORMULA_ASKS_AGAIN),
  ...saidPlainly(refreshEntryPoints),
  ...saidPlainly(sidebarEntryPoints),
};
// A spread escapes the excess-property check: this line stops a name the registry does not have.
type Unregistered = Exclude<keyof typeof allGroups, EntryPointName>;
const nothingUnregistered: [Unregistered] extends [never] ? true : Unregistered = true;
void nothingUnregistered;

/** Apps Script loads all of them in every execution, whichever one it calls. */
export const entryPoints: EntryPointImplementations = allGroups;
