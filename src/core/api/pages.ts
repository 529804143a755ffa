// A report sent in pages. The API documents no pagination, so the usual ways are recognised by shape: a
// `next` link (in the body or a `Link` header), a cursor (`next_cursor`, `cursor`, `next_page_token`),
// `page` beside `total_pages`, or `has_more` with an `offset`. A next link is followed only on the API's
// own origin: the key goes with every request, so a link elsewhere is reported, never followed.
//
// The fields that say how to get the next page are never figures: `withoutPaging` takes them out before
// the report layer reads the body, so no "Link next" or "Total pages" lands in a Totals block.

import { isObject, type JsonObject, ownField } from '../unknown';

/** How to ask for the page after this one. */
export type NextPage =
  | { readonly kind: 'url'; readonly url: string }
  | { readonly kind: 'query'; readonly options: Readonly<Record<string, string>> }
  | { readonly kind: 'elsewhere'; readonly origin: string };

export interface PageHint {
  readonly next: NextPage | null;
  /** Pages in all, when the response says. */
  readonly total: number | null;
}

/** Objects that only describe the paging (`{pagination: {next_cursor}}`, `{links: {next}}`). */
const CONTAINERS = ['pagination', 'paging', 'page_info', 'pageInfo', 'links', '_links', 'meta'];
/** Fields that only describe the paging, at the top of the body or in a container. */
const PAGING_FIELDS = new Set([
  'next',
  'next_url',
  'nextUrl',
  'next_page_url',
  'next_link',
  'next_href',
  'next_cursor',
  'nextCursor',
  'next_page_token',
  'nextPageToken',
  'cursor',
  'has_more',
  'hasMore',
  'has_next',
  'hasNext',
  'has_next_page',
  'hasNextPage',
  'page',
  'current_page',
  'currentPage',
  'total_pages',
  'totalPages',
  'page_count',
  'pageCount',
  'per_page',
  'perPage',
  'page_size',
  'pageSize',
  'offset',
  'limit',
  'prev',
  'previous',
  'prev_url',
  'previous_url',
  'prev_cursor',
  'first',
  'last',
  'self',
]);
const LINK_NAMES = ['next', 'next_url', 'nextUrl', 'next_page_url', 'next_link', 'next_href'];
/** A cursor field and the parameter that sends it back (the API documents neither: the usual names). */
const CURSOR_NAMES: ReadonlyArray<readonly [string, string]> = [
  ['next_cursor', 'cursor'],
  ['nextCursor', 'cursor'],
  ['next_page_token', 'page_token'],
  ['nextPageToken', 'page_token'],
];
const MORE_NAMES = ['has_more', 'hasMore', 'has_next', 'hasNext', 'has_next_page', 'hasNextPage'];

/** The places paging fields may sit: the body itself and its paging containers. */
function places(body: JsonObject): JsonObject[] {
  const out: JsonObject[] = [body];
  for (const name of CONTAINERS) {
    const inner = ownField(body, name);
    if (isObject(inner)) out.push(inner);
  }
  return out;
}

function first(places: readonly JsonObject[], names: readonly string[]): unknown {
  for (const place of places) {
    for (const name of names) {
      const value = ownField(place, name);
      if (value !== undefined && value !== null) return value;
    }
  }
  return undefined;
}

function wholeNumber(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null;
}

/** `{href: "…"}` (HAL) or the link itself. */
function linkText(value: unknown): string | null {
  const text = isObject(value) ? ownField(value, 'href') : value;
  return typeof text === 'string' && text.trim() !== '' ? text.trim() : null;
}

/** The cursor to send for the next page; 'none' when a next-cursor field is there but empty (the last
 * page); null when no cursor is sent. A bare `cursor` counts only when no next-cursor field is present. */
function nextCursor(where: readonly JsonObject[]): Record<string, string> | 'none' | null {
  for (const [name, parameter] of CURSOR_NAMES) {
    for (const place of where) {
      const value = ownField(place, name);
      if (value === undefined) continue;
      if (value === null || value === '') return 'none';
      if (typeof value === 'string' || typeof value === 'number') return { [parameter]: String(value) };
    }
  }
  const bare = first(where, ['cursor']);
  return typeof bare === 'string' && bare !== '' ? { cursor: bare } : null;
}

/** The `rel="next"` target of an HTTP `Link` header, or null. */
export function nextFromLinkHeader(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const m = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (m && /(^|;)\s*rel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?\s*(;|$)/i.test(m[2]!)) return m[1]!.trim();
  }
  return null;
}

/** The scheme, host and port of an absolute http(s) URL, lower case; null for anything else. */
export function originOf(url: string): string | null {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(url);
  return m ? `${m[1]!.toLowerCase()}://${m[2]!.toLowerCase()}` : null;
}

/** A link as the page that sent it would resolve it: absolute, protocol-relative, from the root, a query
 * alone, or relative to the page's folder. */
export function resolveLink(link: string, pageUrl: string): string {
  if (/^https?:\/\//i.test(link)) return link;
  const origin = originOf(pageUrl) || '';
  if (link.startsWith('//')) return `${origin.split(':')[0]}:${link}`;
  if (link.startsWith('/')) return `${origin}${link}`;
  const path = pageUrl.split(/[?#]/)[0]!;
  if (link.startsWith('?')) return `${path}${link}`;
  return `${path.slice(0, path.lastIndexOf('/') + 1)}${link}`;
}

/** How to get the page after `data`, fetched from `pageUrl`; `rows` is how many rows it held. */
export function pageHint(
  data: unknown,
  pageUrl: string,
  /** The next page a `Link` header named (nextFromLinkHeader), if any. */
  headerLink: string | undefined,
  rows: number | null,
): PageHint {
  if (!isObject(data)) return { next: null, total: null };
  const where = places(data);
  const pageNumber = wholeNumber(first(where, ['page', 'current_page', 'currentPage']));
  const total = wholeNumber(first(where, ['total_pages', 'totalPages', 'page_count', 'pageCount']));
  const more = first(where, MORE_NAMES);
  if (more === false) return { next: null, total };
  const link = headerLink || linkText(first(where, LINK_NAMES));
  if (link !== null) {
    const url = resolveLink(link, pageUrl);
    const origin = originOf(url);
    if (origin === null || origin !== originOf(pageUrl))
      return { next: { kind: 'elsewhere', origin: origin || link.slice(0, 60) }, total };
    return { next: url === pageUrl ? null : { kind: 'url', url }, total };
  }
  const cursor = nextCursor(where);
  if (cursor === 'none') return { next: null, total };
  if (cursor !== null) return { next: { kind: 'query', options: cursor }, total };
  if (pageNumber !== null && total !== null) {
    return {
      next: pageNumber < total ? { kind: 'query', options: { page: String(pageNumber + 1) } } : null,
      total,
    };
  }
  const offset = wholeNumber(first(where, ['offset']));
  if (more === true && offset !== null) {
    const step = wholeNumber(first(where, ['limit', 'per_page', 'perPage', 'page_size', 'pageSize'])) ?? rows;
    if (step) return { next: { kind: 'query', options: { offset: String(offset + step) } }, total };
  }
  return { next: null, total };
}

/** Whether `data` says anything about pages at all (then its paging fields are taken out). */
function pagingFieldsOf(obj: JsonObject): string[] {
  return Object.keys(obj).filter((name) => PAGING_FIELDS.has(name));
}

/** The body without the fields that only say how to page: the report layer never sees them as figures.
 * A paging container left empty goes too. Nothing is copied when there is nothing to take out. */
export function withoutPaging(data: unknown): unknown {
  if (!isObject(data)) return data;
  const hint = pageHint(data, 'https://x/', undefined, null);
  const signalled =
    hint.next !== null ||
    hint.total !== null ||
    places(data).some((place) => MORE_NAMES.some((name) => ownField(place, name) !== undefined));
  if (!signalled) return data;
  const out: Record<string, unknown> = { ...data };
  for (const name of pagingFieldsOf(data)) delete out[name];
  for (const name of CONTAINERS) {
    const inner = ownField(data, name);
    if (!isObject(inner)) continue;
    const kept: Record<string, unknown> = { ...inner };
    for (const field of pagingFieldsOf(inner)) delete kept[field];
    for (const field of ['total_count', 'totalCount', 'count', 'total_items', 'totalItems', 'total_rows']) {
      if (name !== 'meta') delete kept[field];
    }
    if (Object.keys(kept).length === 0 && name !== 'meta') delete out[name];
    else out[name] = kept;
  }
  return out;
}
