// The formula cells' facts of this spreadsheet, dropped from the document cache where the settings, the
// key or the allowance change (core/flows/document-facts.ts).
import * as facts from '../core/flows/document-facts';

/** Drops this spreadsheet's facts, so the next formula cell asks the settings, the owner's key and
 * allowance again (called where any of them changes). */
export function forgetDocumentFacts(): void {
  facts.forgetDocumentFacts(() => CacheService.getDocumentCache());
}
