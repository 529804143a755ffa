// historyDays: the ledger's days read back from the sheet as the dashboard takes them (LedgerDay[]),
// run in the emulator through a test-only bundle of the real platform code.
// One story: the tests share one add-on, started once in beforeAll, and run in order; a test may rely on what
// those before it left (the history tab an earlier test wrote). A fresh one per test would cost seconds each
// (the demo API's worker, the emulator loading the bundle, the key check, a refresh).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHarnessBundle } from '../../local/build/harness.ts';
import type { LedgerDay } from '../../src/core/figures/index.ts';
import { type AddOn, startAddOn } from '../support/addon.ts';
import { TEST_SETTINGS } from '../support/bundles.ts';
import { chooseSettings, refresh } from '../tabs/support.ts';
import { ledger } from './support.ts';

let addOn: AddOn;

function days(currency = ''): LedgerDay[] | null {
  return JSON.parse(addOn.emulator.run<string>('ledgerDaysJson', [currency])) as LedgerDay[] | null;
}

beforeAll(async () => {
  const distDir = await buildHarnessBundle({
    entry: 'test/history/days-harness.ts',
    globalName: 'HistoryDaysHarness',
    functions: { saveApiKey: ['arg'], refreshAllTabs: [], ledgerDaysJson: ['arg'] },
    settings: TEST_SETTINGS,
    version: 'test-history-days',
  });
  addOn = await startAddOn({ distDir, emulator: { startTime: Date.parse('2026-11-20T09:00:00Z') } });
  addOn.saveApiKeyFor();
  await addOn.api.setSettling({ lagDays: 3, ranges: ['last_30_days'] });
});
afterAll(async () => {
  await addOn?.close();
});

describe('historyDays', () => {
  it('is empty before there is a history tab, and creates none', () => {
    expect(days()).toEqual([]);
    expect(addOn.emulator.spreadsheet.getSheets().map((s) => s.getName())).not.toContain('Royalties history');
  });

  it("reads every day of the tab marked as ours, never the author's sheet of the same name", () => {
    const authors = addOn.emulator.spreadsheet.insertSheet('Royalties history');
    authors.getRange(1, 1).setValue('my own history');
    chooseSettings(addOn, { tabs: ['history'] });
    expect(refresh(addOn).tabs[0]!.error).toBeNull();
    expect(addOn.emulator.sheetSnapshot('Royalties history').values).toEqual([['my own history']]);
    expect(ledger(addOn).snapshot.name).not.toBe('Royalties history');
    const view = ledger(addOn).rows;
    const read = days() ?? [];
    expect(read.length).toBeGreaterThan(0);
    expect(read.map((d) => d.date)).toEqual(view.map((r) => r.date));
    expect(read.map((d) => d.status)).toEqual(view.map((r) => r.status));
    for (const d of read) expect(d.currency, d.date).toBe('USD');
    expect(read.map((d) => d.figures.royalties)).toEqual(view.map((r) => r['royalties@USD']));
    expect(read.map((d) => d.figures.units_sold)).toEqual(view.map((r) => r.units_sold));
    // Money in another currency the ledger does not hold is missing, never converted.
    const euros = days('EUR');
    expect(euros?.length).toBeGreaterThan(0);
    for (const d of euros ?? []) expect(d.figures.royalties, d.date).toBeUndefined();
  });

  it('counts a day the author copied once, as the merge does: the first row of a date is the day', () => {
    const view = ledger(addOn);
    const sheet = addOn.emulator.spreadsheet.getSheetByName(view.snapshot.name)!;
    const first = days() ?? [];
    const copied = [...view.cells[0]!];
    copied[view.keys.indexOf('royalties@USD')] = 999;
    sheet.getRange(3 + view.cells.length + 1, 1, 1, copied.length).setValues([copied]);
    expect(ledger(addOn).rows).toHaveLength(view.rows.length + 1);
    expect(days()).toEqual(first);
  });

  it('a ledger it cannot read fails its own line only: the refresh goes on and the Status tab says why', () => {
    const view = ledger(addOn);
    const sheet = addOn.emulator.spreadsheet.getSheetByName(view.snapshot.name)!;
    // The author narrowed the tab below the ledger's own columns: the one read of them is refused.
    sheet.deleteColumns(5, sheet.getMaxColumns() - 4);
    chooseSettings(addOn, { tabs: ['summary', 'history'] });
    const result = refresh(addOn);
    expect(result.tabs.find((t) => t.tab === 'summary')!.error).toBeNull();
    expect(result.tabs.find((t) => t.tab === 'history')!.error).toMatch(/^The history could not be read: /);
    const status = addOn.emulator.sheetSnapshot('Royalties status').values;
    const line = status.find((r) => r[0] === 'Royalties history')!;
    expect(line.map(String)).toContainEqual(expect.stringMatching(/^The history could not be read/));
    // Not "no days": the dashboard keeps its figures rather than compare with nothing.
    expect(days()).toBeNull();
  });
});
