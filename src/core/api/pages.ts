// A report sent in pages. The API documents no pagination, so the usual ways are recognised by shape: a
// `next` link (in the body or a `Link` header), a cursor (`next_cursor`, `cursor`, `next_page_token`),
// `page` beside `total_pages`, or `has_more` with an `offset`. A next link is followed only on the API's
// own origin: the key goes with every request, so a link elsewhere is reported, never followed.
//
// The fields that say how to get the next page are never figures: `withoutPaging` takes them out before
// the report layer reads the body, so no "Link next" or "Total pages" lands in a Totals block.

import { wordList, wordSet } from '../report/word-lists';
import { isObject, type JsonObject, ownField } from '../unknown';

/** How to ask for the page after this one. */
export type NextPage =
  | { readonly kind: 'url'; readonly url: string }
  | { readonly kind: 'query'; readonly options: Readonly<Record<string, string>> }
  | { readonly kind: 'elsewhere'; readonly origin: string }
  /** `has_more` with no cursor, link or offset to ask by: pages remain that cannot be read. */
  | { readonly kind: 'unreachable' };

interface PageHint {
  readonly next: NextPage | null;
  /** Pages in all, when the response says. */
  readonly total: number | null;
}

/** Names compared without case, underscores or hyphens: `next_cursor`, `nextCursor`, `next-cursor` alike. */
const bare = (name: string): string => name.replace(/[_-]/g, '').toLowerCase();

/** Objects that only describe the paging (`{pagination: {next_cursor}}`, `{links: {next}}`). */
const CONTAINERS = wordSet('pagination paging pageinfo links meta');
const LINK_NAMES = wordList('next nexturl nextpageurl nextlink nexthref');
const MORE_NAMES = wordList('hasmore hasnext hasnextpage');
const PAGE_NAMES = wordList('page currentpage');
const TOTAL_NAMES = wordList('totalpages pagecount');
const STEP_NAMES = wordList('limit perpage pagesize');
/** A cursor field, then the parameter that sends it back (the API documents neither: the usual names). */
const CURSOR_NAMES = wordList('nextcursor:cursor nextpagetoken:page_token');
/** Fields that only describe the paging, at the top of the body or in a container. */
const PAGING_FIELDS = wordSet(
  `${[...LINK_NAMES, ...MORE_NAMES, ...PAGE_NAMES, ...TOTAL_NAMES, ...STEP_NAMES].join(' ')} nextcursor nextpagetoken cursor offset`,
);
/** Rows in all, read only inside a paging container other than `meta` (at the top, `total` is a figure). */
const ROW_TOTAL_NAMES = wordList('total totalcount totalitems totalrows count');
/** Inside a paging container only: at the top of a body these may be figures (`previous` a period's). */
const CONTAINER_ONLY = wordSet(
  `prev previous prevurl previousurl prevcursor first last self ${ROW_TOTAL_NAMES.join(' ')}`,
);

/** One place paging fields may sit, by bare name. */
type Place = ReadonlyMap<string, unknown>;

function placeOf(obj: JsonObject): Place {
  return new Map(Object.keys(obj).map((name) => [bare(name), obj[name]]));
}

/** The places paging fields may sit: the body itself and its paging containers. */
function places(body: JsonObject): Place[] {
  const out: Place[] = [placeOf(body)];
  for (const name of Object.keys(body)) {
    const inner = body[name];
    if (CONTAINERS.has(bare(name)) && isObject(inner)) out.push(placeOf(inner));
  }
  return out;
}

/** The paging containers other than the documented `meta`: their counts describe the paging only. */
function pagingBoxes(body: JsonObject): Place[] {
  return Object.keys(body)
    .filter((name) => bare(name) !== 'meta' && CONTAINERS.has(bare(name)) && isObject(body[name]))
    .map((name) => placeOf(body[name] as JsonObject));
}

function first(places: readonly Place[], names: readonly string[]): unknown {
  for (const place of places) {
    for (const name of names) {
      const value = place.get(name);
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
function nextCursor(where: readonly Place[]): Record<string, string> | 'none' | null {
  for (const pair of CURSOR_NAMES) {
    const [name, parameter] = pair.split(':') as [string, string];
    for (const place of where) {
      const value = place.get(name);
      if (value === undefined) continue;
      if (value === null || value === '') return 'none';
      if (typeof value === 'string' || typeof value === 'number') return { [parameter]: String(value) };
    }
  }
  const bareCursor = first(where, ['cursor']);
  return typeof bareCursor === 'string' && bareCursor !== '' ? { cursor: bareCursor } : null;
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

/** How to get the page after `data`, fetched from `pageUrl`; `rows` is how many rows it held, or how to
 * count them: counted only for an `offset` with no `limit`, so a report that is not paged costs nothing. */
export function pageHint(
  data: unknown,
  pageUrl: string,
  /** The next page a `Link` header named (nextFromLinkHeader), if any. */
  headerLink: string | undefined,
  rows: number | null | (() => number | null),
): PageHint {
  if (!isObject(data)) return { next: null, total: null };
  const where = places(data);
  const pageNumber = wholeNumber(first(where, PAGE_NAMES));
  const total = wholeNumber(first(where, TOTAL_NAMES));
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
  // `pagination: {page, per_page, total}`: that total counts rows, so pages remain while page × per_page < total.
  const rowsInAll = wholeNumber(first(pagingBoxes(data), ROW_TOTAL_NAMES));
  const perPage = wholeNumber(first(where, STEP_NAMES));
  if (pageNumber !== null && rowsInAll !== null && perPage) {
    const remain = pageNumber * perPage < rowsInAll;
    return {
      next: remain ? { kind: 'query', options: { page: String(pageNumber + 1) } } : null,
      total: Math.max(1, Math.ceil(rowsInAll / perPage)),
    };
  }
  const offset = wholeNumber(first(where, ['offset']));
  if (more === true && offset !== null) {
    const step = wholeNumber(first(where, STEP_NAMES)) ?? (typeof rows === 'function' ? rows() : rows);
    if (step) return { next: { kind: 'query', options: { offset: String(offset + step) } }, total };
  }
  if (more === true) return { next: { kind: 'unreachable' }, total };
  return { next: null, total };
}

/** The body without the fields that only say how to page: the report layer never sees them as figures.
 * A paging container left empty goes too (`meta` stays: it is documented). Nothing is copied when the
 * body says nothing of pages. */
export function withoutPaging(
  data: unknown,
  /** The page's hint when the caller has it (paging.ts): not worked out twice. */
  known?: PageHint,
): unknown {
  if (!isObject(data)) return data;
  const hint = known ?? pageHint(data, 'https://x/', undefined, null);
  const where = places(data);
  // A next link counts even when it names the page itself (no next page then, but still a paging field).
  const signalled =
    hint.next !== null ||
    hint.total !== null ||
    linkText(first(where, LINK_NAMES)) !== null ||
    where.some((place) => MORE_NAMES.some((name) => place.has(name))) ||
    pagingBoxes(data).some((box) =>
      [...box.keys()].some((name) => PAGING_FIELDS.has(name) || ROW_TOTAL_NAMES.includes(name)),
    );
  if (!signalled) return data;
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(data)) {
    const key = bare(name);
    const inner = data[name];
    if (PAGING_FIELDS.has(key)) continue;
    if (!CONTAINERS.has(key) || !isObject(inner)) {
      out[name] = inner;
      continue;
    }
    const kept: Record<string, unknown> = {};
    for (const field of Object.keys(inner)) {
      const drop = PAGING_FIELDS.has(bare(field)) || (key !== 'meta' && CONTAINER_ONLY.has(bare(field)));
      if (!drop) kept[field] = inner[field];
    }
    if (key === 'meta' || Object.keys(kept).length > 0) out[name] = kept;
  }
  return out;
}
