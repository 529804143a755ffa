// The owner's allowance for formulas. Google runs a custom function with the spreadsheet owner's user
// properties, so an editor's formula would use the owner's key (docs/apps-script.md). Formulas therefore
// run only where the owner said so, and the allowance lives in the owner's user properties under the
// spreadsheet's id: an editor who calls setFormulaAccess writes to their own properties, which custom
// functions never read.
import { OPEN_SIDEBAR } from '../base/phrases';
import { FormulaError } from './errors';

/** The user-property name holding the allowance for one spreadsheet (a stored key: never rename it). */
export function formulaAccessProperty(spreadsheetId: string): string {
  return `royalties.formulaAccess.${spreadsheetId}`;
}

export const ACCESS_ON = 'on';

export const FORMULA_ACCESS_OFF = `Formulas are off until the spreadsheet's owner ticks "Let formulas in this spreadsheet use my key" in ${OPEN_SIDEBAR}.`;

export const NO_KEY_FOR_FORMULAS = `Formulas use the spreadsheet owner's API key, and none is saved. The owner can save one: ${OPEN_SIDEBAR}.`;

const USE_REFRESH = 'Use "Refresh all tabs" instead.';

/** Refuses anyone not known to own the spreadsheet. A spreadsheet with no single owner (a shared drive) is
 * refused too: whose user properties its formulas would read is not something we can vouch for. An empty
 * address (User.getEmail() returns "" where security policies withhold it: reference/base/user) is never
 * taken for the owner's: two unknowns are not a match. */
export function checkOwner(actingEmail: string, ownerEmail: string | null | undefined): void {
  const refusal = !actingEmail
    ? `Google did not say who you are, so you cannot be checked as the owner. ${USE_REFRESH}`
    : !ownerEmail
      ? `On a shared drive, with no single owner, formulas cannot use a personal key. ${USE_REFRESH}`
      : actingEmail.toLowerCase() !== ownerEmail.toLowerCase() &&
        "Only the spreadsheet's owner can let its formulas use their key.";
  if (refusal) throw new FormulaError(refusal);
}
