// Response bodies in CacheService, across executions. The cache key is the base URL, a fingerprint of the
// API key, the generation (the refresh a formula follows), the path and the sorted query, as plain text
// (no digest, so no service call) unless that is too long for CacheService, then their hash: the key
// itself is never part of a cache key or value.
// CacheService holds at most 100 KB per value, so a bigger body is split into chunks under one head
// entry; every chunk carries the head's stamp, and a missing or foreign chunk makes the whole entry a miss.
// An entry says when it expires, so what is derived from it (a formula's kept answer) can expire with it.
import type { CachePort, DigestPort } from '../ports';

export const DEFAULT_CACHE_TTL_SECONDS = 15 * 60;
/** CacheService's own bounds on expiry. */
export const MAX_CACHE_TTL_SECONDS = 6 * 60 * 60;
/** UTF-8 bytes of body per chunk: under the 100 KB value limit with room for the stamp. */
export const CHUNK_BYTES = 90_000;
/** CacheService keeps about 1,000 items in all: a body needing more chunks than this is not cached. */
const MAX_CHUNKS = 40;

const KEY_PREFIX = 'rfs1.';
const PLAIN_PREFIX = 'rfs2 ';
/** CacheService keys hold 250 characters; room is left for a chunk's `.N` and single flight's `.flight`. */
const MAX_PLAIN_KEY = 230;

export function clampTtl(seconds: number | undefined): number {
  // Number.isFinite(undefined) is false: no TTL given is the default.
  if (!Number.isFinite(seconds)) return DEFAULT_CACHE_TTL_SECONDS;
  return Math.min(MAX_CACHE_TTL_SECONDS, Math.max(1, Math.round(seconds!)));
}

/** Splits text into pieces of at most `maxBytes` UTF-8 bytes without cutting a character in two. */
export function splitUtf8(text: string, maxBytes: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < text.length; ) {
    const code = text.codePointAt(i)!;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (bytes + size > maxBytes) {
      pieces.push(text.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += size;
    i += size === 4 ? 2 : 1; // four bytes: a character beyond U+FFFF, two UTF-16 units
  }
  pieces.push(text.slice(start));
  return pieces;
}

interface ResponseCacheConfig {
  readonly cache: CachePort;
  readonly digest: DigestPort;
  readonly ttlSeconds: number;
  /** Makes a stamp that tells this write's chunks from an earlier write's. */
  readonly stamp: () => string;
  /** The time now (ms), to say in each entry when it expires; without it, entries do not say. */
  readonly now?: () => number;
}

/** A body found in the cache, and when its entry expires (undefined: an entry that does not say). */
interface CachedBody {
  readonly body: string;
  readonly expiresAt?: number;
}

interface ResponseCache {
  /** The cache key of one request; `identity` is base URL, key fingerprint, generation, path and query. */
  keyFor(identity: readonly string[]): string;
  /** Bodies found, by key: one cache call for one key (a formula's), at most two for any number. */
  readAll(keys: readonly string[]): Map<string, CachedBody>;
  /** One cache call for all entries. Best effort: a refused write only costs a later miss. */
  writeAll(entries: ReadonlyArray<readonly [string, string]>): void;
}

export function createResponseCache(config: ResponseCacheConfig): ResponseCache {
  const { cache, digest, ttlSeconds } = config;
  /** The same request's key is asked by the read and by single flight's marker: one digest for both. */
  const knownKeys = new Map<string, string>();
  const chunkKeys = (key: string, count: number) => Array.from({ length: count }, (_, i) => `${key}.${i}`);

  function safeGetAll(keys: readonly string[]): Record<string, string> {
    if (!keys.length) return {};
    try {
      return cache.getAll(keys);
    } catch {
      return {};
    }
  }

  return {
    keyFor(identity) {
      const plain = `${PLAIN_PREFIX}${identity.join(' ')}`;
      if (plain.length <= MAX_PLAIN_KEY) return plain;
      const text = JSON.stringify(identity);
      let key = knownKeys.get(text);
      if (key === undefined) {
        key = `${KEY_PREFIX}${digest.sha256Hex(text)}`;
        knownKeys.set(text, key);
      }
      return key;
    },

    readAll(keys) {
      const found = new Map<string, CachedBody>();
      const expiry = (until: string | undefined) => (until ? { expiresAt: Number.parseInt(until, 36) } : {});
      // One key: its possible chunks are asked with it, so a chunked body too costs one call.
      const ahead = keys.length === 1 ? chunkKeys(keys[0]!, MAX_CHUNKS) : [];
      const heads = safeGetAll([...keys, ...ahead]);
      /** Heads of chunked bodies: the key, and the head's stamp, count and expiry. */
      const chunked: Array<[string, RegExpExecArray]> = [];
      for (const key of keys) {
        const head = heads[key];
        if (head === undefined) continue;
        // `=<body>` or `@<expiry>=<body>`: the body whole; else the head of a chunked body.
        const whole = /^(?:@([0-9a-z]+))?=/.exec(head);
        const match = /^#([^:]+):(\d+)(?::([0-9a-z]+))?$/.exec(head);
        if (whole) found.set(key, { body: head.slice(whole[0].length), ...expiry(whole[1]) });
        else if (match) chunked.push([key, match]);
      }
      const chunks = ahead.length
        ? heads
        : safeGetAll(chunked.flatMap(([key, match]) => chunkKeys(key, +match[2]!)));
      for (const [key, [, stamp, count, until]] of chunked) {
        const parts: string[] = [];
        for (let i = 0; i < +count!; i++) {
          const chunk = chunks[`${key}.${i}`];
          if (chunk === undefined || !chunk.startsWith(`${stamp}:`)) break;
          parts.push(chunk.slice(stamp!.length + 1));
        }
        if (parts.length === +count!) found.set(key, { body: parts.join(''), ...expiry(until) });
      }
      return found;
    },

    writeAll(entries) {
      const values: Record<string, string> = {};
      const until = config.now ? (config.now() + ttlSeconds * 1000).toString(36) : '';
      for (const [key, body] of entries) {
        const pieces = splitUtf8(body, CHUNK_BYTES);
        if (pieces.length === 1) values[key] = `${until && `@${until}`}=${body}`;
        else if (pieces.length <= MAX_CHUNKS) {
          const stamp = config.stamp();
          values[key] = `#${stamp}:${pieces.length}${until && `:${until}`}`;
          pieces.forEach((piece, i) => {
            values[`${key}.${i}`] = `${stamp}:${piece}`;
          });
        }
      }
      if (!Object.keys(values).length) return;
      try {
        cache.putAll(values, ttlSeconds);
      } catch {
        // CacheService refused (quota, size): the next execution fetches again.
      }
    },
  };
}
