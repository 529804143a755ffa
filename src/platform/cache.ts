// CachePort over CacheService. Which cache: the document cache by default, because it is shared by
// everyone using this spreadsheet, so the formulas of many cells (each its own execution) and the
// refresh all reuse one response. Sharing is safe: cache keys carry a fingerprint of the API key, so
// users with different keys never read each other's entries. Outside a document (getDocumentCache()
// returns null) the user cache takes its place.
import type { CachePort } from '../core/ports';
import { optionalCache } from './optional-services';

export type CacheChoice = 'document' | 'user' | 'none';

/** A CacheService cache as a CachePort: getAll and putAll, called on it; one that throws is a miss. */
export function platformCache(choice: CacheChoice): CachePort | undefined {
  if (choice === 'none') return undefined;
  return optionalCache(
    () => (choice === 'document' && CacheService.getDocumentCache()) || CacheService.getUserCache(),
  );
}
