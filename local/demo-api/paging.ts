// Pagination for the demo API: off by default (the real API documents none), on for tests of a report
// sent in pages. A report's list of rows (`rows`, `points`, `books`, `series` at the top of the body) is
// served `size` rows a page, in one of the usual styles an API may use:
//   cursor       `next_cursor` in the body, sent back as `?cursor=`
//   link         a relative `links.next` in the body
//   link-header  an HTTP `Link: <…>; rel="next"` header
//   page         `page` and `total_pages`, asked for with `?page=`
//   offset       `has_more`, `offset` and `limit`, asked for with `?offset=`
//   offset-count `offset`, `limit` and `total_count` (rows in all), asked for with `?offset=`
//   per-page     `meta: {page, per_page, total}` (total counts rows), asked for with `?page=`
//   start-count  `pagination: {start, count, total}` (count: this page's rows), asked for with `?start=`
//   foreign      an absolute `next` link on another origin (a client must never follow it with its key)
// and, for tests of paging a client must not take at its word:
//   pagination   `pagination: {page, per_page, total}` (total counts rows), asked for with `?page=`
//   repeat       `next_cursor` always, but the cursor sent back is ignored: page 1 every time
//   stuck        `has_more: true` on page 1 with no cursor, link or offset to ask for the next
//   count-ignored `offset`, `limit` and `total_count`, but the offset sent back is ignored: page 1 again
//   count-only   `meta: {total_count}` beside page 1, and no way to ask for the rest
// and signals beside the rows that a client must weigh (MORE_PAGING_STYLES, SIGNAL_PAGING_STYLES below):
//   overlap      `next_cursor`, each page after the first starting with the last row of the one before
//   header-count `offset` and `limit` in the body, the rows in all only in an `X-Total-Count` header
//   flag-text    `has_more` as "yes"/"no", `offset` and `limit` as text
//   header-count-only `X-Total-Count` beside page 1, no way to ask for the rest
//   changed-row  as overlap, but the row sent again has another figure (two rows, one id)
//   more-unclear `has_more: "perhaps"`, no way to ask for the rest

export const PAGING_STYLES = [
  'cursor',
  'link',
  'link-header',
  'page',
  'offset',
  'offset-count',
  'per-page',
  'start-count',
  'foreign',
] as const;
export const ODD_PAGING_STYLES = ['pagination', 'repeat', 'stuck', 'count-ignored', 'count-only'] as const;
/** Pages a client reads whole when it weighs every signal: a row sent twice, counts in headers, flags as text. */
export const MORE_PAGING_STYLES = ['overlap', 'header-count', 'flag-text'] as const;
/** Signals that say rows are missing or doubtful: the figures are then said to be too low or unsure. */
export const SIGNAL_PAGING_STYLES = ['header-count-only', 'changed-row', 'more-unclear'] as const;
type PagingStyle =
  | (typeof PAGING_STYLES)[number]
  | (typeof ODD_PAGING_STYLES)[number]
  | (typeof MORE_PAGING_STYLES)[number]
  | (typeof SIGNAL_PAGING_STYLES)[number];

export interface PagingSpec {
  readonly size: number;
  readonly style: PagingStyle;
}

/** Query parameters the paging styles add: taken out of the query before the report reads it. */
export const PAGING_PARAMS: readonly string[] = ['cursor', 'page', 'offset', 'start'];

const LIST_NAMES = ['rows', 'points', 'books', 'series'];

/** Where the page starts, from the request's paging parameters (0 without any). */
export function pageStart(search: URLSearchParams, size: number): number {
  const cursor = search.get('cursor');
  if (cursor !== null) return Number(cursor.replace(/^after-/, '')) || 0;
  const page = search.get('page');
  if (page !== null) return Math.max(0, (Number(page) || 1) - 1) * size;
  return Number(search.get('offset') ?? search.get('start')) || 0;
}

interface Paged {
  readonly body: unknown;
  readonly headers: Record<string, string>;
}

/** `body` cut to the page starting at `start`; `url` is the request's own (path and query under /v1). */
export function pageOf(body: unknown, spec: PagingSpec, start: number, pathAndQuery: string): Paged {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { body, headers: {} };
  const record = body as Record<string, unknown>;
  const name = LIST_NAMES.find((n) => Array.isArray(record[n]));
  if (name === undefined) return { body, headers: {} };
  const all = record[name] as unknown[];
  const size = Math.max(1, spec.size);
  if (isSignalStyle(spec.style)) return signalPage(record, name, all, size, spec.style, start);
  if (spec.style === 'repeat' || spec.style === 'count-ignored' || spec.style === 'count-only') start = 0;
  const rows = all.slice(start, start + size);
  const nextStart = start + size < all.length ? start + size : null;
  const totalPages = Math.max(1, Math.ceil(all.length / size));
  const out: Record<string, unknown> = { ...record, [name]: rows };
  const nextLink = nextStart === null ? null : withParam(pathAndQuery, 'offset', String(nextStart));
  const headers: Record<string, string> = {};
  switch (spec.style) {
    case 'cursor':
      out.next_cursor = nextStart === null ? null : `after-${nextStart}`;
      break;
    case 'link':
      out.links = { self: pathAndQuery, next: nextLink };
      break;
    case 'link-header':
      if (nextLink !== null) headers.Link = `<${nextLink}>; rel="next"`;
      break;
    case 'page':
      out.page = Math.floor(start / size) + 1;
      out.total_pages = totalPages;
      break;
    case 'offset':
      out.has_more = nextStart !== null;
      out.offset = start;
      out.limit = size;
      break;
    case 'offset-count':
    case 'count-ignored':
      out.offset = start;
      out.limit = size;
      out.total_count = all.length;
      break;
    case 'per-page':
      out.meta = { ...metaOf(record), page: Math.floor(start / size) + 1, per_page: size, total: all.length };
      break;
    case 'start-count':
      out.pagination = { start, count: rows.length, total: all.length };
      break;
    case 'count-only':
      out.meta = { ...metaOf(record), total_count: all.length };
      break;
    case 'pagination':
      out.pagination = { page: Math.floor(start / size) + 1, per_page: size, total: all.length };
      break;
    case 'repeat':
      out.next_cursor = `after-${size}`;
      break;
    case 'stuck':
      out.has_more = nextStart !== null;
      break;
    case 'foreign':
      out.next =
        nextStart === null
          ? null
          : `https://elsewhere.example${withParam(pathAndQuery, 'offset', String(nextStart))}`;
      break;
  }
  return { body: out, headers };
}

function metaOf(record: Record<string, unknown>): Record<string, unknown> {
  const meta = record.meta;
  return meta !== null && typeof meta === 'object' && !Array.isArray(meta)
    ? (meta as Record<string, unknown>)
    : {};
}

/** `/v1/reports/books?range=x` with `name=value` set (replacing an earlier value). */
function withParam(pathAndQuery: string, name: string, value: string): string {
  const [path, query = ''] = pathAndQuery.split('?');
  const params = new URLSearchParams(query);
  for (const p of PAGING_PARAMS) params.delete(p);
  params.set(name, value);
  return `${path}?${params.toString()}`;
}

type SignalStyle = (typeof MORE_PAGING_STYLES)[number] | (typeof SIGNAL_PAGING_STYLES)[number];

function isSignalStyle(style: PagingStyle): style is SignalStyle {
  return (MORE_PAGING_STYLES as readonly string[]).concat(SIGNAL_PAGING_STYLES).includes(style);
}

/** A page in one of the styles whose signals a client must weigh (MORE_PAGING_STYLES, SIGNAL_PAGING_STYLES). */
function signalPage(
  record: Record<string, unknown>,
  name: string,
  all: unknown[],
  size: number,
  style: SignalStyle,
  asked: number,
): Paged {
  const start = style === 'header-count-only' || style === 'more-unclear' ? 0 : asked;
  const nextStart = start + size < all.length ? start + size : null;
  const out: Record<string, unknown> = { ...record };
  const headers: Record<string, string> = {};
  if (style === 'overlap' || style === 'changed-row') {
    // After the first page, the last row of the page before comes again at the top.
    const again = start > 0 ? [repeatedRow(all[start - 1], style === 'changed-row')] : [];
    out[name] = [...again, ...all.slice(start, start + size)];
    out.next_cursor = nextStart === null ? null : `after-${nextStart}`;
    return { body: out, headers };
  }
  out[name] = all.slice(start, start + size);
  if (style === 'header-count' || style === 'header-count-only') {
    headers['X-Total-Count'] = String(all.length);
    if (style === 'header-count') {
      out.offset = start;
      out.limit = size;
    }
  } else if (style === 'flag-text') {
    out.has_more = nextStart === null ? 'no' : 'yes';
    out.offset = String(start);
    out.limit = String(size);
  } else {
    out.has_more = 'perhaps';
  }
  return { body: out, headers };
}

/** The row sent again; `changed`: with its first figure one more, as if it changed between the pages. */
function repeatedRow(row: unknown, changed: boolean): unknown {
  if (!changed || row === null || typeof row !== 'object' || Array.isArray(row)) return row;
  const copy: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  const figure = Object.keys(copy).find((key) => typeof copy[key] === 'number');
  if (figure !== undefined) copy[figure] = (copy[figure] as number) + 1;
  return copy;
}
