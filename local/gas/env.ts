// What a service object can reach: the persistent world (spreadsheet, stores, triggers, clock, records)
// and the execution it belongs to (who, in which mode, until when).
import type { Accounting } from './accounting.ts';
import type { CacheStores } from './cache.ts';
import type { Clock } from './clock.ts';
import type { HttpBridge } from './http-bridge.ts';
import type { LockState } from './lock.ts';
import type { PropertyStores } from './properties.ts';
import type { TriggerStore } from './script-app.ts';
import type { SpreadsheetModel } from './spreadsheet/model.ts';
import type { AuthModeName, UiRecord } from './types.ts';

export interface Manifest {
  timeZone?: string;
  urlFetchWhitelist?: string[];
  [key: string]: unknown;
}

export interface World {
  readonly owner: string;
  readonly editors: readonly string[];
  readonly distDir: string;
  readonly manifest: Manifest;
  readonly routes: Readonly<Record<string, string>>;
  readonly addonName: string;
  readonly clock: Clock;
  readonly accounting: Accounting;
  readonly spreadsheet: SpreadsheetModel;
  readonly properties: PropertyStores;
  readonly caches: CacheStores;
  readonly locks: LockState;
  readonly triggers: TriggerStore;
  readonly ui: UiRecord;
  readonly http: HttpBridge;
  /** Real time after which an unanswered request counts as timed out (EmulatorOptions.hangAfterMs). */
  readonly hangAfterMs: number;
  /** Users who must re-authorise (a test switch) → the services whose calls then fail. */
  readonly authorizationRequired: Map<string, ReadonlySet<string>>;
}

export type ExecutionKind = 'menu' | 'simple-trigger' | 'trigger' | 'custom-function' | 'test';

export interface Execution {
  readonly kind: ExecutionKind;
  readonly mode: AuthModeName;
  /** Whose authority the code runs with: whose user properties, caches and triggers. */
  readonly effectiveUser: string;
  /** What Session.getActiveUser() says ('' where Google hides it). */
  readonly activeUser: string;
  /** Emulated-clock time at which the execution is out of time. */
  readonly deadline: number;
}

export interface Env {
  readonly world: World;
  readonly exec: Execution;
  /** False for the test-facing view: nothing counted, captured or refused. */
  readonly counted: boolean;
  capture(text: string): void;
}
