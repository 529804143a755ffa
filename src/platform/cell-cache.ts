// One formula cell's use of the document cache, so that a cell that fetched writes once: the response,
// single flight's outcome, the kept answer and the facts leave in one putAll at the end of the cell
// (CacheService takes one expiry per call: the longest asked, since each entry written says itself when it
// expires: a response its stamp, a kept answer its own, the facts theirs, and a "done" marker outliving
// its second tells waiters nothing false).
// Reads pass through, and a key asked ahead (single flight's marker) rides along with the next read, so
// the cell's look for its response also says whether another cell is fetching it.
import type { CachePort } from '../core/ports';

export interface CellCache {
  /** Reads at once; writes wait for `written`. */
  readonly port: CachePort;
  /** Asks `key` with the next read; what that read found (undefined until then, or absent). */
  along(key: string): { readonly state: string | undefined } | undefined;
  /** The writes held back, and the expiry to give them (0: none held); empty once taken. */
  written(): { readonly entries: Record<string, string>; readonly ttlSeconds: number };
}

export function cellCache(cache: CachePort): CellCache {
  let entries: Record<string, string> = {};
  let ttlSeconds = 0;
  const ahead = new Map<string, { state: string | undefined } | undefined>();
  return {
    port: {
      getAll(keys) {
        const asked = [...ahead.keys()].filter((key) => ahead.get(key) === undefined);
        const found = cache.getAll([...keys, ...asked]);
        for (const key of asked) {
          ahead.set(key, { state: found[key] });
          if (!keys.includes(key)) delete found[key];
        }
        return found;
      },
      putAll(values, ttl) {
        entries = { ...entries, ...values };
        ttlSeconds = Math.max(ttlSeconds, ttl);
      },
    },
    along(key) {
      if (!ahead.has(key)) ahead.set(key, undefined);
      return ahead.get(key);
    },
    written() {
      const taken = { entries, ttlSeconds };
      entries = {};
      ttlSeconds = 0;
      return taken;
    },
  };
}
