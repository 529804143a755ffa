// The public types of the demo API (the contract other parts of the project code against).

import type { ComposedShape } from './composed-shapes.ts';
import type { PagingSpec } from './paging.ts';
import type { SettlingSpec } from './settling.ts';
import type { ResponseShape } from './shapes.ts';

export type { SettlingSpec };

export type DemoScale =
  | 'demo'
  | 'big'
  | { books: number; marketplaces: number; years: number; series?: number };

interface DemoAccountOptions {
  /** The API key of this account (must start with a prefix ending in `live_`). */
  key: string;
  /** The key's name as `GET /account` reports it (`api_key.name`). Default 'Google Sheets'. */
  name?: string;
  /** Default 'USD'. */
  reportingCurrency?: string;
  /** Default 'demo' (the demo account's shape with figures of its own). */
  scale?: DemoScale;
  /** Its ad budgets times this (default 1; 0: no ads): 0.25 is an author whose ads cross no alert line. */
  adSpend?: number;
  /** Its books' buyers times this (default 1): 0.02 is a quiet catalogue, days without a sale normal. */
  sales?: number;
  /** A book, by title, that sells nothing from a day (`YYYY-MM-DD`) on: a steady book gone silent. */
  salesStop?: { title: string; from: string };
}

export interface DemoApiOptions {
  /** 0 = a free port (default for programmatic use); the CLI defaults to 8787. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Default DEFAULT_DEMO_KEY from local/build/settings.ts. */
  demoKey?: string;
  /** Further, non-demo accounts (is_demo false). */
  accounts?: DemoAccountOptions[];
  /** Of the demo account: 'demo' (default) | 'big' (2,000 books, 13 marketplaces, 3 years) | custom. */
  scale?: DemoScale;
  /** Rows readable per response; past it meta.truncated = true and figures too low. */
  rowReadCap?: number;
  /** 'YYYY-MM-DD': the account's "today" (periods end yesterday). Default: current UTC date. */
  today?: string;
  /** The API's clock at start (epoch ms), running on from there: the key's "last used" follows it, so a
   * pinned `today` and its caller's emulated clock tell the same time. Default: the real clock. */
  clockStart?: number;
  /** Titles/ISBNs/text crafted to be dangerous in a sheet (also switchable at run time). */
  dangerousData?: boolean;
  /** How report bodies are arranged (shapes.ts): the same figures, another API's layout. Default 'demo'
   * (also switchable at run time). */
  shape?: ResponseShape | ComposedShape;
  /** Serve reports in pages (paging.ts): off by default, as the real API documents no pagination. */
  paging?: PagingSpec | null;
}

export type FaultStatus =
  | number
  | { status: number; retryAfter?: number; body?: string; contentType?: string; location?: string };

export type FaultBody =
  | 'malformed-json'
  | 'html-200'
  | 'html-502'
  | 'empty'
  | 'cut-short'
  | 'cut-connection'
  /** The normal answer with a byte-order mark before its JSON (valid: RFC 8259 lets a parser ignore it). */
  | 'byte-order-mark';

export interface FaultSpec {
  /** One per request, in order; then normal. */
  statuses?: FaultStatus[];
  /** Added before answering. */
  latencyMs?: number;
  /** Accept the request and never answer (until stop). */
  hang?: boolean;
  /**
   * 'cut-short': a complete HTTP response whose JSON body stops halfway. 'cut-connection' (extra): the
   * headers promise the whole body, half is sent, then the connection is dropped.
   */
  body?: FaultBody;
  /** Force meta.truncated: true (figures unchanged). */
  truncated?: boolean;
  /** How many matching requests the fault applies to; default: all. */
  times?: number;
}

export interface RequestLogEntry {
  method: string;
  /** Relative to /v1 ('/summary') for requests under /v1; the raw path otherwise. */
  path: string;
  query: Record<string, string>;
  /** Whether an Authorization header with a value was sent. The key itself is never logged. */
  keySent: boolean;
  /** 0 while unanswered (a hanging request). */
  status: number;
  /** Arrival time, ms since the epoch. */
  at: number;
  /** True when a key turned up in the path or query (then redacted there): a client bug to catch. */
  keyInUrl: boolean;
}

export interface DemoApiHandle {
  /** 'http://127.0.0.1:PORT/v1' */
  readonly baseUrl: string;
  /** 'http://127.0.0.1:PORT' */
  readonly origin: string;
  readonly port: number;
  readonly demoKey: string;
  /**
   * Path relative to /v1 ('/summary'); a segment `*` matches any one segment (the read-through of every
   * series); '*' alone matches every path. Replaces the fault set earlier for the same path.
   */
  setFaults(path: string, fault: FaultSpec): Promise<void>;
  clearFaults(): Promise<void>;
  setDangerousData(on: boolean): Promise<void>;
  /** Moves the account's "today" ('YYYY-MM-DD'), as the nights pass. */
  setToday(day: string): Promise<void>;
  /** Figures still being counted after covered_through, and revised past days (settling.ts). */
  setSettling(spec: SettlingSpec): Promise<void>;
  /** How report bodies are arranged from the next request on (see `shape`). */
  setShape(shape: ResponseShape | ComposedShape): Promise<void>;
  /** Reports in pages of `size` rows in a paging style from the next request on; null turns paging off. */
  setPaging(paging: PagingSpec | null): Promise<void>;
  requests(): Promise<RequestLogEntry[]>;
  clearRequests(): Promise<void>;
  /** Closes the server and any hanging sockets; resolves when closed. */
  stop(): Promise<void>;
}
