// Google's services refusing in the large (switches.serviceFault): a rate limit that refuses every call of a
// service for a while, a daily quota that refuses it until tomorrow, Spreadsheets timing out or unavailable,
// a lock that cannot be had. Each fault throws Google's own words (messages.ts; sources in
// docs/google-rules.md) from the Nth matching call on, for so long on the emulated clock.
import { serviceOf } from './accounting.ts';
import type { Clock } from './clock.ts';
import { SERVICE_FAULTS, type ServiceFaultKind, type ServiceFaultOptions } from './service-fault-kinds.ts';
import { sheetNameOf } from './state.ts';

export { SERVICE_FAULTS, type ServiceFaultKind, type ServiceFaultOptions };

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
