// A custom function's cell over Apps Script: the ports of core/flows/formula-run.ts (the document cache,
// the settings property, the active spreadsheet, the owner's user properties read whole, the client, the
// document lock, Utilities' zone offsets). Which of them a cell asks, and when, is the flow's to say.

import { answerFormula, type FormulaPorts } from '../core/flows/formula-run';
import type { FormulaName, FormulaResult } from '../core/formulas';
import { platformClient } from './api';
import { platformCache } from './cache';
import { platformClock } from './clock';
import { userValues } from './document';
import { primeTimeoutMemory } from './fetch-timeout';
import { keyIn } from './key-store';
import { optionalLock, sheetsApp } from './optional-services';
import { storedSettingsText } from './settings-store';
import { offsetInZone } from './zone-offsets';

/** The entry point of one custom function. */
export function customFunction(name: FormulaName): (...args: unknown[]) => FormulaResult {
  return (...args) => answerFormula(name, args, formulaPorts);
}

const formulaPorts: FormulaPorts = {
  clock: platformClock,
  documentCache: () => platformCache('document'),
  storedSettings: storedSettingsText,
  openSpreadsheet() {
    const spreadsheet = sheetsApp().getActive();
    return { id: () => spreadsheet.getId(), zone: () => spreadsheet.getSpreadsheetTimeZone() };
  },
  owner() {
    const owner = userValues();
    primeTimeoutMemory(owner);
    return { property: (name) => owner.getProperty(name), key: keyIn(owner) };
  },
  client: ({ cache, ...options }) => platformClient({ ...options, cache: cache ?? 'none' }),
  // Refused (a rate limit), it is done without: at worst two cells make the same request.
  lock: () => optionalLock(() => LockService.getDocumentLock(), 0),
  offsetInZone,
};
