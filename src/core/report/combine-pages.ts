// The pages of one report as one response: the rows of every page, in page order, where the first page
// keeps its rows; everything else (the envelope, the totals beside the rows) as the first page sent it,
// except that a later page's `meta.truncated` marks the whole report truncated.
// A page is read the way a whole response is (other arrangements rewritten first, its rows found by
// shape), so pages of rows keyed by day or given column-wise combine too.

import { isObject, type JsonObject, ownField } from '../base/unknown';
import type { EndpointId } from '../endpoints';
import { locateRows, readMeta } from './locate';
import { canonicalShape } from './shapes';

export function combinePages(pages: readonly unknown[], endpoint: EndpointId): unknown {
  if (pages.length <= 1) return pages[0];
  const shaped = pages.map((page) => canonicalShape(page));
  // Only an object has paging fields (api/pages.ts), so a report of several pages starts with one: after
  // the rewriting, an object or (records keyed by id) a list.
  const head = shaped[0] as JsonObject | unknown[];
  const all = shaped.flatMap((page) => rowsOf(page, endpoint) || []);
  if (Array.isArray(head)) return all;
  const path = locateRows(head, endpoint).path;
  const combined = path.length ? withList(head, path, all) : head;
  const meta = ownField(combined, 'meta');
  // Some page cut by the API: the whole report's `meta.truncated` is true.
  return pages.some((page) => readMeta(page).truncated)
    ? { ...combined, meta: { ...(isObject(meta) ? meta : {}), truncated: true } }
    : combined;
}

/** A copy of `obj` with the list at `path` replaced (every parent on it an object: locateRows looks for
 * lists only inside objects). */
function withList(obj: JsonObject, path: readonly string[], list: readonly unknown[]): JsonObject {
  const [name, ...rest] = path as [string, ...string[]];
  return { ...obj, [name]: rest.length ? withList(obj[name] as JsonObject, rest, list) : list };
}

/** The rows of a page in canonical shape (a list is its own rows), or null when it holds none. */
function rowsOf(page: unknown, endpoint: EndpointId): readonly unknown[] | null {
  return isObject(page) || Array.isArray(page) ? locateRows(page, endpoint).items : null;
}

/** The rows one page holds, or null when it holds no list of rows. */
export function pageRows(page: unknown, endpoint: EndpointId): readonly unknown[] | null {
  return rowsOf(canonicalShape(page), endpoint);
}
