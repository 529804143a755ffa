// The last refresh's record (core/refresh/last-refresh.ts) in document properties: written at the end of
// every refresh, read by the sidebar and the morning e-mail. One property write; a failure to write it
// never fails the refresh (the Status tab still says what happened).
import { mismatches, notAddingUp } from '../core/checks';
import { runFromRefresh } from '../core/flows/nightly';
import { morningFigures } from '../core/morning';
import type { RefreshNews } from '../core/refresh';
import {
  LAST_REFRESH_PROPERTY,
  type LastRefresh,
  lastRefreshFromStored,
  lastRefreshToStored,
  MAX_LAST_REFRESH_BYTES,
  morningProblems,
  platformProblems,
} from '../core/refresh';
import { documentStore, roomFor, type StoredValues } from './document';

export function recordLastRefresh(news: RefreshNews): LastRefresh | undefined {
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
    };
    const room = Math.min(MAX_LAST_REFRESH_BYTES, roomFor(LAST_REFRESH_PROPERTY));
    documentStore().setProperty(LAST_REFRESH_PROPERTY, lastRefreshToStored(record, room));
    return record;
  } catch {
    // The refresh is done and its Status tab written: the headline is a extra, never a reason to fail.
    return undefined;
  }
}

export function loadLastRefresh(document: StoredValues = documentStore()): LastRefresh | null {
  return lastRefreshFromStored(document.getProperty(LAST_REFRESH_PROPERTY));
}
