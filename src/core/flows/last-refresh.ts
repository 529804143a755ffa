// The last refresh's record (core/refresh/last-refresh.ts) in the document store: made at the end of every
// refresh from its news (the outcome, the headline figures, what was wrong, the checks that do not add up),
// read by the sidebar and the morning e-mail. One write; a failure to make or write it never fails the
// refresh (the Status tab still says what happened). platform/last-refresh.ts hands in the store.
import { mismatches, notAddingUp } from '../checks';
import { morningFigures } from '../morning';
import {
  LAST_REFRESH_PROPERTY,
  type LastRefresh,
  lastRefreshFromStored,
  lastRefreshToStored,
  MAX_LAST_REFRESH_BYTES,
  morningProblems,
  platformProblems,
  type RefreshNews,
} from '../refresh';
import { runFromRefresh } from './nightly';

export interface LastRefreshStorePort {
  /** How much the store can still hold under this key (Infinity: document properties, unbounded here). */
  roomFor(key: string): number;
  save(key: string, text: string): void;
}

/** The record of a refresh, from its news. */
function lastRefreshOf(news: RefreshNews): LastRefresh {
  const figures = morningFigures(news.firstRound, news.days, news);
  const problems = morningProblems({
    ...news,
    // The reconciliation's checks that do not add up, for the morning e-mail and the sidebar: a sentence each.
    checksThatDoNotAddUp: mismatches(news.checks).map(notAddingUp),
    platforms: platformProblems(news.firstRound.get('account'), news.finishedAt),
    figuresUnread: figures.unread,
  });
  // The one-paragraph outcome leaves the checks to `problems`.
  return {
    ...runFromRefresh({ tabs: news.tabs }, new Date(news.finishedAt).toISOString()),
    by: news.by,
    problems,
    figures,
    ...(news.alerts && { alerts: news.alerts }),
  };
}

/** The record written, or undefined when it could not be (never throws): a record the store has no room
 * for is left out, and the caller says the outcome itself rather than send the author to a headline that
 * is not there. */
export function recordLastRefreshIn(news: RefreshNews, store: LastRefreshStorePort): LastRefresh | undefined {
  try {
    const record = lastRefreshOf(news);
    const room = Math.min(MAX_LAST_REFRESH_BYTES, store.roomFor(LAST_REFRESH_PROPERTY));
    const text = lastRefreshToStored(record, room);
    store.save(LAST_REFRESH_PROPERTY, text);
    return text.length <= room ? record : undefined;
  } catch {
    // The refresh is done and its Status tab written: the headline is an extra, never a reason to fail.
    return undefined;
  }
}

/** The characters the record of a refresh takes at its least (its last cut), before the Status tab is
 * written: a failure to write it counted in, at its longest. The room the Status book's save keeps for it
 * (0 when it cannot be told: never throws). */
export function leastLastRefreshChars(news: RefreshNews): number {
  try {
    return lastRefreshToStored(lastRefreshOf({ ...news, statusError: 'x'.repeat(200) }), 0).length;
  } catch {
    return 0;
  }
}

export function lastRefreshIn(document: { getProperty(key: string): string | null }): LastRefresh | null {
  return lastRefreshFromStored(document.getProperty(LAST_REFRESH_PROPERTY));
}
