// The last refresh's record (core/flows/last-refresh.ts) in the document store: written at the end of
// every refresh, read by the sidebar and the morning e-mail.
import { lastRefreshIn, leastLastRefreshChars, recordLastRefreshIn } from '../core/flows/last-refresh';
import type { LastRefresh, RefreshNews } from '../core/refresh';
import { documentStore, roomFor, type StoredValues } from './document';

export function recordLastRefresh(news: RefreshNews): LastRefresh | undefined {
  return recordLastRefreshIn(news, {
    roomFor: (key) => roomFor(key),
    save: (key, text) => documentStore().setProperty(key, text),
  });
}

export const lastRefreshChars = leastLastRefreshChars;

export function loadLastRefresh(document: StoredValues = documentStore()): LastRefresh | null {
  return lastRefreshIn(document);
}
