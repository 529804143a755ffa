// What a refresh asks the API, and in what company. Round 1 sends every request at once, round 2 the
// read-through of every series round 1 listed: two rounds when the API answers. UrlFetchApp's fetchAll
// throws for the whole batch when one request gets no answer (docs/google-rules.md), so every answer sent
// with a hanging request is lost with it. When round 1 hangs, what it lost is asked again apart, so a
// reporting backend that is down cannot take the rest with it:
//   1. the account and its lists (/account, /books, /series: nothing computed over a period), alone;
//   2. the read-through, as soon as the series are known, in one round (what it loses is not asked again);
//   3. the period's reports, asked again (each round that hangs names one more that never answers, never
//      asked again) while a whole round still fits before the client's deadline (time.ts).
// A request that got no answer is never asked again in the execution, so its time is spent once.
import type { ApiClient, ApiOutcome, ApiRequest } from '../api';
import { type EndpointId, showsPeriod } from '../endpoints';
import type { RoyaltiesSettings } from '../settings';
import { type Fetched, fetchedOf, type ReadThroughFetched, seriesToRead } from '../tabs';
import { needsReadThrough, OWN_REQUESTS, type OwnRequest, ownRequests, secondRound } from './plan';

/** Everything a refresh read from the API. */
export interface RefreshAnswers {
  /** Round 1's answers by endpoint. */
  readonly first: Map<EndpointId, Fetched>;
  /** The history's own timeline (of the period the history merges), when it has its own request. */
  readonly historyTimeline: Fetched | undefined;
  /** The year's timeline by month and its marketplace reports (the year so far, last month), when the
   * year is chosen. */
  readonly yearMonths: Fetched | undefined;
  readonly yearMarketplaces: Fetched | undefined;
  readonly lastMonthMarketplaces: Fetched | undefined;
  /** The read-through of every series, when a chosen tab needs it. */
  readonly readThrough: ReadThroughFetched | undefined;
}

/** Got no answer in time: to it, or to a request sent with it. */
const unanswered = (outcome: ApiOutcome): boolean => !outcome.ok && outcome.error.kind === 'timeout';

/**
 * Round 1 (`round1`: refreshFirstRound(settings)), then the read-through, through `client`; `reading` is
 * told how many series are read before their round. After a round that hung, its lost requests are asked
 * again in the order above.
 */
export function askTheApi(
  client: ApiClient,
  settings: RoyaltiesSettings,
  round1: readonly ApiRequest[],
  reading: (series: number) => void,
): RefreshAnswers {
  const outcomes = client.fetchMany(round1, { askLostAgain: false });
  /** Round 1's requests still without an answer in time that `keep` chooses, by index. */
  const lost = (keep: (request: ApiRequest) => boolean): number[] =>
    round1.flatMap((request, i) => (unanswered(outcomes[i]!) && keep(request) ? [i] : []));
  /** Asks round 1's requests at `indexes` again, their outcomes replacing the earlier ones. */
  const askAgain = (indexes: readonly number[], askLostAgain: boolean): void => {
    if (!indexes.length) return;
    const again = client.fetchMany(
      indexes.map((i) => round1[i]!),
      { askLostAgain },
    );
    indexes.forEach((at, k) => {
      outcomes[at] = again[k]!;
    });
  };
  const roundOneHung = outcomes.some(unanswered);
  // The account and its lists, apart from the reports (one that timed out is refused without asking).
  askAgain(
    lost((request) => !showsPeriod(request.endpoint)),
    false,
  );

  let readThrough: ReadThroughFetched | undefined;
  if (needsReadThrough(settings)) {
    const series = round1.findIndex((request) => request.endpoint === 'series');
    const toRead = seriesToRead(series < 0 ? undefined : fetchedOf(outcomes[series]!));
    if (toRead.ok) {
      reading(toRead.series.length);
      // No series asks nothing. After a round 1 that hung, one round at most: a read-through that hangs
      // for every series would otherwise name one series a minute and leave the reports no time.
      const responses = client
        .fetchMany(secondRound(toRead.series, settings), { askLostAgain: !roundOneHung })
        .map(fetchedOf);
      readThrough = { ok: true, series: toRead.series, responses, listUnread: toRead.unread };
    } else {
      readThrough = toRead;
    }
  }

  // Whatever is still lost, the reports above all, asked again while a whole round fits.
  askAgain(
    lost(() => true),
    true,
  );
  const answers = outcomes.map(fetchedOf);
  // The steps' own requests, each when it has one, end round 1.
  const asked = ownRequests(settings);
  const own: Partial<Record<OwnRequest, Fetched>> = {};
  for (const name of [...OWN_REQUESTS].reverse()) if (asked[name]) own[name] = answers.pop();
  const first = new Map(answers.map((answer, i) => [round1[i]!.endpoint, answer]));
  return {
    first,
    historyTimeline: own.historyTimeline,
    yearMonths: own.yearMonths,
    yearMarketplaces: own.yearMarketplaces,
    lastMonthMarketplaces: own.lastMonthMarketplaces,
    readThrough,
  };
}
