// The same data arranged the ways a real API might arrange it differently from the demo server: the list
// under another key, a bare top-level array, figures nested under `totals`, amounts as objects, extra
// fields, missing fields, camelCase keys. Each variant is a pure function of the demo response.
import { RESPONSE_SHAPES, reshape } from '../../local/demo-api/shapes.ts';
import type { EndpointId } from '../../src/core/endpoints.ts';
import { type Json, MONEY_KEYS, type Obj, ROWS_KEY } from './demo-shapes.ts';

export interface Variant {
  readonly name: string;
  /** Whether the documented envelope (and so the currency of money formats) survives. */
  readonly keepsEnvelope: boolean;
  /** Whether fields beside the rows (a summary's neighbours, the account's own fields) survive. */
  readonly keepsFacts: boolean;
  /** Fields (last key segment, snake case) the variant removes. */
  readonly dropped: ReadonlySet<string>;
  /** A field the records were keyed by, now an `id` column (rows keyed by id). */
  readonly idColumn?: boolean;
  apply(response: Obj, endpoint: EndpointId): Json;
}

function isObj(value: Json | undefined): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function clone<T extends Json>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** The object holding the rows, and the rows' key in it. */
function rowsParent(response: Obj, endpoint: EndpointId): { parent: Obj; key: string } {
  const path = ROWS_KEY[endpoint];
  let parent = response;
  for (const key of path.slice(0, -1)) {
    const next = parent[key];
    if (!isObj(next)) throw new Error(`fixture has no ${key}`);
    parent = next;
  }
  return { parent, key: path[path.length - 1] ?? '' };
}

/** Every record the rows are made of (for the summary: the totals object itself). */
function records(response: Obj, endpoint: EndpointId): Obj[] {
  const { parent, key } = rowsParent(response, endpoint);
  const rows = parent[key];
  if (Array.isArray(rows)) return rows.filter(isObj);
  return isObj(rows) ? [rows] : [];
}

function mapDeep(value: Json, f: (key: string, value: Json) => [string, Json]): Json {
  if (Array.isArray(value)) return value.map((item) => mapDeep(item, f));
  if (!isObj(value)) return value;
  const out: Obj = {};
  for (const [key, inner] of Object.entries(value)) {
    const [newKey, newValue] = f(key, mapDeep(inner, f));
    out[newKey] = newValue;
  }
  return out;
}

function withoutKeys(value: Json, names: ReadonlySet<string>): Json {
  if (Array.isArray(value)) return value.map((item) => withoutKeys(item, names));
  if (!isObj(value)) return value;
  const out: Obj = {};
  for (const [key, inner] of Object.entries(value)) if (!names.has(key)) out[key] = withoutKeys(inner, names);
  return out;
}

const KEEP_AT_TOP = /(^|_)id$|^title$|^name$|^date$|^marketplace$|^position$/;
const DROPPED = new Set([
  'series_id',
  'subtitle',
  'country',
  'kenp_royalties',
  'sync_status',
  'formats',
  'interval',
]);

export const VARIANTS: readonly Variant[] = [
  {
    name: 'rows under another key',
    keepsEnvelope: true,
    keepsFacts: true,
    dropped: new Set(),
    apply(response, endpoint) {
      const copy = clone(response);
      const { parent, key } = rowsParent(copy, endpoint);
      // `channels` is no known name: the largest list of objects must be found instead.
      const other = endpoint === 'account' ? 'channels' : endpoint === 'summary' ? 'figures' : 'data';
      parent[other] = parent[key] ?? null;
      delete parent[key];
      return copy;
    },
  },
  {
    name: 'a top-level array',
    keepsEnvelope: false,
    keepsFacts: false,
    dropped: new Set(),
    apply(response, endpoint) {
      const { parent, key } = rowsParent(clone(response), endpoint);
      const rows = parent[key] ?? null;
      return Array.isArray(rows) ? rows : [rows];
    },
  },
  {
    name: 'nested totals',
    keepsEnvelope: true,
    keepsFacts: true,
    dropped: new Set(),
    apply(response, endpoint) {
      const copy = clone(response);
      if (endpoint === 'summary') {
        const totals = copy.totals ?? null;
        delete copy.totals;
        copy.report = { totals };
        return copy;
      }
      for (const record of records(copy, endpoint)) {
        const nested: Obj = {};
        for (const key of Object.keys(record)) {
          if (KEEP_AT_TOP.test(key)) continue;
          nested[key] = record[key] ?? null;
          delete record[key];
        }
        record.totals = nested;
      }
      return copy;
    },
  },
  {
    name: 'amounts as objects',
    keepsEnvelope: true,
    keepsFacts: true,
    dropped: new Set(),
    apply(response) {
      const currency = typeof response.currency === 'string' ? response.currency : 'USD';
      return mapDeep(clone(response), (key, value) =>
        MONEY_KEYS.has(key) && typeof value === 'number' ? [key, { amount: value, currency }] : [key, value],
      );
    },
  },
  {
    name: 'extra fields',
    keepsEnvelope: true,
    keepsFacts: true,
    dropped: new Set(),
    apply(response, endpoint) {
      const copy = clone(response);
      copy.generated_at = '2026-11-20T06:00:00Z';
      copy.links = { self: '/v1/whatever', next: null };
      for (const record of records(copy, endpoint)) {
        record.cover_url = 'https://example.invalid/cover.jpg';
        record.tags = ['fantasy', 'sea'];
        record.extra_info = { note: 'not in the demo', flags: [1, 2] };
      }
      return copy;
    },
  },
  {
    name: 'missing fields',
    keepsEnvelope: true,
    keepsFacts: true,
    dropped: DROPPED,
    apply(response) {
      return withoutKeys(clone(response), DROPPED);
    },
  },
  {
    name: 'camelCase keys',
    keepsEnvelope: true,
    keepsFacts: true,
    dropped: new Set(),
    apply(response) {
      return mapDeep(clone(response), (key, value) => [
        key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
        value,
      ]);
    },
  },
  // Another API's arrangement of the same body (local/demo-api/shapes.ts, also served by the demo API).
  ...RESPONSE_SHAPES.filter((shape) => shape !== 'demo').map(
    (shape): Variant => ({
      name: `${shape} (demo API shape)`,
      keepsEnvelope: true,
      keepsFacts: true,
      dropped: new Set(),
      idColumn: shape === 'keyed-by-id',
      apply: (response) => reshape(clone(response), shape) as Json,
    }),
  ),
];
