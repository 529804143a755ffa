// The year's custom function over Apps Script: the ports of core/flows/year-formula.ts (the settings
// property, the spreadsheet's zone, the history tab found by our mark and read, never created).
import { answerYear, type YearFormulaPorts } from '../core/flows/year-formula';
import type { FormulaResult } from '../core/formulas';
import { platformClock } from './clock';
import { sheetPorts } from './history';
import { sheetsApp } from './optional-services';
import { storedSettingsText } from './settings-store';
import { TabDirectory } from './sheets/directory';
import { offsetInZone } from './zone-offsets';

export function yearFunction(...args: unknown[]): FormulaResult {
  return answerYear(args, yearPorts);
}

const yearPorts: YearFormulaPorts = {
  clock: platformClock,
  storedSettings: storedSettingsText,
  zone: () => sheetsApp().getActive().getSpreadsheetTimeZone(),
  offsetInZone,
  ledger(zone, now) {
    const owned = TabDirectory.find(sheetsApp().getActive(), 'history');
    return owned ? { tab: owned, sheet: sheetPorts(() => owned, zone, now) } : null;
  },
};
