// Following a report's pages: after the first round, every report that says it has a next page asks for
// it, all of them together in the next round (one fetchAll), until each has no next page, reaches the page
// limit, or the caller's time runs out. The pages are then one response (report/combine-pages.ts).
//
// A page the API refuses or never answers fails the whole report, so its tab keeps the figures it had
// under the amber banner rather than show part of a report as if whole. Pages left unread for a reason
// that is no failure (the page limit, the time allowed, a next link to another origin, a page sent again,
// fewer pages than the API said) give the rows that were read with `pages.unread` saying why: the tab and
// the formula then say loudly the figures are too low.
import { ENDPOINTS } from '../endpoints';
import { combinePages, pageRowCount, pageRows } from '../report/combine-pages';
import { ApiError } from './errors';
import { type NextPage, pageHint, withoutPaging } from './pages';
import type { ApiOutcome, ApiRequest, ApiResponse, PagesRead } from './types';

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
  seen: Set<string>;
  /** Each page's rows as JSON: a page sent again (an API that ignores the paging parameter) is not added. */
  rowsSeen: Set<string>;
  failure: ApiError | null;
  unread: string | null;
  /** The earliest expiry of the pages' cached copies: the combined answer lives no longer. */
  expiresAt: number | undefined;
  /** Every page was answered from the cache. */
  fromCache: boolean;
}

function followUp(request: ApiRequest, next: NextPage): ApiRequest | null {
  if (next.kind === 'url')
    return {
      endpoint: request.endpoint,
      ...(request.seriesId === undefined ? {} : { seriesId: request.seriesId }),
      pageUrl: next.url,
    };
  if (next.kind === 'query') {
    const { pageUrl: _page, ...base } = request;
    return { ...base, options: { ...(request.options || {}), ...next.options } };
  }
  return null;
}

/** "Only 2 of 5 pages of Books were read", "Only the first page of Books was read". */
function pagesLeft(chain: Chain): string {
  const n = chain.bodies.length;
  const title = ENDPOINTS[chain.request.endpoint].title;
  const pages =
    chain.total !== null
      ? `${n} of ${chain.total} pages`
      : n === 1
        ? 'the first page'
        : `the first ${n} pages`;
  return `Only ${pages} of ${title} ${n === 1 ? 'was' : 'were'} read`;
}

/** Notes a page's rows; false when an earlier page had the very same rows (none is no match). */
function noteRows(chain: Chain, page: unknown): boolean {
  const rows = pageRows(page, chain.request.endpoint);
  if (!rows || rows.length === 0) return true;
  const text = JSON.stringify(rows);
  if (chain.rowsSeen.has(text)) return false;
  chain.rowsSeen.add(text);
  return true;
}

export function followPages(
  requests: readonly ApiRequest[],
  firsts: ApiOutcome[],
  ports: PagingPorts,
): ApiOutcome[] {
  const chains = new Map<number, Chain>();
  const read = (chain: Chain, response: ApiResponse): void => {
    const { data, nextLink } = response;
    // Rows compared from page 2 on only, so a report in one piece costs nothing more.
    if (chain.bodies.length === 1) noteRows(chain, chain.bodies[0]);
    if (chain.bodies.length > 0 && !noteRows(chain, data)) {
      chain.next = null;
      chain.unread = `${pagesLeft(chain)}: the API sent the same page again when asked for the next one. The figures are too low; choose a shorter period.`;
      return;
    }
    chain.fromCache &&= response.fromCache;
    // A page not cached (a Link header's) has no expiry: the combined answer is then not kept either.
    chain.expiresAt =
      response.expiresAt === undefined || (chain.bodies.length > 0 && chain.expiresAt === undefined)
        ? undefined
        : Math.min(response.expiresAt, chain.expiresAt ?? Number.POSITIVE_INFINITY);
    const hint = pageHint(data, chain.url, nextLink, () => pageRowCount(data, chain.request.endpoint));
    chain.bodies.push(withoutPaging(data, hint));
    chain.total = hint.total ?? chain.total;
    chain.next = hint.next;
  };
  firsts.forEach((outcome, i) => {
    if (!outcome.ok) return;
    const request = requests[i]!;
    const chain: Chain = {
      request,
      bodies: [],
      url: ports.urlOf(request),
      next: null,
      total: null,
      seen: new Set(),
      rowsSeen: new Set(),
      failure: null,
      unread: null,
      expiresAt: undefined,
      fromCache: true,
    };
    chain.seen.add(chain.url);
    read(chain, outcome.response);
    if (chain.next !== null || chain.bodies[0] !== outcome.response.data) chains.set(i, chain);
  });

  for (;;) {
    const asking: Array<{ chain: Chain; request: ApiRequest }> = [];
    for (const chain of chains.values()) {
      const next = chain.next;
      if (next === null || chain.failure || chain.unread) continue;
      if (next.kind === 'elsewhere') {
        chain.unread = `${pagesLeft(chain)}: the API gave the next page at another address (${next.origin}), which the add-on never follows, since the API key would go with it. The figures are too low.`;
        continue;
      }
      if (next.kind === 'unreachable') {
        chain.unread = `${pagesLeft(chain)}: the API said more pages follow but gave no way to ask for them. The figures are too low; choose a shorter period.`;
        continue;
      }
      if (chain.bodies.length >= MAX_PAGES) {
        chain.unread = `${pagesLeft(chain)}: the add-on reads at most ${MAX_PAGES} pages of a report. The figures are too low; choose a shorter period.`;
        continue;
      }
      const request = followUp(chain.request, next)!;
      const url = ports.urlOf(request);
      // A next page that names a page already read would loop: the report ends there, not read in full.
      if (chain.seen.has(url)) {
        chain.next = null;
        chain.unread = `${pagesLeft(chain)}: the API gave as the next page one already read. The figures are too low; choose a shorter period.`;
        continue;
      }
      chain.seen.add(url);
      chain.url = url;
      asking.push({ chain, request });
    }
    if (asking.length === 0) break;
    const answers = ports.fetchEach(asking.map((a) => a.request));
    asking.forEach(({ chain }, k) => {
      const answer = answers[k]!;
      if (answer.ok) {
        read(chain, answer.response);
        return;
      }
      const title = ENDPOINTS[chain.request.endpoint].title;
      const page = chain.bodies.length + 1;
      if (answer.error.kind === 'out-of-time') {
        chain.unread = `${pagesLeft(chain)} before the time allowed ran out. The figures are too low; try again, or choose a shorter period.`;
      } else {
        chain.failure = new ApiError(
          answer.error.kind,
          `Page ${page} of ${title} could not be read: ${answer.error.message}`,
          {
            status: answer.error.status ?? null,
            attempts: answer.error.attempts,
          },
        );
      }
    });
  }

  return firsts.map((outcome, i) => {
    const chain = chains.get(i);
    if (!chain || !outcome.ok) return outcome;
    if (chain.failure) return { ok: false, error: chain.failure };
    if (!chain.unread && chain.total !== null && chain.bodies.length < chain.total)
      chain.unread = `${pagesLeft(chain)}: the API said there were ${chain.total} pages but gave no way to ask for the rest. The figures are too low; choose a shorter period.`;
    const pages: PagesRead = { read: chain.bodies.length, total: chain.total, unread: chain.unread };
    const data = combinePages(chain.bodies, chain.request.endpoint);
    const expires = chain.expiresAt === undefined ? {} : { expiresAt: chain.expiresAt };
    return { ok: true, response: { data, fromCache: chain.fromCache, pages, ...expires } };
  });
}
