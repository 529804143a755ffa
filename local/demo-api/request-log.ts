// The request log tests assert on: method, path, query, whether a key was sent, the status answered.
// Never the key: a key found in the path or query (a client bug) is replaced and flagged.

import type { RequestLogEntry } from './types.ts';

const REDACTED = '[redacted key]';
const KEY_LIKE = /[a-z0-9_]*live_[A-Za-z0-9]+/g;

export class RequestLog {
  private entries: RequestLogEntry[] = [];

  constructor(private readonly keys: readonly string[]) {}

  record(
    method: string,
    path: string,
    search: URLSearchParams,
    authorization: string | undefined,
  ): RequestLogEntry {
    let keyInUrl = false;
    const scrub = (text: string) => {
      let clean = text;
      for (const key of this.keys) clean = clean.split(key).join(REDACTED);
      clean = clean.replace(KEY_LIKE, REDACTED);
      if (clean !== text) keyInUrl = true;
      return clean;
    };
    const query: Record<string, string> = {};
    for (const [name, value] of search) query[scrub(name)] = scrub(value);
    const entry: RequestLogEntry = {
      method,
      path: scrub(path),
      query,
      keySent: authorization !== undefined && authorization.trim() !== '',
      status: 0,
      at: Date.now(),
      keyInUrl: false,
    };
    entry.keyInUrl = keyInUrl;
    this.entries.push(entry);
    return entry;
  }

  list(): RequestLogEntry[] {
    return this.entries.map((entry) => ({ ...entry, query: { ...entry.query } }));
  }

  clear(): void {
    this.entries = [];
  }
}
