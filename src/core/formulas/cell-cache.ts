// One formula cell's use of the document cache, so that a cell that fetched writes once: the response,
// single flight's outcome, the kept answer and the facts leave in one putAll at the end of the cell
// (CacheService takes one expiry per call: the longest asked, since each entry written says itself when it
// expires: a response its stamp, a kept answer its own, the facts theirs, and a "done" marker outliving
// its second tells waiters nothing false).
// Reads pass through, and a key asked ahead (single flight's marker) rides along with the next read, so
// each look of the cell for its response also says whether another cell is fetching it.
import type { CachePort } from '../ports';

export interface CellCache {
  /** Reads at once; writes wait for `written`. */
  readonly port: CachePort;
  /** Asks `key` with the next read (again, when asked before). */
  along(key: string): void;
  /** What the last read that carried `key` found of it (undefined: absent, or not read). */
  seen(key: string): string | undefined;
  /** The writes held back, and the expiry to give them (0: none held); empty once taken. */
  written(): { readonly entries: Record<string, string>; readonly ttlSeconds: number };
}

export function cellCache(cache: CachePort): CellCache {
  let entries: Record<string, string> = {};
  let ttlSeconds = 0;
  const ahead = new Set<string>();
  const found = new Map<string, string | undefined>();
  return {
    port: {
      getAll(keys) {
        const asked = [...ahead].filter((key) => !keys.includes(key));
        const values = cache.getAll([...keys, ...asked]);
        for (const key of ahead) found.set(key, values[key]);
        for (const key of asked) delete values[key];
        ahead.clear();
        return values;
      },
      putAll(values, ttl) {
        entries = { ...entries, ...values };
        ttlSeconds = Math.max(ttlSeconds, ttl);
      },
    },
    along(key) {
      ahead.add(key);
      found.delete(key);
    },
    seen: (key) => found.get(key),
    written() {
      const taken = { entries, ttlSeconds };
      entries = {};
      ttlSeconds = 0;
      return taken;
    },
  };
}
