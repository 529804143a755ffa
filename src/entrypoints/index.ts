// The implementation behind every name in registry.ts, in three groups by the execution that calls them
// (the bench bundles each group alone to show what it needs). The mapped type makes the compiler insist
// that each registered name has an implementation, the checks below that nothing unregistered slips in and
// that each server call is what the sidebar's types (server-calls.ts) say it is.
import { FORMULA_ASKS_AGAIN, saidPlainly } from '../platform/plain-refusals';
import { formulaEntryPoints } from './formula-calls';
import { refreshEntryPoints } from './refresh-calls';
import type { EntryPointName } from './registry';
import type { ServerCalls } from './server-calls';
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
// What the sidebar is told of each server call (server-calls.ts) holds here: the implementation takes the
// arguments the sidebar passes, and answers what the sidebar reads.
type Misfit = {
  [K in keyof ServerCalls]: K extends keyof typeof allGroups
    ? (typeof allGroups)[K] extends (...args: ServerCalls[K]['args']) => ServerCalls[K]['result']
      ? never
      : K
    : K;
}[keyof ServerCalls];
const sidebarTypesHold: [Misfit] extends [never] ? true : Misfit = true;
void sidebarTypesHold;

/** Apps Script loads all of them in every execution, whichever one it calls. */
export const entryPoints: EntryPointImplementations = allGroups;
