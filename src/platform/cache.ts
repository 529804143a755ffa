// CachePort over CacheService. Which cache: the document cache by default, because it is shared by
// everyone using this spreadsheet, so the formulas of many cells (each its own execution) and the
// refresh all reuse one response. Sharing is safe: cache keys carry a fingerprint of the API key, so
// users with different keys never read each other's entries. Outside a document (getDocumentCache()
// returns null) the user cache takes its place.
import type { CachePort } from '../core/ports';

export type CacheChoice = 'document' | 'user' | 'none';

/** A CacheService cache is a CachePort as it is: getAll and putAll, called on it. */
export function platformCache(choice: CacheChoice): CachePort | undefined {
  if (choice === 'none') return undefined;
  return (
    (choice === 'document' && CacheService.getDocumentCache()) || CacheService.getUserCache() || undefined
  );
}
