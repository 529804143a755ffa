// The year's custom function over Apps Script: the ports of core/flows/year-formula.ts (the settings
// property, the spreadsheet's zone, the history tab and the year's tab found by our mark in one search and
// read, never created).
import { answerYear } from '../core/flows/year-formula';
import type { FormulaResult } from '../core/formulas';
import { platformClock } from './clock';
import { sheetPorts } from './history';
import { sheetsApp } from './optional-services';
import { storedSettingsText } from './settings-store';
import { TabDirectory } from './sheets/directory';
import { writtenTab } from './sheets/written-tab';
import { offsetInZone } from './zone-offsets';

export function yearFunction(...args: unknown[]): FormulaResult {
  let ours: ReturnType<typeof TabDirectory.reader> | undefined;
  const directory = () => (ours ??= TabDirectory.reader(sheetsApp().getActive()));
  return answerYear(args, {
    clock: platformClock,
    storedSettings: storedSettingsText,
    zone: () => sheetsApp().getActive().getSpreadsheetTimeZone(),
    offsetInZone,
    ledger(zone, now) {
      const owned = directory().find('history');
      return owned ? { tab: owned, sheet: sheetPorts(() => owned, zone, now) } : null;
    },
    yearTab: (tab) => writtenTab(directory(), tab),
  });
}
