// Where a response keeps its rows. Only `period`, `currency` and `meta.truncated` are documented for report
// responses (and every field of /account), so the rest is found, not assumed: the endpoint's usual name,
// then the common names for a list, then the largest list of objects, looking a few levels into objects.

import { isObject, type JsonObject, ownField } from '../base/unknown';
import type { EndpointId } from '../endpoints';
import { describesAmount } from './keys';
import { isCurrencyCode } from './several-currencies';
import type { ReportMeta } from './types';
import { wordList } from './word-lists';

/** The documented envelope: read by name, never a column or a figure. */
export const ENVELOPE_FIELDS: readonly string[] = ['period', 'currency', 'meta'];

/** Where the usual name is not the first of LIST_NAMES (`rows`). */
const USUAL_NAMES: Readonly<Partial<Record<EndpointId, string>>> = {
  account: 'platforms',
  summary: 'totals',
  timeline: 'points',
  catalog: 'books',
  series: 'series',
  kenp: 'points',
};
/** In order of preference. */
export const LIST_WORDS = 'rows points books series data items results records entries';
const LIST_NAMES = wordList(LIST_WORDS);
/** How far into nested objects to look for the list (`{kenp: {points: […]}}` is one level). */
const SEARCH_DEPTH = 3;

interface RowSource {
  /** The list of rows, or null when the response has none (a summary, a single record). */
  readonly items: readonly unknown[] | null;
  /** Keys from the response object down to the list: what the rest of the response leaves out. */
  readonly path: readonly string[];
  /** The response object without its envelope, or null for a top-level array. */
  readonly body: JsonObject | null;
}

export function readMeta(response: unknown): ReportMeta {
  const [period, currency, meta] = ENVELOPE_FIELDS.map((name) =>
    isObject(response) ? ownField(response, name) : undefined,
  );
  const code = typeof currency === 'string' ? currency.trim().toUpperCase() : '';
  return {
    period: isObject(period) ? period : null,
    currency: code || null,
    truncated: isObject(meta) && ownField(meta, 'truncated') === true,
  };
}

interface FoundList {
  readonly path: readonly string[];
  readonly items: readonly JsonObject[];
}

/** The shallowest list with the first of the names that any list has; else the largest non-empty list (the
 * shallowest of equals), but not for a summary: its figures are not a list, so its rows come only from a
 * list named as one. */
export function locateRows(response: JsonObject | readonly unknown[], endpoint: EndpointId): RowSource {
  if (Array.isArray(response)) return { items: response, path: [], body: null };
  const body = withoutKeys(response as JsonObject, ENVELOPE_FIELDS);
  // Every array of objects (empty ones too: an empty `rows` is an empty report, not a missing one),
  // shallowest first, so a name at the top wins over the same name further in.
  const lists: FoundList[] = [];
  const visit = (obj: JsonObject, path: readonly string[]): void => {
    for (const name of Object.keys(obj)) {
      const value = obj[name];
      if (Array.isArray(value)) {
        if (value.every(isObject))
          lists.push({ path: [...path, name], items: value as readonly JsonObject[] });
      } else if (isObject(value) && path.length + 1 < SEARCH_DEPTH) {
        visit(value, [...path, name]);
      }
    }
  };
  visit(body, []);
  lists.sort((a, b) => a.path.length - b.path.length);
  let found: FoundList | undefined;
  for (const name of [USUAL_NAMES[endpoint], ...LIST_NAMES]) {
    found ||= lists.find((list) => list.path[list.path.length - 1] === name);
  }
  if (!found && endpoint !== 'summary') {
    for (const list of lists) if (list.items.length > (found ? found.items.length : 0)) found = list;
  }
  // A summary's figures once per currency, whatever the list's name, are its rows (several-currencies.ts).
  found ||= lists.find((list) => perCurrency(list.items));
  return { items: null, path: [], ...found, body };
}

/** A copy without some keys. Null prototype: a `__proto__` field stays an ordinary field. */
export function withoutKeys(obj: JsonObject, keys: readonly string[]): Record<string, unknown> {
  const copy: Record<string, unknown> = Object.create(null);
  for (const name of Object.keys(obj)) if (!keys.includes(name)) copy[name] = obj[name];
  return copy;
}

/** The body without the list at `path` (its siblings and parents' other fields are the facts). Every
 * parent on the path is an object: locateRows looks for lists only inside objects. */
export function withoutPath(obj: JsonObject, path: readonly string[]): JsonObject {
  const [head, ...tail] = path;
  if (head === undefined) return obj;
  const copy = withoutKeys(obj, []);
  const rest = tail.length ? withoutPath(copy[head] as JsonObject, tail) : {};
  // A parent that held only the list (`{points: {rows: […]}}`) leaves nothing, not an empty figure.
  if (Object.keys(rest).length) copy[head] = rest;
  else delete copy[head];
  return copy;
}

/** Records that each name a different currency (a field `currency` or `currency_code` in any casing). */
function perCurrency(items: readonly JsonObject[]): boolean {
  const codes = new Set<string>();
  for (const item of items) {
    const field = Object.keys(item).find((name) => describesAmount(name) && isCurrencyCode(item[name]));
    if (field === undefined) return false;
    codes.add(String(item[field]).toUpperCase());
  }
  return codes.size > 1 && codes.size === items.length;
}
