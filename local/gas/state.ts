// The stores the persistent world keeps between executions (property stores, caches, locks held
// elsewhere, triggers). They live apart from the service classes that read them, so env.ts can type the
// world without importing any service: dependencies point one way, services → env → state.
import { ScopedStores } from './scoped-stores.ts';
import type { TriggerInfo } from './types.ts';

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

  heldUntil(name: string, now: number): number | null {
    const until = this.heldElsewhere.get(name);
    if (until === undefined || until <= now) return null;
    return until;
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
