// A report sent in pages. The API documents no pagination, so the usual ways are recognised by shape: a
// `next` link (in the body or a `Link` header), a cursor (`next_cursor`, `cursor`, `next_page_token`),
// `page` beside `total_pages`, `has_more` with an `offset`, or a count of rows in all beside an
// `offset`/`start` or a `page` and its size (`per_page`, `page_size`, `limit`). A next link is followed
// only on the API's own origin: the key goes with every request, so a link elsewhere is reported, never
// followed.
//
// A count of rows in all is read only where it cannot be a figure: `total_count`, `total_rows`,
// `total_results`, `total_items` anywhere; a bare `total` or `count` only inside `pagination`, `paging`,
// `page_info` or `links`, or inside `meta` beside a paging field (`meta.total` alone may be money).
// `count` beside `start` is the page's size (start/count), not the rows in all.
//
// The fields that say how to get the next page are never figures: `readPage` takes them out before the
// report layer reads the body, so no "Link next" or "Total pages" lands in a Totals block.

import { isObject, type JsonObject, ownField } from '../base/unknown';
import { fieldName } from '../report/labels';
import { wordList, wordMap, wordSet } from '../report/word-lists';

/** How to ask for the page after this one. */
export type NextPage =
  | { readonly kind: 'url'; readonly url: string }
  | { readonly kind: 'query'; readonly options: Readonly<Record<string, string>> }
  | { readonly kind: 'elsewhere'; readonly origin: string }
  /** `has_more` with no cursor, link or offset to ask by: pages remain that cannot be read. */
  | { readonly kind: 'unreachable' };

/** One page read: how to get the next, and its body for the report layer. */
interface Page {
  readonly next: NextPage | null;
  /** Pages in all, when the response says. */
  readonly total: number | null;
  /** Rows in all (of every page), when the response says. */
  readonly rows: number | null;
  /** The body without the fields that only say how to page; the body itself (not copied) when it says
   * nothing of pages. A paging container left empty goes too (`meta` stays: it is documented). */
  readonly body: unknown;
}

/** Objects that only describe the paging (`{pagination: {next_cursor}}`, `{links: {next}}`). */
const CONTAINERS = wordSet('pagination paging pageinfo links meta');
const LINK_NAMES = wordList('next nexturl nextpageurl nextlink nexthref');
const MORE_NAMES = wordList('hasmore hasnext hasnextpage');
const PAGE_NAMES = wordList('page currentpage');
const TOTAL_NAMES = wordList('totalpages pagecount');
const STEP_NAMES = wordList('limit perpage pagesize');
/** Where this page starts, and the parameter that asks for another start. */
const OFFSET_NAMES = wordList('offset start');
/** Rows in all, wherever they are: names no figure has. */
const NAMED_COUNTS = wordList('totalcount totalrows totalresults totalitems');
/** A cursor field, then the parameter that sends it back (the API documents neither: the usual names). */
const CURSOR_NAMES = wordMap('nextcursor=cursor nextpagetoken=page_token');
/** Fields that only describe the paging, at the top of the body or in a container. */
const PAGING_FIELDS = wordSet(
  `${[...LINK_NAMES, ...MORE_NAMES, ...PAGE_NAMES, ...TOTAL_NAMES, ...STEP_NAMES, ...CURSOR_NAMES.keys(), ...NAMED_COUNTS].join(' ')} cursor offset`,
);
/** Rows in all, read only inside a paging container (at the top, `total` is a figure; in `meta`, only
 * beside a paging field). */
const ROW_TOTAL_NAMES = wordList(`total count ${NAMED_COUNTS.join(' ')}`);
/** Inside a paging container only: at the top of a body these may be figures (`previous` a period's,
 * `start` a day). */
const CONTAINER_ONLY = wordSet(
  `prev previous prevurl previousurl prevcursor first last self start ${ROW_TOTAL_NAMES.join(' ')}`,
);

/** One place paging fields may sit, by name as a formula's field is compared (without case, spaces,
 * underscores or hyphens: `next_cursor`, `nextCursor`, `next-cursor` alike). */
type Place = ReadonlyMap<string, unknown>;

function placeOf(obj: JsonObject): Place {
  return new Map(Object.keys(obj).map((name) => [fieldName(name), obj[name]]));
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
  return (typeof text === 'string' && text.trim()) || null;
}

/** The cursor to send for the next page; 'none' when a next-cursor field is there but empty (the last
 * page); null when no cursor is sent. A bare `cursor` counts only when no next-cursor field is present. */
function nextCursor(where: readonly Place[]): Record<string, string> | 'none' | null {
  for (const [name, parameter] of CURSOR_NAMES) {
    for (const place of where) {
      const value = place.get(name);
      if (value === undefined) continue;
      if (value === null || value === '') return 'none';
      if (typeof value === 'string' || typeof value === 'number') return { [parameter]: String(value) };
    }
  }
  const bareCursor = first(where, ['cursor']);
  return typeof bareCursor === 'string' && bareCursor ? { cursor: bareCursor } : null;
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
  const origin = originOf(pageUrl) ?? '';
  if (link.startsWith('//')) return `${origin.split(':')[0]}:${link}`;
  if (link.startsWith('/')) return `${origin}${link}`;
  const path = pageUrl.split(/[?#]/)[0]!;
  if (link.startsWith('?')) return `${path}${link}`;
  return `${path.slice(0, path.lastIndexOf('/') + 1)}${link}`;
}

/** How to get the page after `data`, fetched from `pageUrl`, and its body for the report layer. `rows`
 * counts its rows: asked only for an `offset` with no `limit`, so a report that is not paged costs nothing. */
export function readPage(
  data: unknown,
  pageUrl: string,
  /** The next page a `Link` header named (nextFromLinkHeader), if any. */
  headerLink: string | undefined,
  rows: () => number | null,
): Page {
  if (!isObject(data)) return { next: null, total: null, rows: null, body: data };
  const boxes = Object.keys(data).filter((name) => CONTAINERS.has(fieldName(name)) && isObject(data[name]));
  const boxPlaces = boxes.map((name) => placeOf(data[name] as JsonObject));
  /** The places paging fields may sit: the body itself and its paging containers. */
  const where = [placeOf(data), ...boxPlaces];
  /** The paging containers other than the documented `meta`: their counts describe the paging only. */
  const counters = boxPlaces.filter((_, i) => fieldName(boxes[i]!) !== 'meta');
  const page = wholeNumber(first(where, PAGE_NAMES));
  const more = first(where, MORE_NAMES);
  const bodyLink = linkText(first(where, LINK_NAMES));
  const link = headerLink || bodyLink;
  const cursor = nextCursor(where);
  // `start` is where this page starts only as a whole number (a period's `start` is a day).
  const offsetName = OFFSET_NAMES.find((name) => wholeNumber(first(where, [name])) !== null);
  const offset = offsetName === undefined ? null : wholeNumber(first(where, [offsetName]));
  // start/count: `count` is the page's size there.
  const startCount = offsetName === 'start';
  const perPage = wholeNumber(first(where, startCount ? [...STEP_NAMES, 'count'] : STEP_NAMES));
  const rowsInAll = rowCount(where, boxes, boxPlaces, startCount);
  let total = wholeNumber(first(where, TOTAL_NAMES));
  let next: NextPage | null = null;
  const byPage = (remain: boolean) => {
    if (remain) next = { kind: 'query', options: { page: String(page! + 1) } };
  };
  if (more === false) {
    // The last page.
  } else if (link) {
    const url = resolveLink(link, pageUrl);
    const origin = originOf(url);
    if (origin === null || origin !== originOf(pageUrl))
      next = { kind: 'elsewhere', origin: origin ?? link.slice(0, 60) };
    else if (url !== pageUrl) next = { kind: 'url', url };
  } else if (cursor !== null) {
    // 'none': a next-cursor field there but empty, the last page.
    if (cursor !== 'none') next = { kind: 'query', options: cursor };
  } else if (page !== null && total !== null) {
    byPage(page < total);
  } else if (page !== null && rowsInAll !== null && perPage) {
    // Pages remain while page × per_page < total.
    byPage(page * perPage < rowsInAll);
    total = Math.max(1, Math.ceil(rowsInAll / perPage));
  } else if (offset !== null && rowsInAll !== null) {
    // Rows remain while this page's start and rows fall short of the count; the next starts after the rows
    // this page sent (an API may send fewer than its limit). A page of none gives no way on.
    const sent = rows() ?? 0;
    if (sent > 0 && offset + sent < rowsInAll)
      next = { kind: 'query', options: { [offsetName!]: String(offset + sent) } };
  } else if (more === true) {
    const step = offset === null ? null : (perPage ?? rows());
    next = step
      ? { kind: 'query', options: { [offsetName!]: String(offset! + step) } }
      : { kind: 'unreachable' };
  }

  // A next link counts even when it names the page itself (no next page then, but still a paging field).
  const signalled =
    next !== null ||
    total !== null ||
    rowsInAll !== null ||
    bodyLink !== null ||
    where.some((place) => MORE_NAMES.some((name) => place.has(name))) ||
    counters.some((box) =>
      [...box.keys()].some((name) => PAGING_FIELDS.has(name) || ROW_TOTAL_NAMES.includes(name)),
    );
  if (!signalled) return { next, total, rows: rowsInAll, body: data };
  const body: Record<string, unknown> = {};
  for (const name of Object.keys(data)) {
    const key = fieldName(name);
    const inner = data[name];
    if (PAGING_FIELDS.has(key) || (key === 'start' && offsetName === 'start')) continue;
    if (!CONTAINERS.has(key) || !isObject(inner)) {
      body[name] = inner;
      continue;
    }
    const kept: Record<string, unknown> = {};
    for (const field of Object.keys(inner)) {
      const drop =
        PAGING_FIELDS.has(fieldName(field)) || (key !== 'meta' && CONTAINER_ONLY.has(fieldName(field)));
      if (!drop) kept[field] = inner[field];
    }
    if (key === 'meta' || Object.keys(kept).length) body[name] = kept;
  }
  return { next, total, rows: rowsInAll, body };
}

/** Rows in all: a named count anywhere; a bare `total` or `count` in a paging container, or in `meta`
 * beside a paging field (alone there it may be a figure). `count` beside `start` is a page's size. */
function rowCount(
  where: readonly Place[],
  boxes: readonly string[],
  boxPlaces: readonly Place[],
  startCount: boolean,
): number | null {
  const named = wholeNumber(first(where, NAMED_COUNTS));
  if (named !== null) return named;
  const bare = startCount ? ['total'] : ['total', 'count'];
  const counters = boxPlaces.filter(
    (place, i) =>
      fieldName(boxes[i]!) !== 'meta' || [...place.keys()].some((name) => PAGING_FIELDS.has(name)),
  );
  return wholeNumber(first(counters, bare));
}
