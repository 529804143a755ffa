// The owner's allowance for formulas in this spreadsheet (core/formulas/access.ts says why it lives in user
// properties under the spreadsheet's id): the sidebar sets it, owner only; every formula reads it first.
// platform/formula-access.ts builds the port.
import { ACCESS_ON, checkOwner, formulaAccessProperty } from '../formulas';

export interface FormulaAccessPort {
  spreadsheetId(): string;
  /** Who runs this (Google may not say: ''), and the spreadsheet's owner (none on a shared drive). */
  actingEmail(): string;
  ownerEmail(): string | null | undefined;
}

export function isFormulaAccessOn(
  user: { getProperty(key: string): string | null },
  spreadsheetId: string,
): boolean {
  return user.getProperty(formulaAccessProperty(spreadsheetId)) === ACCESS_ON;
}

/** Refuses, with a sentence that says what to do, unless the acting user owns this spreadsheet. */
export function checkActingUserOwns(port: Omit<FormulaAccessPort, 'spreadsheetId'>): void {
  checkOwner(port.actingEmail(), port.ownerEmail());
}

/** Owner only: an editor is refused with a message (and could only ever write to their own user
 * properties, which formulas never read). */
export function setFormulaAccess(
  enabled: unknown,
  port: FormulaAccessPort,
  store: () => { setProperty(key: string, value: string): void; deleteProperty(key: string): void },
): { enabled: boolean } {
  if (typeof enabled !== 'boolean') throw new Error('setFormulaAccess needs true or false.');
  checkActingUserOwns(port);
  const user = store();
  if (enabled) user.setProperty(formulaAccessProperty(port.spreadsheetId()), ACCESS_ON);
  else user.deleteProperty(formulaAccessProperty(port.spreadsheetId()));
  return { enabled };
}
