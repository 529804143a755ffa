// The tab directory finds our tabs by their marks: a refresh costs the same Spreadsheet calls however many
// sheets of their own the author keeps, and of two sheets carrying the same mark (a duplicated tab) the one
// the mark was written on is written, never the author's copy.
// Each test has an add-on of its own and writes the tabs it needs.
import { describe, expect, it } from 'vitest';
import { MARK_KEY, parseMark } from '../../src/core/tabs/index.ts';
import { type AddOn, startAddOnWithKey, useDemoApi } from '../support/addon.ts';
import { chooseSettings, PINNED_PERIOD, refresh, spreadsheetCalls } from './support.ts';

const demoApi = useDemoApi();
let addOn: AddOn;

function countedRefresh(): Record<string, number> {
  addOn.emulator.stats.reset();
  const result = refresh(addOn);
  expect(result.tabs.length).toBeGreaterThan(0);
  expect(result.tabs.filter((t) => t.error !== null)).toEqual([]);
  return spreadsheetCalls(addOn);
}

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** The sheet that carries our mark for `tab` (the test's view of the spreadsheet, as the author sees it). */
function sheetMarkedFor(tab: string): Sheet {
  const found = addOn.emulator.spreadsheet
    .getSheets()
    .find((sheet) =>
      sheet
        .getDeveloperMetadata()
        .some((m) => m.getKey() === MARK_KEY && parseMark(m.getValue())?.tab === tab),
    );
  if (!found) throw new Error(`no sheet carries the mark of ${tab}`);
  return found;
}

function markMetadata(sheet: Sheet): GoogleAppsScript.Spreadsheet.DeveloperMetadata {
  return sheet.getDeveloperMetadata().find((m) => m.getKey() === MARK_KEY)!;
}

describe('the tab directory', () => {
  it("costs the same whatever the number of the author's own sheets", async () => {
    addOn = await startAddOnWithKey(demoApi());
    chooseSettings(addOn, { range: PINNED_PERIOD, tabs: ['summary', 'books-report'] });
    refresh(addOn); // creates the tabs and the Status tab
    const few = countedRefresh();
    const book = addOn.emulator.spreadsheet;
    for (let i = 0; i < 30; i++) {
      const own = book.insertSheet(`Notes ${i}`, i % 2 === 0 ? 0 : book.getNumSheets());
      own.addDeveloperMetadata('someone.else', `note ${i}`);
    }
    expect(countedRefresh()).toEqual(few);
    // Only creating a tab reads the sheet names (to choose a free one), once.
    expect(few['Spreadsheet.getSheets'] ?? 0).toBe(0);
  });

  it("writes the sheet its mark was written on, never a copy of it (the author's snapshot)", async () => {
    addOn = await startAddOnWithKey(demoApi());
    chooseSettings(addOn, { range: PINNED_PERIOD, tabs: ['summary'] });
    refresh(addOn); // writes the summary tab and its mark
    const book = addOn.emulator.spreadsheet;
    const ours = sheetMarkedFor('summary');
    const mark = markMetadata(ours).getValue()!;
    expect(parseMark(mark)?.sheetId).toBe(ours.getSheetId());

    // Duplicated (the copy carries the same mark), before or after ours in tab order.
    const after = book.insertSheet('Summary copy after', book.getNumSheets());
    after.addDeveloperMetadata(MARK_KEY, mark);
    after.getRange(1, 1).setValue('snapshot after');
    const before = book.insertSheet('Summary copy before', 0);
    before.addDeveloperMetadata(MARK_KEY, mark);
    before.getRange(1, 1).setValue('snapshot before');
    expect(refresh(addOn).tabs[0]?.sheetName).toBe(ours.getName());
    expect(addOn.emulator.sheetSnapshot('Summary copy before').values).toEqual([['snapshot before']]);
    expect(addOn.emulator.sheetSnapshot('Summary copy after').values).toEqual([['snapshot after']]);
  });
});
