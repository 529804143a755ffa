// The sidebar's one door to the server: the only module that touches google.script.run. Every call is
// typed against the entry point registry, so a misspelt name or a wrong argument list fails typecheck.

import type { NightlyState, SidebarState } from '../core/flows/sidebar-state';
import type { MorningEmailMode } from '../core/morning';
import type { FeatureId, MissingPermission } from '../core/permissions';
import type { RefreshProgress, RefreshResult } from '../core/refresh';
import type { RoyaltiesSettings } from '../core/settings';
import type { ENTRY_POINTS, EntryPointName } from '../entrypoints/registry';

/** What each server entry point takes and gives back, as far as the sidebar relies on it. */
interface ServerApi {
  getSidebarState: { args: []; result: SidebarState };
  // The sidebar reloads its whole state after these, so it relies on nothing they return.
  saveApiKey: { args: [key: string]; result: unknown };
  useDemoKey: { args: []; result: unknown };
  removeApiKey: { args: []; result: unknown };
  saveSettings: { args: [settings: RoyaltiesSettings]; result: RoyaltiesSettings };
  setFormulaAccess: { args: [enabled: boolean]; result: unknown };
  setNightlyRefresh: { args: [enabled: boolean, hour: number]; result: NightlyState };
  startRefresh: { args: []; result: { runId: string; parts: number } };
  refreshPart: { args: [runId: string, part: number]; result: { more: number } };
  finishRefresh: { args: [runId: string]; result: RefreshResult };
  setMorningEmail: { args: [mode: MorningEmailMode]; result: NightlyState };
  sendTestMorningEmail: { args: []; result: string };
  refreshAllTabs: { args: [origin: 'sidebar']; result: RefreshResult };
  getRefreshProgress: { args: []; result: RefreshProgress | null };
  askForPermission: { args: [feature: FeatureId]; result: MissingPermission[] };
  setSidebarFolds: { args: [folds: Record<string, boolean>]; result: unknown };
}

type Registered<K extends string> = Extract<(typeof ENTRY_POINTS)[number], { name: K }>;
type Assert<T extends true> = T;
/** Compile-time checks: every name is a registered server entry point taking as many arguments as it declares. */
export type ServerApiMatchesRegistry = Assert<
  {
    [K in keyof ServerApi]: K extends EntryPointName
      ? Registered<K>['kind'] extends 'server'
        ? ServerApi[K]['args']['length'] extends Registered<K>['params']['length']
          ? true
          : false
        : false
      : false;
  }[keyof ServerApi]
>;

type Handler = (value: unknown) => void;
interface ScriptRun {
  withSuccessHandler(handler: Handler): ScriptRun;
  withFailureHandler(handler: (error: unknown) => void): ScriptRun;
  [name: string]: unknown;
}
declare const google: { script: { run: ScriptRun } };

/** Apps Script prefixes some server errors ("Exception: …"); the author needs only the sentence. */
function plainError(error: unknown): string {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : String(error);
  return text.replace(/^(Exception|Error|ScriptError):\s*/i, '') || 'Something went wrong on the server.';
}

export function callServer<K extends keyof ServerApi>(
  name: K,
  ...args: ServerApi[K]['args']
): Promise<ServerApi[K]['result']> {
  return new Promise((resolve, reject) => {
    const runner = google.script.run
      .withSuccessHandler((value) => resolve(value as ServerApi[K]['result']))
      .withFailureHandler((error) => reject(new Error(plainError(error))));
    const method = runner[name];
    if (typeof method !== 'function') {
      reject(new Error(`The server has no ${name}.`));
      return;
    }
    (method as (...a: unknown[]) => void).apply(runner, args);
  });
}
