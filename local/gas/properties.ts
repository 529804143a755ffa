// PropertiesService with Google's limits: 9 KB per value, 500 KB per store (docs/apps-script.md,
// "Properties, cache, lock"). User stores are per user; in a custom function the user store is the
// spreadsheet owner's (and read-only, see permissions.ts).
import type { Env } from './env.ts';
import { GasObject } from './gas-object.ts';
import { GasError, messages } from './messages.ts';
import { PropertyStores, type Store } from './state.ts';

export { PropertyStores };

export const PROPERTY_VALUE_LIMIT = 9 * 1024;
export const PROPERTY_STORE_LIMIT = 500 * 1024;

function bytes(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

function storeBytes(store: Store): number {
  let n = 0;
  for (const [k, v] of store) n += bytes(k) + bytes(v);
  return n;
}

export class Properties extends GasObject {
  readonly _class = 'Properties';

  constructor(
    env: Env,
    readonly _store: Store,
  ) {
    super(env);
  }

  /** Applies writes to a copy first, so a write over a limit changes nothing. */
  _write(change: (draft: Store) => void): Properties {
    const draft = new Map(this._store);
    change(draft);
    for (const v of draft.values()) {
      if (bytes(v) > PROPERTY_VALUE_LIMIT) throw new GasError(messages.argumentTooLarge('value'));
    }
    if (storeBytes(draft) > PROPERTY_STORE_LIMIT) throw new GasError(messages.propertyQuota);
    this._store.clear();
    for (const [k, v] of draft) this._store.set(k, v);
    return this;
  }

  getProperty(key: string): string | null {
    return this._store.get(String(key)) ?? null;
  }
  getProperties(): Record<string, string> {
    return Object.fromEntries(this._store);
  }
  getKeys(): string[] {
    return [...this._store.keys()];
  }
  setProperty(key: string, value: string): Properties {
    return this._write((d) => d.set(String(key), String(value)));
  }
  setProperties(properties: Record<string, unknown>, deleteAllOthers?: boolean): Properties {
    return this._write((d) => {
      if (deleteAllOthers) d.clear();
      for (const [k, v] of Object.entries(properties)) d.set(k, String(v));
    });
  }
  deleteProperty(key: string): Properties {
    return this._write((d) => d.delete(String(key)));
  }
  deleteAllProperties(): Properties {
    return this._write((d) => d.clear());
  }
}

export class PropertiesService extends GasObject {
  readonly _class = 'PropertiesService';

  getUserProperties(): Properties {
    const { exec, world } = this._env;
    // A custom function sees the owner's user properties, whoever typed the formula.
    const user = exec.mode === 'CUSTOM_FUNCTION' ? world.owner : exec.effectiveUser;
    return new Properties(this._env, world.properties.user(user));
  }
  /** Null where no document is active (EmulatorOptions.clockTriggerHasDocument). */
  getDocumentProperties(): Properties | null {
    if (!this._env.exec.hasDocument) return null;
    return new Properties(this._env, this._env.world.properties.document);
  }
  getScriptProperties(): Properties {
    return new Properties(this._env, this._env.world.properties.script);
  }
}
