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

/** The record written, or undefined when it could not be (never throws). */
export function recordLastRefreshIn(news: RefreshNews, store: LastRefreshStorePort): LastRefresh | undefined {
  try {
    const figures = morningFigures(news.firstRound, news.days, news);
    const problems = morningProblems({
      ...news,
      // The reconciliation's checks that do not add up, for the morning e-mail and the sidebar: a sentence each.
      checksThatDoNotAddUp: mismatches(news.checks).map(notAddingUp),
      platforms: platformProblems(news.firstRound.get('account'), news.finishedAt),
      figuresUnread: figures.unread,
    });
    // The one-paragraph outcome leaves the checks to `problems`.
    const record: LastRefresh = {
      ...runFromRefresh({ tabs: news.tabs }, new Date(news.finishedAt).toISOString()),
      by: news.by,
      problems,
      figures,
      ...(news.alerts && { alerts: news.alerts }),
    };
    const room = Math.min(MAX_LAST_REFRESH_BYTES, store.roomFor(LAST_REFRESH_PROPERTY));
    store.save(LAST_REFRESH_PROPERTY, lastRefreshToStored(record, room));
    return record;
  } catch {
    // The refresh is done and its Status tab written: the headline is an extra, never a reason to fail.
    return undefined;
  }
}

export function lastRefreshIn(document: { getProperty(key: string): string | null }): LastRefresh | null {
  return lastRefreshFromStored(document.getProperty(LAST_REFRESH_PROPERTY));
}
