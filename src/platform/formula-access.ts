// The owner's allowance for formulas in this spreadsheet (see src/core/formulas/access.ts for why it lives
// in user properties under the spreadsheet's id). The sidebar sets it; every formula reads it first.
import { ACCESS_ON, checkOwner, formulaAccessProperty } from '../core/formulas';
import { type StoredValues, userProperties } from './document';
import { forgetDocumentFacts } from './document-facts';

function property(): string {
  return formulaAccessProperty(SpreadsheetApp.getActive().getId());
}

/** In a custom function, user properties are the owner's: this is the owner's choice for this spreadsheet.
 * In the sidebar it is the acting user's own choice, which only matters when they own the spreadsheet. */
export function isFormulaAccessOn(user: StoredValues = userProperties()): boolean {
  return user.getProperty(property()) === ACCESS_ON;
}

function checkActingUserOwns(): void {
  checkOwner(Session.getEffectiveUser().getEmail(), SpreadsheetApp.getActive().getOwner()?.getEmail());
}

/** Whether the acting user owns this spreadsheet (false on a shared drive, which has no single owner). */
export function isSpreadsheetOwner(): boolean {
  try {
    checkActingUserOwns();
    return true;
  } catch {
    return false;
  }
}

/** Entry point for the sidebar. Owner only: an editor is refused with a message (and could only ever
 * write to their own user properties, which formulas never read). */
export function setFormulaAccess(enabled: unknown): { enabled: boolean } {
  if (typeof enabled !== 'boolean') throw new Error('setFormulaAccess needs true or false.');
  checkActingUserOwns();
  const store = userProperties();
  if (enabled) store.setProperty(property(), ACCESS_ON);
  else store.deleteProperty(property());
  // Formula cells show kept answers while the document facts carry the allowance: drop it, so turning
  // formulas off takes effect at the next recalculation (at worst when the facts expire, ten minutes).
  forgetDocumentFacts();
  return { enabled };
}
