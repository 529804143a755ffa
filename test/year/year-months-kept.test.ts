// The months by marketplace kept on this year's tab, through the built bundle in the emulator against the
// demo API, when the tab is not as the last refresh left it: a column the author inserted among the year's
// leaves the tab as it was under the amber banner until it is put back; a row inserted among the kept rows,
// or a refresh whose mark could not be saved after its cells were written, loses no month and leaves no
// copy of one below the tab's rows.
import { describe, expect, it } from 'vitest';
import type { AddOn } from '../support/addon.ts';
import { apiGet, banner, markOf, ourTab, refresh, rowsOf } from '../tabs/support.ts';
import { moveTo, useYearAddOn } from './support.ts';

const started = useYearAddOn(true);

/** The rows of a month by marketplace: a `YYYY-MM` Month, a marketplace's name (the months' say "all"). */
const byMonth = <R extends readonly unknown[]>(values: R[]) =>
  values.filter((r) => /^\d{4}-\d{2}$/.test(String(r[0])) && r[2] !== 'all');

/** This year's tab after a refresh in November, its sheet and the October rows it keeps. */
async function october(a: AddOn) {
  expect(refresh(a).tabs.map((t) => t.error)).toEqual([null, null, null]);
  const tab = ourTab(a, 'year-2026');
  const kept = byMonth(tab.values);
  expect(kept.length).toBeGreaterThan(1);
  return { tab, kept, sheet: a.emulator.spreadsheet.getSheetByName(tab.name)! };
}

/** After a refresh in December: October's rows as kept, then November's as the API sends them, each once,
 * and nothing of ours below the rows the mark says the tab holds. */
async function expectBothMonths(a: AddOn, kept: unknown[][]): Promise<void> {
  const november = rowsOf(await apiGet(a, '/reports/marketplaces', { range: 'last_month' }), 'rows');
  expect(november.length).toBeGreaterThan(1);
  const after = ourTab(a, 'year-2026');
  const rows = byMonth(after.values);
  expect(rows.slice(0, kept.length)).toEqual(kept);
  expect(rows.slice(kept.length).map((r) => [r[0], r[2]])).toEqual(
    november.map((m) => ['2026-11', m.marketplace]),
  );
  const below = after.values.slice(markOf(after)!.blockRows);
  expect(below.filter((r) => r.some((c) => c !== ''))).toEqual([]);
}

describe('the months by marketplace kept on a tab the refresh did not leave as it is', {
  timeout: 120_000,
}, () => {
  it('leaves the tab as it was when the author inserted a column among its own, until it is put back', async () => {
    const a = await started();
    const { tab, kept, sheet } = await october(a);
    sheet.insertColumnsBefore(2, 1);
    sheet.getRange(2, 2).setValue('My notes');
    const shifted = a.emulator.sheetSnapshot(tab.name).values;
    await moveTo(a, '2026-12-03');
    const outcome = refresh(a).tabs.find((t) => t.tab === 'year-2026')!;
    expect(outcome.error).toBe(
      'The months by marketplace kept on this tab could not be read, so it was left as it was: its column 2 is headed "My notes", not "Currency". Undo the change; add columns of your own right of the year\'s.',
    );
    const after = ourTab(a, 'year-2026');
    expect(after.values.slice(1)).toEqual(shifted.slice(1));
    expect(markOf(after)).toEqual(markOf(tab));
    expect(banner(after)).toContain('its column 2 is headed "My notes"');

    sheet.deleteColumns(2, 1);
    expect(refresh(a).tabs.map((t) => t.error)).toEqual([null, null, null]);
    await expectBothMonths(a, kept);
  });

  it('loses no kept row when the author inserted a row among them', async () => {
    const a = await started();
    const { tab, kept, sheet } = await october(a);
    // Before the last October row: the block now reaches one row past the mark's.
    sheet.insertRowsBefore(tab.values.indexOf(kept.at(-1)!) + 1, 1);
    await moveTo(a, '2026-12-03');
    expect(refresh(a).tabs.map((t) => t.error)).toEqual([null, null, null]);
    await expectBothMonths(a, kept);
  });

  it("loses no month when a refresh wrote the tab's cells but could not save its mark", async () => {
    const a = await started();
    const { tab, kept } = await october(a);
    await moveTo(a, '2026-12-03');
    a.emulator.switches.failCall('DeveloperMetadata.setValue', { sheet: tab.name });
    const failed = refresh(a).tabs.find((t) => t.tab === 'year-2026')!;
    expect(failed.error).toMatch(/^The tab could not be written/);
    // The cells hold November's rows; the mark still says the November refresh's block.
    expect(markOf(ourTab(a, 'year-2026'))).toEqual(markOf(tab));
    expect(refresh(a).tabs.map((t) => t.error)).toEqual([null, null, null]);
    await expectBothMonths(a, kept);
  });
});
