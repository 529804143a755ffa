// Acceptance: nothing the author has is destroyed. The built add-on in the emulator, demo API over HTTP.
// Each test starts an add-on of its own, with the owner's key saved, on a demo API shared by the file, and
// writes the tabs and the author's cells it needs itself.
import { describe, expect, it } from 'vitest';
import { columnLetters } from '../../local/gas/spreadsheet/a1.ts';
import { tabTitle } from '../../src/core/tab-ids.ts';
import { BANNER_BACKGROUND } from '../../src/core/tabs/index.ts';
import { type AddOn, startAddOnWithKey, useDemoApi } from '../support/addon.ts';
import { expectNoKeyLeak } from '../support/leaks.ts';
import {
  apiGet,
  banner,
  chooseSettings,
  column,
  markOf,
  ourTab,
  PINNED_PERIOD,
  refresh,
  rowsOf,
} from './support.ts';

const demoApi = useDemoApi();

/** A fresh add-on with the owner's key saved, on the shared API with no faults. */
const freshAddOn = () => startAddOnWithKey(demoApi());

/** Serves /reports/books once with a body changed by `edit` (the demo API's fault injection). */
async function serveBooksOnce(
  addOn: AddOn,
  edit: (rows: Record<string, unknown>[]) => Record<string, unknown>[],
): Promise<void> {
  const body = await apiGet(addOn, '/reports/books');
  const changed = { ...body, rows: edit(rowsOf(body, 'rows')) };
  await addOn.api.setFaults('/reports/books', {
    statuses: [{ status: 200, body: JSON.stringify(changed), contentType: 'application/json' }],
  });
}

/** The Books tab written whole, renamed "Sales by book" by the author, who typed a cell two rows below its
 * block; then a refresh that brings only 2 books. The block's height before that refresh, its old name and
 * the refresh's result. */
async function renamedAndShrunk(addOn: AddOn) {
  chooseSettings(addOn, { range: PINNED_PERIOD, tabs: ['books-report', 'summary'] });
  expect(refresh(addOn).tabs.map((t) => t.error)).toEqual([null, null]);
  const oldName = ourTab(addOn, 'books-report').name;
  addOn.emulator.spreadsheet.getSheetByName(oldName)!.setName('Sales by book');
  const sheet = addOn.emulator.spreadsheet.getSheetByName('Sales by book')!;
  const previousHeight = markOf(ourTab(addOn, 'books-report'))!.blockRows;
  sheet.getRange(previousHeight + 2, 1).setValue('below the block');
  await serveBooksOnce(addOn, (rows) => rows.slice(0, 2));
  const result = refresh(addOn);
  await addOn.api.clearFaults();
  return { previousHeight, oldName, result };
}

describe('ownership', () => {
  it("never writes the author's own sheet named Books; a formula over our column survives an added column", async () => {
    const addOn = await freshAddOn();
    const own = addOn.emulator.spreadsheet.insertSheet('Books');
    own.getRange('A1:B2').setValues([
      ['My notes', "'=not ours"],
      [42, 'keep me'],
    ]);
    const before = addOn.emulator.sheetSnapshot('Books');

    // First refresh: the API leaves out one column, which the next refresh brings back at the end.
    await serveBooksOnce(addOn, (rows) => rows.map(({ units_sold: _dropped, ...rest }) => rest));
    chooseSettings(addOn, { range: PINNED_PERIOD, tabs: ['books-report', 'summary'] });
    const first = refresh(addOn);
    const line = first.tabs.find((t) => t.tab === 'books-report');
    expect(line?.sheetName).toBe('Books (Royalties)');
    expect(addOn.emulator.sheetSnapshot('Books')).toEqual(before);

    let ours = ourTab(addOn, 'books-report');
    const keysBefore = markOf(ours)!.columns;
    expect(keysBefore).not.toContain('units_sold');
    const royaltiesAt = keysBefore.indexOf('royalties');
    const letter = columnLetters(royaltiesAt + 1);
    const headerBefore = ours.values[1]?.[royaltiesAt];
    const formula = `=SUM('Books (Royalties)'!${letter}3:${letter})`;
    own.getRange('D1').setFormula(formula);
    // The author's own cell to the right of our block, on our tab.
    // The author's own cells to the right of our block, on our tab: one right beside it, one further.
    const beside = ours.values[0]!.length + 1;
    const far = ours.values[0]!.length + 3;
    const tab = addOn.emulator.spreadsheet.getSheetByName('Books (Royalties)')!;
    tab.getRange(2, beside).setValue('beside');
    tab.getRange(1, far).setValue('author note');

    await addOn.api.clearFaults();
    refresh(addOn);
    ours = ourTab(addOn, 'books-report');
    const keysAfter = markOf(ours)!.columns;
    expect(keysAfter.slice(0, keysBefore.length)).toEqual(keysBefore);
    expect(keysAfter.at(-1)).toBe('units_sold');
    expect(addOn.emulator.sheetSnapshot('Books').formulas[0]?.[3]).toBe(formula);
    const books = rowsOf(await apiGet(addOn, '/reports/books'), 'rows');
    // The column the formula names still holds royalties, under its header.
    expect(ours.values.slice(2, 2 + books.length).map((r) => r[royaltiesAt])).toEqual(
      books.map((b) => b.royalties),
    );
    expect(ours.values[1]?.[royaltiesAt]).toBe(headerBefore);
    // The block gained one column: it went in as an inserted column, and the author's cells moved right.
    expect(ours.values[1]?.[beside]).toBe('beside');
    expect(ours.values[0]?.[far]).toBe('author note');
    expect(
      addOn.emulator
        .sheetSnapshot('Books')
        .values.slice(0, 2)
        .map((r) => r.slice(0, 2)),
    ).toEqual(before.values.map((r) => r.slice(0, 2)));
  });

  it('keeps a renamed tab ours and clears stale rows below new data, and nothing below them', async () => {
    const addOn = await freshAddOn();
    const { previousHeight, oldName, result } = await renamedAndShrunk(addOn);
    expect(result.tabs.find((t) => t.tab === 'books-report')).toMatchObject({
      sheetName: 'Sales by book',
      rows: 2,
    });
    expect(addOn.emulator.spreadsheet.getSheetByName(oldName)).toBeNull();

    const snapshot = ourTab(addOn, 'books-report');
    const width = markOf(snapshot)!.columns.length;
    // The block was taller than the 2 books (and its header rows) it now holds: rows to clear.
    expect(previousHeight).toBeGreaterThan(4);
    for (let r = 4; r < previousHeight; r++) {
      expect(snapshot.values[r]?.slice(0, width), `row ${r + 1}`).toEqual(Array(width).fill(''));
    }
    expect(snapshot.values[previousHeight + 1]?.[0]).toBe('below the block');
  });

  it("moves the author's cells below the block down when it grows, never writes over them", async () => {
    const addOn = await freshAddOn();
    await renamedAndShrunk(addOn);
    const sheet = addOn.emulator.spreadsheet.getSheetByName('Sales by book')!;
    const height = markOf(ourTab(addOn, 'books-report'))!.blockRows;
    sheet.getRange(height + 1, 1).setValue('My total');
    sheet.getRange(height + 1, 2).setFormula('=SUM(B3:B9)');
    // Twice as many books as the block has rows: it must grow past the author's row.
    await serveBooksOnce(addOn, (rows) => [
      ...rows,
      ...rows.map((r) => ({ ...r, book_id: `${String(r.book_id)}-b` })),
    ]);
    expect(refresh(addOn).tabs.find((t) => t.tab === 'books-report')?.error).toBeNull();
    const grown = markOf(ourTab(addOn, 'books-report'))!.blockRows;
    expect(grown).toBeGreaterThan(height + 1);
    const after = ourTab(addOn, 'books-report');
    expect(after.values[grown]?.[0]).toBe('My total');
    expect(after.formulas[grown]?.[1]).toBe('=SUM(B3:B9)');
    expect(after.values[grown + 1]?.[0]).toBe('below the block');
    expect(after.values.flat().filter((v) => v === 'My total')).toHaveLength(1);
    await addOn.api.clearFaults();
  });

  it('leaves the data of a failing endpoint exactly as it was, amber, while the other tabs update', async () => {
    const addOn = await freshAddOn();
    chooseSettings(addOn, {
      range: PINNED_PERIOD,
      currency: null,
      tabs: ['books-report', 'marketplaces-report', 'summary'],
    });
    refresh(addOn);
    const before = ourTab(addOn, 'marketplaces-report');

    const reason = 'Injected failure for this test';
    await addOn.api.setFaults('/reports/marketplaces', {
      statuses: [
        {
          status: 400,
          body: JSON.stringify({ error: { code: 'invalid_parameter', message: reason } }),
          contentType: 'application/json',
        },
      ],
    });
    chooseSettings(addOn, {
      range: PINNED_PERIOD,
      currency: 'EUR',
      tabs: ['books-report', 'marketplaces-report', 'summary'],
    });
    addOn.emulator.clock.advance(3_600_000);
    const result = refresh(addOn);
    await addOn.api.clearFaults();

    expect(result.tabs.find((t) => t.tab === 'marketplaces-report')?.error).toContain(reason);
    const after = ourTab(addOn, 'marketplaces-report');
    for (const grid of ['values', 'numberFormats', 'fontWeights'] as const) {
      expect(after[grid].slice(1)).toEqual(before[grid].slice(1));
    }
    expect(banner(after)).toContain(reason);
    expect(after.backgrounds[0]?.[0]).toBe(BANNER_BACKGROUND.failed);

    const euro = rowsOf(
      await apiGet(addOn, '/reports/books', { range: PINNED_PERIOD, currency: 'EUR' }),
      'rows',
    );
    const books = ourTab(addOn, 'books-report');
    expect(column(books, 'royalties', euro.length)).toEqual(euro.map((b) => b.royalties));
    expect(banner(books)).toContain('EUR');

    const status = addOn.emulator.sheetSnapshot(tabTitle('status'));
    const line = status.values.find((r) => r[0] === 'Marketplaces');
    expect(line).toContainEqual(expect.stringContaining(reason));
  });

  it('creates a tab whose first refresh fails with the amber banner alone', async () => {
    const addOn = await freshAddOn();
    const reason = 'KENP refused for this test';
    await addOn.api.setFaults('/kenp', {
      statuses: [
        {
          status: 400,
          body: JSON.stringify({ error: { code: 'invalid_parameter', message: reason } }),
          contentType: 'application/json',
        },
      ],
    });
    chooseSettings(addOn, { range: PINNED_PERIOD, tabs: ['kenp'] });
    const result = refresh(addOn);
    await addOn.api.clearFaults();
    expect(result.tabs).toEqual([
      expect.objectContaining({ tab: 'kenp', sheetName: 'KENP', error: expect.stringContaining(reason) }),
    ]);
    const kenp = ourTab(addOn, 'kenp');
    expect(kenp.values.length).toBe(1);
    expect(banner(kenp)).toContain(reason);
    expect(banner(kenp)).toContain('This tab has no figures yet.');
    expect(markOf(kenp)).toMatchObject({ tab: 'kenp', columns: [], dataAt: null });
    expectNoKeyLeak(addOn.emulator, addOn.api.demoKey);
  });
});
