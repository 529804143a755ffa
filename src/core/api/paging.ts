// Following a report's pages: after the first round, every report that says it has a next page asks for
// it, all of them together in the next round (one fetchAll), until each has no next page, reaches the page
// limit, or the caller's time runs out. The pages are then one response (report/combine-pages.ts).
//
// A page the API refuses or never answers fails the whole report, so its tab keeps the figures it had
// under the amber banner rather than show part of a report as if whole. Pages left unread for a reason
// that is no failure (the page limit, the time allowed, a next link to another origin, a page sent again,
// fewer pages than the API said, fewer rows than its count) give the rows that were read with `pages.unread` saying why: the tab and
// the formula then say loudly the figures are too low.
import { ENDPOINTS } from '../endpoints';
import { combinePages, pageRows } from '../report/combine-pages';
import type { RepeatedRows } from '../report/repeated-rows';
import { ApiError } from './errors';
import { type NextPage, readPage } from './pages';
import type { ApiOutcome, ApiRequest, ApiResponse, PagesRead, RowsRead } from './types';

/** Pages read of one report at most: a loop of next links ends here, and a formula stays inside its 30 s. */
const MAX_PAGES = 20;

interface PagingPorts {
  /** One batch of requests through the client (memo, cache, retries, deadline). */
  readonly fetchEach: (requests: readonly ApiRequest[]) => ApiOutcome[];
  /** The URL a request goes to: what a relative next link is read against. */
  readonly urlOf: (request: ApiRequest) => string;
}

interface Chain {
  readonly request: ApiRequest;
  readonly bodies: unknown[];
  url: string;
  next: NextPage | null;
  total: number | null;
  /** Rows in all, when the report says (a count beside its rows). */
  rowsInAll: number | null;
  /** The URLs asked, and each page's rows as JSON (a page sent again, by an API that ignores the paging
   * parameter, is not added). One set for both: a URL starts `http`, rows as JSON `[`. */
  readonly seen: Set<string>;
  failure?: ApiError;
  /** Why pages were left unread, and what to do: the sentence is made once every page is in. */
  left?: { readonly why: string; readonly advice: string };
  /** The earliest expiry of the pages' cached copies: the combined answer lives no longer. NaN once a page
   * had none (not cached: a Link header's): the combined answer is then not kept either. */
  expiresAt: number;
  /** Every page was answered from the cache. */
  fromCache: boolean;
}

/** Why pages are left unread, where two reasons are one to the author. */
const AGAIN = ': the API gave a page already read as the next one';
const NO_WAY = ': the API gave no way to ask for the rest';

const SHORTER = '; choose a shorter period';

/** Pages are left unread, for `why`: the chain asks for no more. */
function leave(chain: Chain, why: string, advice = SHORTER): void {
  chain.next = null;
  chain.left = { why, advice };
}

/** "Only 2 of 5 pages of Books were read: {why}. The figures are too low{advice}."; in rows when the
 * report counts its rows ("Only 3 of 5 rows"), also when every page was read but rows are fewer than the
 * count. Null when nothing is missing. */
function unreadSentence(chain: Chain, short: RowsRead | null): string | null {
  if (!chain.left && !short) return null;
  const { why, advice } = chain.left ?? { why: NO_WAY, advice: SHORTER };
  const n = short ? short.read : chain.bodies.length;
  const what = short
    ? `${short.read} of ${short.inAll} rows`
    : chain.total !== null
      ? `${n} of ${chain.total} pages`
      : n === 1
        ? 'the first page'
        : `the first ${n} pages`;
  return `Only ${what} of ${ENDPOINTS[chain.request.endpoint].title} ${n === 1 ? 'was' : 'were'} read${why}. The figures are too low${advice}.`;
}

/** Rows read (each row sent twice counted once) against the count the report gave, when fewer. */
function rowsShort(chain: Chain, read: number): RowsRead | null {
  if (chain.rowsInAll === null) return null;
  return read < chain.rowsInAll ? { read, inAll: chain.rowsInAll } : null;
}

/** "Books: 1 row sent on two pages (the same book_id) was taken once." and, for rows that differ under one
 * identity, that both were kept. Null when no row was sent twice. */
function repeatedSentence(chain: Chain, repeated: RepeatedRows | null): string | null {
  if (!repeated) return null;
  const title = ENDPOINTS[chain.request.endpoint].title;
  const { fields, same, clashes } = repeated;
  const named = fields.join(', ');
  const once =
    same > 0
      ? `${title}: ${same === 1 ? '1 row' : `${same} rows`} sent on two pages (the same ${named}) ${same === 1 ? 'was' : 'were'} taken once.`
      : '';
  const shown = clashes.slice(0, 3).join('; ') + (clashes.length > 3 ? '…' : '');
  const both = clashes.length
    ? `${title}: ${clashes.length === 1 ? 'a row' : `${clashes.length} rows`} on a later page ${clashes.length === 1 ? 'has' : 'have'} the ${named} of a different row on an earlier page (${shown}): both kept, so a figure may be counted twice; the report may have changed while its pages were read.`
    : '';
  return [once, both].filter(Boolean).join(' ');
}

/** Notes a page's rows; false when an earlier page had the very same rows (none is no match). */
function noteRows(chain: Chain, page: unknown): boolean {
  const rows = pageRows(page, chain.request.endpoint);
  if (!rows || rows.length === 0) return true;
  const text = JSON.stringify(rows);
  if (chain.seen.has(text)) return false;
  chain.seen.add(text);
  return true;
}

export function followPages(
  requests: readonly ApiRequest[],
  firsts: ApiOutcome[],
  ports: PagingPorts,
): ApiOutcome[] {
  const chains = new Map<number, Chain>();
  const read = (chain: Chain, response: ApiResponse): void => {
    const { data } = response;
    // Rows compared from page 2 on only, so a report in one piece costs nothing more.
    if (chain.bodies.length === 1) noteRows(chain, chain.bodies[0]);
    if (chain.bodies.length && !noteRows(chain, data)) {
      leave(chain, AGAIN);
      return;
    }
    chain.fromCache &&= response.fromCache;
    // A page with no expiry (not cached) leaves NaN, which Math.min keeps for the pages after it.
    chain.expiresAt =
      response.expiresAt === undefined ? Number.NaN : Math.min(response.expiresAt, chain.expiresAt);
    // Its rows are what an `offset` moves on by when the page gives no `limit` (none: no way on).
    const page = readPage(
      data,
      chain.url,
      response.pagingHeaders ?? {},
      () => pageRows(data, chain.request.endpoint)?.length ?? 0,
    );
    chain.bodies.push(page.body);
    chain.total = page.total ?? chain.total;
    chain.rowsInAll = page.rows ?? chain.rowsInAll;
    chain.next = page.next;
  };
  firsts.forEach((outcome, i) => {
    if (!outcome.ok) return;
    const request = requests[i]!;
    const url = ports.urlOf(request);
    const chain: Chain = {
      request,
      bodies: [],
      url,
      next: null,
      total: null,
      rowsInAll: null,
      seen: new Set([url]),
      expiresAt: Number.POSITIVE_INFINITY,
      fromCache: true,
    };
    read(chain, outcome.response);
    if (chain.next !== null || chain.rowsInAll !== null || chain.bodies[0] !== outcome.response.data)
      chains.set(i, chain);
  });

  for (;;) {
    const asking: Array<{ chain: Chain; request: ApiRequest }> = [];
    for (const chain of chains.values()) {
      const next = chain.next;
      if (next === null || chain.failure) continue;
      if (next.kind === 'elsewhere') {
        leave(chain, `: the next page is at another address (${next.origin})`, '');
      } else if (next.kind === 'unreachable') {
        leave(chain, NO_WAY);
      } else if (next.kind === 'unclear') {
        leave(chain, `: the API sent has_more as ${next.sent}, which says neither true nor false`);
      } else if (chain.bodies.length >= MAX_PAGES) {
        leave(chain, `: the add-on reads at most ${MAX_PAGES} pages of a report`);
      } else {
        // The next page: at the address the API gave, or the first request with the paging parameters added.
        const first = chain.request;
        const request: ApiRequest =
          next.kind === 'url'
            ? { ...first, pageUrl: next.url }
            : { ...first, pageUrl: undefined, options: { ...first.options, ...next.options } };
        const url = ports.urlOf(request);
        // A next page that names a page already read would loop: the report ends there, not read in full.
        if (chain.seen.has(url)) leave(chain, AGAIN);
        else {
          chain.seen.add(url);
          chain.url = url;
          asking.push({ chain, request });
        }
      }
    }
    if (!asking.length) break;
    const answers = ports.fetchEach(asking.map((a) => a.request));
    asking.forEach(({ chain }, k) => {
      const answer = answers[k]!;
      if (answer.ok) read(chain, answer.response);
      else if (answer.error.kind === 'out-of-time') {
        leave(chain, ' before the time allowed ran out', '; try again, or choose a shorter period');
      } else {
        const { kind, message, status, attempts } = answer.error;
        chain.failure = new ApiError(
          kind,
          `Page ${chain.bodies.length + 1} of ${ENDPOINTS[chain.request.endpoint].title} could not be read: ${message}`,
          { status, attempts },
        );
      }
    });
  }

  return firsts.map((outcome, i) => {
    const chain = chains.get(i);
    if (!chain) return outcome;
    if (chain.failure) return { ok: false, error: chain.failure };
    const { bodies, total, expiresAt } = chain;
    if (!chain.left && total !== null && bodies.length < total) {
      leave(chain, NO_WAY);
    }
    const { data, rows, repeated } = combinePages(bodies, chain.request.endpoint);
    const short = rowsShort(chain, rows);
    const pages: PagesRead = {
      read: bodies.length,
      total,
      unread: unreadSentence(chain, short),
      rows: short,
      repeated: repeatedSentence(chain, repeated),
    };
    const expires = Number.isNaN(expiresAt) ? {} : { expiresAt };
    return { ok: true, response: { data, fromCache: chain.fromCache, pages, ...expires } };
  });
}
