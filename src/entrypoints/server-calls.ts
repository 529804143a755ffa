// The sidebar's server calls, computed from the entry point registry: every `server` entry, its arguments
// typed from its parameters' JSDoc types, and its answer where the sidebar reads one. A server entry added
// to the registry is callable from the sidebar as it stands; entrypoints/index.ts holds each implementation
// to what is said here. Types only: the sidebar imports this file with `import type`, so no server code
// reaches its bundle.
import type { AlertLines } from '../core/alerts/lines';
import type { NightlyState, SidebarState } from '../core/flows/sidebar-state';
import type { MissingPermission } from '../core/permissions';
import type { RefreshProgress, RefreshResult } from '../core/refresh';
import type { RoyaltiesSettings } from '../core/settings';
import type { ENTRY_POINTS } from './registry';

/** The TypeScript type of each JSDoc type a server parameter may be declared with. */
interface DocTypes {
  string: string;
  number: number;
  boolean: boolean;
  object: object;
}

/**
 * What the sidebar reads back from a call, for the calls whose answer it reads (any other answers
 * `unknown`): each its implementation's own type, checked in entrypoints/index.ts.
 */
interface ServerAnswers {
  getSidebarState: SidebarState;
  saveSettings: RoyaltiesSettings;
  setNightlyRefresh: NightlyState;
  setMorningEmail: NightlyState;
  sendTestMorningEmail: string;
  saveAlertLines: AlertLines;
  askForPermission: MissingPermission[];
  getRefreshProgress: RefreshProgress | null;
  refreshAllTabs: RefreshResult;
  startRefresh: { runId: string; parts: number };
  refreshPart: { more: number };
  finishRefresh: RefreshResult;
}

type ServerEntry = Extract<(typeof ENTRY_POINTS)[number], { kind: 'server' }>;
type ParamTypes<P> = {
  -readonly [I in keyof P]: P[I] extends { type: infer T extends keyof DocTypes } ? DocTypes[T] : never;
};

/** Each server entry point: what the sidebar passes it, and what it answers. */
export type ServerCalls = {
  [E in ServerEntry as E['name']]: {
    args: ParamTypes<E['params']>;
    result: E['name'] extends keyof ServerAnswers ? ServerAnswers[E['name']] : unknown;
  };
};

type Assert<T extends true> = T;
/** Compile-time checks: every answer is a server entry's, every server parameter's JSDoc type is one above. */
export type ServerCallsHold = Assert<
  [Exclude<keyof ServerAnswers, keyof ServerCalls>] extends [never]
    ? [Exclude<ServerEntry['params'][number]['type'], keyof DocTypes>] extends [never]
      ? true
      : false
    : false
>;
