// The stores the persistent world keeps between executions (property stores, caches, locks held
// elsewhere, triggers). They live apart from the service classes that read them, so env.ts can type the
// world without importing any service: dependencies point one way, services → env → state.
import { ScopedStores } from './scoped-stores.ts';
import type { SentMail, TriggerInfo } from './types.ts';

export type Store = Map<string, string>;

/** Script, document and per-user property stores. */
export class PropertyStores extends ScopedStores<Store> {
  constructor() {
    super(() => new Map());
  }
}

interface Entry {
  value: string;
  expiresAt: number;
}

export type CacheStore = Map<string, Entry>;

/** Script, document and per-user caches. */
export class CacheStores extends ScopedStores<CacheStore> {
  constructor() {
    super(() => new Map());
  }

  evictAll(): void {
    for (const store of this.all()) store.clear();
  }
}

export class LockState {
  /** Lock name → emulated time until which another execution holds it. */
  readonly heldElsewhere = new Map<string, number>();
  /** Lock name → the running execution holding it (an execution started while another waits for HTTP,
   * EmulatorOptions.whileWaiting, finds the lock the other took). Released with releaseLock or at the end of
   * the execution, as Google does (reference/lock/lock, releaseLock: the lock is automatically released
   * when the script terminates). */
  readonly heldBy = new Map<string, object>();

  heldUntil(name: string, now: number): number | null {
    const until = this.heldElsewhere.get(name);
    if (until === undefined || until <= now) return null;
    return until;
  }

  /** Whether a running execution other than `by` holds the lock. */
  heldByOther(name: string, by: object): boolean {
    const holder = this.heldBy.get(name);
    return holder !== undefined && holder !== by;
  }

  releaseAll(by: object): void {
    for (const [name, holder] of this.heldBy) if (holder === by) this.heldBy.delete(name);
  }
}

export interface TriggerModel extends TriggerInfo {
  documentId: string;
}

export class TriggerStore {
  readonly all: TriggerModel[] = [];
  #next = 1;

  newId(): string {
    return `trigger-${this.#next++}`;
  }
}

interface CallFault {
  /** `Class.method`, as the accounting counts it. */
  readonly call: string;
  /** Only calls on this sheet, a range of it or its developer metadata (by name, when the call is made). */
  readonly sheet?: string;
  /** Matching calls that pass before the one that throws. */
  skip: number;
  readonly message: string;
}

/** The sheet a Sheet, Range or sheet-level DeveloperMetadata call acts on, by name; null for any other. */
export function sheetNameOf(target: object): string | null {
  const t = target as {
    _model?: { name?: unknown };
    _sheet?: { _model?: { name?: unknown } };
    _owner?: unknown;
    _env?: { world: { spreadsheet: { sheets: readonly { metadata: unknown; name: string }[] } } };
  };
  if (t._owner !== undefined && t._env) {
    // DeveloperMetadata: the sheet whose list holds it.
    return t._env.world.spreadsheet.sheets.find((sheet) => sheet.metadata === t._owner)?.name ?? null;
  }
  const name = t._sheet?._model?.name ?? t._model?.name;
  return typeof name === 'string' ? name : null;
}

/** Calls set to throw once (Emulator.switches.failCall), each spent when it throws. */
export class CallFaults {
  readonly #pending: CallFault[] = [];

  add(fault: CallFault): void {
    this.#pending.push(fault);
  }

  /** The message the script's call `Class.method` on `target` throws now, or null: it runs. */
  take(call: string, target: object): string | null {
    const i = this.#pending.findIndex(
      (f) => f.call === call && (f.sheet === undefined || f.sheet === sheetNameOf(target)),
    );
    const fault = this.#pending[i];
    if (!fault) return null;
    if (fault.skip > 0) {
      fault.skip -= 1;
      return null;
    }
    this.#pending.splice(i, 1);
    return fault.message;
  }
}

// MailApp's record (mail.ts).
const CONSUMER_DAILY_RECIPIENTS = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the world keeps: the messages sent, and each user's recipients per day. */
export class MailState {
  readonly sent: SentMail[] = [];
  /** A test switch: recipients a day per user (default a consumer account's). */
  dailyRecipients = CONSUMER_DAILY_RECIPIENTS;

  usedBy(user: string, now: number): number {
    return this.sent
      .filter((m) => m.from === user && now - m.at < DAY_MS)
      .reduce((sum, m) => sum + recipientsOf(m.to).length, 0);
  }
}

export function recipientsOf(to: string): string[] {
  return to
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}
