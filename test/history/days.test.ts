// historyDays: the ledger's days read back from the sheet as the dashboard takes them (LedgerDay[]),
// run in the emulator through a test-only bundle of the real platform code.
// Each test starts an add-on of its own from the harness bundle (built once), on a demo API shared by the file.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildHarnessBundle } from '../../local/build/harness.ts';
import type { LedgerDay } from '../../src/core/figures/index.ts';
import { type AddOn, useDemoApi } from '../support/addon.ts';
import { TEST_SETTINGS } from '../support/bundles.ts';
import { chooseSettings, refresh } from '../tabs/support.ts';
import { historyAfter, ledger, startHistory } from './support.ts';

const demoApi = useDemoApi();
/** The harness bundle: built once, never written to, every test's add-on loads it. */
let distDir: string;

function days(addOn: AddOn, currency = ''): LedgerDay[] | null {
  return JSON.parse(addOn.emulator.run<string>('ledgerDaysJson', [currency])) as LedgerDay[] | null;
}

beforeAll(async () => {
  distDir = await buildHarnessBundle({
    entry: 'test/history/days-harness.ts',
    globalName: 'HistoryDaysHarness',
    functions: { saveApiKey: ['arg'], refreshAllTabs: [], ledgerDaysJson: ['arg'] },
    settings: TEST_SETTINGS,
    version: 'test-history-days',
  });
});

describe('historyDays', () => {
  it('is empty before there is a history tab, and creates none', async () => {
    const { addOn } = await startHistory(demoApi(), { distDir });
    expect(days(addOn)).toEqual([]);
    expect(addOn.emulator.spreadsheet.getSheets().map((s) => s.getName())).not.toContain('Royalties history');
  });

  it("reads every day of the tab marked as ours, never the author's sheet of the same name", async () => {
    const { addOn } = await startHistory(demoApi(), { distDir });
    const authors = addOn.emulator.spreadsheet.insertSheet('Royalties history');
    authors.getRange(1, 1).setValue('my own history');
    chooseSettings(addOn, { tabs: ['history'] });
    expect(refresh(addOn).tabs[0]!.error).toBeNull();
    expect(addOn.emulator.sheetSnapshot('Royalties history').values).toEqual([['my own history']]);
    expect(ledger(addOn).snapshot.name).not.toBe('Royalties history');
    const view = ledger(addOn).rows;
    const read = days(addOn) ?? [];
    expect(read.length).toBeGreaterThan(0);
    expect(read.map((d) => d.date)).toEqual(view.map((r) => r.date));
    expect(read.map((d) => d.status)).toEqual(view.map((r) => r.status));
    for (const d of read) expect(d.currency, d.date).toBe('USD');
    expect(read.map((d) => d.figures.royalties)).toEqual(view.map((r) => r['royalties@USD']));
    expect(read.map((d) => d.figures.units_sold)).toEqual(view.map((r) => r.units_sold));
    // Money in another currency the ledger does not hold is missing, never converted.
    const euros = days(addOn, 'EUR');
    expect(euros?.length).toBeGreaterThan(0);
    for (const d of euros ?? []) expect(d.figures.royalties, d.date).toBeUndefined();
  });

  it('counts a day the author copied once, as the merge does: the first row of a date is the day', async () => {
    const { addOn } = await historyAfter(demoApi(), 0, { distDir });
    const view = ledger(addOn);
    const sheet = addOn.emulator.spreadsheet.getSheetByName(view.snapshot.name)!;
    const first = days(addOn) ?? [];
    const copied = [...view.cells[0]!];
    copied[view.keys.indexOf('royalties@USD')] = 999;
    sheet.getRange(3 + view.cells.length + 1, 1, 1, copied.length).setValues([copied]);
    expect(ledger(addOn).rows).toHaveLength(view.rows.length + 1);
    expect(days(addOn)).toEqual(first);
  });

  it('a ledger it cannot read fails its own line only: the refresh goes on and the Status tab says why', async () => {
    const { addOn } = await historyAfter(demoApi(), 0, { distDir });
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
    expect(days(addOn)).toBeNull();
  });
});
