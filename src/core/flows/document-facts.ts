// The formula cells' facts of this spreadsheet (core/formulas/document-facts.ts) kept in the document cache,
// dropped where the settings, the key or the allowance change, so the next cell asks them again.
// platform/document-facts.ts hands in the cache.
import { FACTS_KEY } from '../formulas/document-facts';

/** Drops this spreadsheet's facts (no cache, outside a document: nothing to drop). Best effort: at worst
 * the entry expires within its ten minutes. */
export function forgetDocumentFacts(cache: () => { remove(key: string): void } | null): void {
  try {
    cache()?.remove(FACTS_KEY);
  } catch {
    // The facts expire within their ten minutes.
  }
}
