// What a service object can reach: the persistent world (spreadsheet, stores, triggers, clock, records)
// and the execution it belongs to (who, in which mode, until when).

import type { Accounting } from './accounting.ts';
import type { Clock } from './clock.ts';
import type { Documents } from './documents.ts';
import type { HttpBridge } from './http-bridge.ts';
import type { ServiceFaults } from './service-faults.ts';
import type { SpreadsheetModel } from './spreadsheet/model.ts';
import type { CacheStores, CallFaults, LockState, MailState, PropertyStores, TriggerStore } from './state.ts';
import type {
  AuthModeName,
  ConsentPrompt,
  DeploymentKind,
  TimeoutSecondsReading,
  UiRecord,
} from './types.ts';

export interface Manifest {
  timeZone?: string;
  urlFetchWhitelist?: string[];
  /** When present, the only scopes granted (scopes.ts). */
  oauthScopes?: string[];
  [key: string]: unknown;
}

export interface World {
  readonly owner: string;
  readonly editors: readonly string[];
  readonly distDir: string;
  readonly manifest: Manifest;
  readonly routes: Readonly<Record<string, string>>;
  readonly addonName: string;
  readonly deployment: DeploymentKind;
  /** The test switches that choose between readings of undocumented behaviour (types.ts, EmulatorOptions). */
  readings: {
    clockTriggerHasDocument: boolean;
    userTriggersListClock: boolean;
    namedRangeOutlivesSheet: boolean;
    chartRangesAsAdded: boolean;
    resultCellLimit: number | null;
    developerMetadataLimit: number | null;
    brokenNamedRangeThrows: boolean;
    fetchTimeoutSeconds: TimeoutSecondsReading;
    contentTextKeepsByteOrderMark: boolean;
    customFunctionFindsMetadata: boolean;
    numbersKeep15Digits: boolean;
  };
  readonly clock: Clock;
  readonly accounting: Accounting;
  /** The spreadsheet in front, or the one this execution works on (documents.ts). */
  spreadsheet: SpreadsheetModel;
  /** Every spreadsheet of the world, by id. */
  readonly documents: Documents;
  readonly properties: PropertyStores;
  readonly caches: CacheStores;
  readonly locks: LockState;
  readonly triggers: TriggerStore;
  readonly ui: UiRecord;
  readonly http: HttpBridge;
  /** MailApp's sent messages and daily quota. */
  readonly mail: MailState;
  /** Real time after which an unanswered request counts as timed out (EmulatorOptions.hangAfterMs). */
  readonly hangAfterMs: number;
  /** Users who must re-authorise (a test switch) → the services whose calls then fail. */
  readonly authorizationRequired: Map<string, ReadonlySet<string>>;
  /** Each user's grant under granular consent (a test switch): the scopes they ticked. A user not listed
   *  granted every scope of the manifest (scopes.ts). */
  readonly grants: Map<string, ReadonlySet<string>>;
  /** Consent prompts that requireScopes / requireAllScopes ended an execution with, oldest first. */
  readonly consentPrompts: ConsentPrompt[];
  /** Users whose address Google withholds (a test switch): their User.getEmail() is ''. */
  readonly withheldEmails: Set<string>;
  /** Calls set to throw once (a test switch: a service failure or a protected range mid-execution). */
  readonly callFaults: CallFaults;
  /** Services refusing in the large (switches.serviceFault). */
  readonly serviceFaults: ServiceFaults;
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
  /** False where no document is active (a clock trigger under the pessimistic reading). */
  readonly hasDocument: boolean;
  /** A trigger's execution: the spreadsheet it was made in (documents.ts). */
  readonly documentId?: string;
}

export interface Env {
  readonly world: World;
  readonly exec: Execution;
  /** False for the test-facing view: nothing counted, captured or refused. */
  readonly counted: boolean;
  capture(text: string): void;
}
