// Formulas follow the refresh (docs/architecture.md, Custom functions): Sheets recalculates a custom function only when a cell
// it references changes, and the emulator does the same (formula-cells.ts). Every refresh (sidebar, menu,
// nightly) writes its time into the named cell RoyaltiesRefreshed: a formula that takes it as its last
// argument shows the new figures, one that does not keeps its old ones. Built bundle, real HTTP.
// Each test has an add-on of its own (useFormulasAddOn: key saved, formulas allowed, on the file's demo API)
// and reads nothing another test left; after every test, no text holds the key.
import { describe, expect, it } from 'vitest';
import type { AddOn } from '../support/addon.ts';
import { useFormulasAddOn } from './support.ts';

let addOn: AddOn;
useFormulasAddOn((started) => {
  addOn = started;
});

const FOLLOWS = '=ROYALTIES_CATALOG(, , "isbn", RoyaltiesRefreshed)';
const STAYS = '=ROYALTIES_CATALOG(, , "isbn")';

/** The catalog tab refreshed once: the first refresh makes the named cell RoyaltiesRefreshed. */
function refreshedOnce(): void {
  addOn.emulator.run('saveSettings', [{ tabs: ['catalog'] }]);
  addOn.emulator.run('refreshAllTabs');
}

function isbns(a1: string): string {
  const state = addOn.emulator.formulas.read('Sheet1', a1);
  expect(state.error).toBeNull();
  return JSON.stringify(state.values);
}

describe('formulas follow the refresh', () => {
  it('a formula given RoyaltiesRefreshed gets the new figures after every refresh; one without keeps its own', async () => {
    const { emulator } = addOn;
    refreshedOnce();
    expect(emulator.formulas.enter('Sheet1', 'A1', FOLLOWS).runs).toBe(1);
    expect(emulator.formulas.enter('Sheet1', 'C1', STAYS).runs).toBe(1);
    const before = isbns('A1');
    expect(isbns('C1')).toBe(before);

    // Three refreshes, one from each place a refresh starts; the API's figures change before each.
    emulator.open(); // the menu
    emulator.run('setNightlyRefresh', [true, 6]);
    const nightly = emulator.triggers().find((t) => t.handler === 'nightlyRefresh')!;
    const refreshes: Array<[string, () => unknown]> = [
      ['sidebar', () => emulator.run('refreshAllTabs')],
      ['menu', () => emulator.clickMenuItem('Refresh all tabs')],
      ['nightly', () => emulator.runTrigger(nightly.id)],
    ];
    let dangerous = false;
    let runs = 1;
    for (const [origin, refresh] of refreshes) {
      dangerous = !dangerous;
      await addOn.api.setDangerousData(dangerous);
      const shown = isbns('A1');
      emulator.clock.advance(60_000);
      refresh();
      runs += 1;
      expect(emulator.formulas.read('Sheet1', 'A1').runs, origin).toBe(runs);
      expect(isbns('A1'), origin).not.toBe(shown);
      // Not answered from the cache the previous refresh left: the figures are the API's new ones.
      if (dangerous) expect(isbns('A1'), origin).not.toBe(before);
      else expect(isbns('A1'), origin).toBe(before);
      expect(emulator.formulas.read('Sheet1', 'C1').runs, origin).toBe(1);
      expect(isbns('C1'), origin).toBe(before);
    }
  });

  it('a recalculation without a refresh reruns nothing, and a refresh where every tab failed leaves them', async () => {
    const { emulator } = addOn;
    refreshedOnce();
    emulator.formulas.enter('Sheet1', 'E1', FOLLOWS);
    expect(emulator.formulas.recalculate()).toBe(0);
    await addOn.api.setFaults('/books', { statuses: [401] });
    try {
      emulator.run('refreshAllTabs');
    } finally {
      await addOn.api.clearFaults();
    }
    expect(emulator.formulas.read('Sheet1', 'E1').runs).toBe(1);
    expect(emulator.formulas.read('Sheet1', 'E1').error).toBeNull();
  });

  it('the refresh cell is a named range on a hidden sheet of ours, holding the time of the refresh', () => {
    const { emulator } = addOn;
    expect(emulator.spreadsheet.getRangeByName('RoyaltiesRefreshed')).toBeNull();
    refreshedOnce();
    const cell = emulator.spreadsheet.getRangeByName('RoyaltiesRefreshed');
    expect(cell).not.toBeNull();
    expect(cell!.getSheet().isSheetHidden()).toBe(true);
    expect(cell!.getValue()).toBeInstanceOf(Date);
  });
});

describe('the refresh cell comes back', () => {
  it.each([
    ['throws (the default)', true],
    ['answers null', false],
  ])('when getRangeByName %s for the name left by its deleted sheet', (_, throws) => {
    const { emulator } = addOn;
    refreshedOnce();
    emulator.switches.brokenNamedRangeThrows(throws);
    const sheet = emulator.spreadsheet.getRangeByName('RoyaltiesRefreshed')!.getSheet();
    emulator.spreadsheet.deleteSheet(sheet);
    emulator.clock.advance(60_000);
    const result = emulator.run<{ statusError?: string; finishedAt: string }>('refreshAllTabs');
    expect(result.statusError).toBeUndefined();
    const cell = emulator.spreadsheet.getRangeByName('RoyaltiesRefreshed');
    expect(cell?.getValue()).toEqual(new Date(result.finishedAt));
  });

  it('after the author deletes its sheet, the next refresh makes it again and the formulas follow', () => {
    const { emulator } = addOn;
    refreshedOnce();
    const sheet = emulator.spreadsheet.getRangeByName('RoyaltiesRefreshed')!.getSheet();
    emulator.formulas.enter('Sheet1', 'G1', FOLLOWS);
    emulator.spreadsheet.deleteSheet(sheet);
    emulator.formulas.recalculate();
    expect(emulator.formulas.read('Sheet1', 'G1').error).toMatch(/#NAME\?/);
    emulator.clock.advance(60_000);
    emulator.run('refreshAllTabs');
    expect(emulator.spreadsheet.getRangeByName('RoyaltiesRefreshed')).not.toBeNull();
    expect(emulator.formulas.read('Sheet1', 'G1').error).toBeNull();
  });
});
