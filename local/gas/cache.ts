// CacheService with Google's limits: keys up to 250 characters, values up to 100 KB, expiry 1 s to 6 h
// (default 10 min; values measured in UTF-8 bytes), at most 1,000 items per cache (oldest dropped first). Expiry runs on the emulated clock.
import type { Env } from './env.ts';
import { GasObject } from './gas-object.ts';
import { GasError, messages } from './messages.ts';
import { type CacheStore, CacheStores } from './state.ts';

export type { CacheStore };
export { CacheStores };

const CACHE_KEY_LIMIT = 250;
export const CACHE_VALUE_LIMIT = 100 * 1024;
export const CACHE_MAX_SECONDS = 21_600;
const CACHE_DEFAULT_SECONDS = 600;
const CACHE_MAX_ITEMS = 1000;

export class Cache extends GasObject {
  readonly _class = 'Cache';

  constructor(
    env: Env,
    readonly _store: CacheStore,
  ) {
    super(env);
  }

  _key(key: unknown): string {
    const k = String(key);
    if (k.length > CACHE_KEY_LIMIT) throw new GasError(messages.argumentTooLarge('key'));
    return k;
  }

  _ttl(seconds: unknown): number {
    if (seconds === undefined) return CACHE_DEFAULT_SECONDS;
    const n = Number(seconds);
    if (!Number.isFinite(n) || n < 1 || n > CACHE_MAX_SECONDS)
      throw new GasError(messages.invalidArgument('expirationInSeconds'));
    return n;
  }

  _read(key: string): string | null {
    const entry = this._store.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= this._env.world.clock.now()) {
      this._store.delete(key);
      return null;
    }
    return entry.value;
  }

  _checkedEntries(values: Record<string, unknown>): Array<[string, string]> {
    return Object.entries(values).map(([k, v]) => {
      const key = this._key(k);
      const value = String(v);
      if (Buffer.byteLength(value, 'utf8') > CACHE_VALUE_LIMIT)
        throw new GasError(messages.argumentTooLarge('value'));
      return [key, value];
    });
  }

  _write(entries: Array<[string, string]>, ttlSeconds: number): void {
    const expiresAt = this._env.world.clock.now() + ttlSeconds * 1000;
    for (const [key, value] of entries) {
      this._env.capture(key);
      this._env.capture(value);
      this._store.delete(key); // re-inserted last: the map's order is the eviction order
      this._store.set(key, { value, expiresAt });
    }
    while (this._store.size > CACHE_MAX_ITEMS) {
      const oldest = this._store.keys().next().value;
      if (oldest === undefined) break;
      this._store.delete(oldest);
    }
  }

  get(key: string): string | null {
    return this._read(this._key(key));
  }
  getAll(keys: string[]): Record<string, string> {
    const out: Record<string, string> = {};
    for (const k of keys) {
      const v = this._read(this._key(k));
      if (v !== null) out[String(k)] = v;
    }
    return out;
  }
  put(key: string, value: string, expirationInSeconds?: number): void {
    this._write(this._checkedEntries({ [this._key(key)]: value }), this._ttl(expirationInSeconds));
  }
  putAll(values: Record<string, unknown>, expirationInSeconds?: number): void {
    this._write(this._checkedEntries(values), this._ttl(expirationInSeconds));
  }
  remove(key: string): void {
    this._store.delete(this._key(key));
  }
  removeAll(keys: string[]): void {
    for (const k of keys) this._store.delete(this._key(k));
  }
}

export class CacheService extends GasObject {
  readonly _class = 'CacheService';

  getUserCache(): Cache {
    const { exec, world } = this._env;
    const user = exec.mode === 'CUSTOM_FUNCTION' ? world.owner : exec.effectiveUser;
    return new Cache(this._env, world.caches.user(user));
  }
  /** Null where no document is active (EmulatorOptions.clockTriggerHasDocument). */
  getDocumentCache(): Cache | null {
    if (!this._env.exec.hasDocument) return null;
    return new Cache(this._env, this._env.world.caches.document);
  }
  getScriptCache(): Cache {
    return new Cache(this._env, this._env.world.caches.script);
  }
}
