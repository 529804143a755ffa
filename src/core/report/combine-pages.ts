// The pages of one report as one response: the rows of every page, in page order, where the first page
// keeps its rows; everything else (the envelope, the totals beside the rows) as the first page sent it.
// A page is read the way a whole response is (other arrangements rewritten first, its rows found by
// shape), so pages of rows keyed by day or given column-wise combine too.

import type { EndpointId } from '../endpoints';
import { isObject, type JsonObject } from '../unknown';
import { locateRows } from './locate';
import { canonicalShape } from './shapes';

export function combinePages(pages: readonly unknown[], endpoint: EndpointId): unknown {
  if (pages.length <= 1) return pages[0];
  const shaped = pages.map(canonicalShape);
  const head = shaped[0];
  const all = shaped.flatMap((page) => rowsOf(page, endpoint) || []);
  if (Array.isArray(head)) return all;
  if (!isObject(head)) return head;
  const path = locateRows(head, endpoint).path;
  if (path.length === 0) return head;
  return withList(head, path, all);
}

/** A copy of `obj` with the list at `path` replaced. */
function withList(obj: JsonObject, path: readonly string[], list: readonly unknown[]): JsonObject {
  const [name, ...rest] = path;
  const out: Record<string, unknown> = { ...obj };
  const inner = obj[name!];
  out[name!] = rest.length === 0 || !isObject(inner) ? list : withList(inner, rest, list);
  return out;
}

/** How many rows one page holds (what an `offset` moves on by when the page gives no `limit`). */
export function pageRowCount(page: unknown, endpoint: EndpointId): number | null {
  const rows = rowsOf(canonicalShape(page), endpoint);
  return rows ? rows.length : null;
}

/** The rows of a page in canonical shape (a list is its own rows), or null when it holds none. */
function rowsOf(page: unknown, endpoint: EndpointId): readonly unknown[] | null {
  return isObject(page) || Array.isArray(page) ? locateRows(page, endpoint).items : null;
}
