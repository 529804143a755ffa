// Google's services refusing in the large (switches.serviceFault): a rate limit that refuses every call of a
// service for a while, a daily quota that refuses it until tomorrow, Spreadsheets timing out or unavailable,
// a lock that cannot be had. Each fault throws Google's own words (messages.ts; sources in
// docs/google-rules.md) from the Nth matching call on, for so long on the emulated clock.
import { serviceOf } from './accounting.ts';
import type { Clock } from './clock.ts';
import { messages } from './messages.ts';
import { sheetNameOf } from './state.ts';

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

interface ActiveFault {
  readonly kind: ServiceFaultKind;
  readonly call: string | undefined;
  readonly from: number;
  readonly forMs: number;
  readonly thenEveryCall: boolean;
  seen: number;
  /** The first call refused, and the sheet it acted on (`Range.setValues on Books`). */
  first: string | null;
  refusedSince: number | null;
  refusals: number;
}

/** The faults switched on, each counting its calls. */
export class ServiceFaults {
  readonly #active: ActiveFault[] = [];

  constructor(readonly clock: Clock) {}

  add(kind: ServiceFaultKind, options: ServiceFaultOptions = {}): void {
    const from = options.from ?? 1;
    if (!Number.isInteger(from) || from < 1)
      throw new RangeError(`from: a call number from 1 (got ${from}).`);
    this.#active.push({
      kind,
      call: options.call,
      from,
      forMs: options.forMs ?? Number.POSITIVE_INFINITY,
      thenEveryCall: options.thenEveryCall ?? false,
      seen: 0,
      first: null,
      refusedSince: null,
      refusals: 0,
    });
  }

  clear(): void {
    this.#active.length = 0;
  }

  /** How many calls each fault refused so far (tests count what was tried again). */
  refusals(kind: ServiceFaultKind): number {
    return this.#active.filter((f) => f.kind === kind).reduce((sum, f) => sum + f.refusals, 0);
  }

  /** The first call each fault refused, with the sheet it acted on (tests name the step). */
  firstRefused(kind: ServiceFaultKind): string | null {
    return this.#active.find((f) => f.kind === kind && f.first !== null)?.first ?? null;
  }

  /** The message the call `Class.method` (on `target`) throws now, or null: it runs. */
  take(call: string, spreadsheetId: string, target?: object): string | null {
    const service = serviceOf(call.slice(0, call.indexOf('.')));
    const refused = this.#refuse((f) => {
      const rule = SERVICE_FAULTS[f.kind];
      if (rule.service !== service) return false;
      if (f.thenEveryCall && f.refusedSince !== null) return true;
      const only = 'only' in rule ? rule.only : undefined;
      const wanted = f.call ?? only;
      return wanted === undefined || wanted === call;
    }, spreadsheetId);
    if (refused !== null && this.#last && this.#last.first === null) {
      const sheet = target ? sheetNameOf(target) : null;
      this.#last.first = sheet ? `${call} on ${sheet}` : call;
    }
    return refused;
  }

  #last: ActiveFault | null = null;

  /** The message a time-based trigger's execution is refused with as it starts, or null: it runs. */
  takeTrigger(): string | null {
    return this.#refuse((f) => SERVICE_FAULTS[f.kind].service === 'triggers', '');
  }

  #refuse(matches: (f: ActiveFault) => boolean, spreadsheetId: string): string | null {
    const now = this.clock.now();
    for (const f of this.#active) {
      if (!matches(f)) continue;
      if (f.refusedSince !== null && now - f.refusedSince >= f.forMs) continue; // over
      f.seen += 1;
      if (f.seen < f.from) continue;
      f.refusedSince ??= now;
      f.refusals += 1;
      this.#last = f;
      return SERVICE_FAULTS[f.kind].message(spreadsheetId);
    }
    return null;
  }
}
