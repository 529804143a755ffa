// The faults the emulator plays (switches.serviceFault), each with the service it refuses and Google's own
// words (messages.ts; sources in docs/google-rules.md), and the switch's options: apart from the switch
// itself so the world's types can name them without importing the emulator's state.
import { messages } from './messages.ts';

/** The faults the emulator plays, each with the service it refuses and Google's text. */
export const SERVICE_FAULTS = {
  /** "Service invoked too many times in a short time: cache rateMax. Try Utilities.sleep(1000) between calls." */
  cacheRateLimit: { service: 'CacheService', message: () => messages.rateLimit('cache') },
  propertiesRateLimit: { service: 'PropertiesService', message: () => messages.rateLimit('properties') },
  /** LockService's names itself "lockBean" (nuadi/googlecrestscript, a sheet of 100+ formulas each locking). */
  lockRateLimit: { service: 'LockService', message: () => messages.rateLimit('lockBean') },
  /** The unlisted quota a Google engineer confirmed (googleworkspace/apps-script-oauth2). */
  lockOperations: { service: 'LockService', message: () => messages.lockOperations },
  /** Only `Lock.waitLock` throws it (tryLock returns false instead: reference/lock/lock). */
  lockTimeout: { service: 'LockService', message: () => messages.lockTimeout, only: 'Lock.waitLock' },
  spreadsheetsRateLimit: { service: 'SpreadsheetApp', message: () => messages.rateLimit('spreadsheets') },
  spreadsheetsTimeout: {
    service: 'SpreadsheetApp',
    message: (id: string) => messages.spreadsheetsTimedOut(id),
  },
  spreadsheetsUnavailable: { service: 'SpreadsheetApp', message: (id: string) => messages.serviceFailed(id) },
  urlFetchDailyQuota: { service: 'UrlFetchApp', message: () => messages.dailyQuota('urlfetch') },
  /** The daily total of trigger runtime: a time-based trigger's execution refused as it starts. */
  triggerDailyQuota: { service: 'triggers', message: () => messages.computerTimeQuota },
} as const satisfies Record<
  string,
  { service: string; message: (spreadsheetId: string) => string; only?: string }
>;

export type ServiceFaultKind = keyof typeof SERVICE_FAULTS;

export interface ServiceFaultOptions {
  /** Only this `Class.method` (default: every method of the fault's service). */
  readonly call?: string;
  /** The first matching call that throws, counted from 1 since the switch (default 1: the next). */
  readonly from?: number;
  /** How long it lasts on the emulated clock from the first refusal (default: until cleared). */
  readonly forMs?: number;
  /** Once `call` has refused, every call of the service refuses too: a service failing from some step on. */
  readonly thenEveryCall?: boolean;
}
