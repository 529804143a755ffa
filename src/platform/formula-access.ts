// The owner's allowance for formulas in this spreadsheet (core/flows/formula-access.ts): the sidebar sets
// it; every formula reads it first. Here: who acts, who owns, and the user's properties.
import * as access from '../core/flows/formula-access';
import { type StoredValues, userProperties } from './document';
import { forgetDocumentFacts } from './document-facts';
import { sheetsApp } from './optional-services';

const port: access.FormulaAccessPort = {
  spreadsheetId: () => sheetsApp().getActive().getId(),
  actingEmail: () => Session.getEffectiveUser().getEmail(),
  ownerEmail: () => sheetsApp().getActive().getOwner()?.getEmail(),
};

/** In a custom function, user properties are the owner's: this is the owner's choice for this spreadsheet.
 * In the sidebar it is the acting user's own choice, which only matters when they own the spreadsheet. */
export function isFormulaAccessOn(user: StoredValues = userProperties()): boolean {
  return access.isFormulaAccessOn(user, port.spreadsheetId());
}

/** Whether the acting user owns this spreadsheet (false on a shared drive, which has no single owner). */
export function isSpreadsheetOwner(): boolean {
  try {
    access.checkActingUserOwns(port);
    return true;
  } catch {
    return false;
  }
}

/** Entry point for the sidebar. */
export function setFormulaAccess(enabled: unknown): { enabled: boolean } {
  const set = access.setFormulaAccess(enabled, port, userProperties);
  // Formula cells show kept answers while the document facts carry the allowance: drop it, so turning
  // formulas off takes effect at the next recalculation (at worst when the facts expire, ten minutes).
  forgetDocumentFacts();
  return set;
}
