// The formula cells' facts of this spreadsheet (core/formulas/document-facts.ts) kept in the document cache:
// dropped where the settings, the key or the allowance change, so the next cell asks them again.
import { FACTS_KEY } from '../core/formulas/document-facts';

/** Drops this spreadsheet's facts, so the next formula cell asks the settings, the owner's key and
 * allowance again (called where any of them changes). Best effort: at worst the entry expires. */
export function forgetDocumentFacts(): void {
  try {
    // No cache (outside a document): there is nothing to drop.
    CacheService.getDocumentCache()?.remove(FACTS_KEY);
  } catch {
    // The facts expire within their ten minutes.
  }
}
