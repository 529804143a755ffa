// Acceptance: a tab's Spreadsheet service calls do not grow with its rows (counted in the emulator).
// Each test has an add-on of its own and writes the tabs it counts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENDPOINT_IDS } from '../../src/core/endpoints.ts';
import { type AddOn, startAddOn, useDemoApi } from '../support/addon.ts';
import { apiGet, chooseSettings, PINNED_PERIOD, refresh, rowsOf, spreadsheetCalls } from './support.ts';

const demoApi = useDemoApi();
let addOn: AddOn;
let template: Record<string, unknown>;

beforeEach(async () => {
  addOn = await startAddOn({ api: demoApi() });
  addOn.saveApiKeyFor();
  template = await apiGet(addOn, '/reports/books');
});
afterEach(async () => {
  await addOn?.close();
});

/** /reports/books with `count` rows, made from the demo API's own rows, served once over HTTP. */
async function serveBooks(count: number): Promise<void> {
  const source = rowsOf(template, 'rows');
  const rows = Array.from({ length: count }, (_, i) => ({
    ...source[i % source.length],
    book_id: `bk_${i}`,
  }));
  await addOn.api.setFaults('/reports/books', {
    statuses: [{ status: 200, body: JSON.stringify({ ...template, rows }), contentType: 'application/json' }],
  });
}

function countedRefresh(rows: number): Promise<Record<string, number>> {
  return serveBooks(rows).then(() => {
    addOn.emulator.stats.reset();
    const result = refresh(addOn);
    expect(result.tabs[0]).toMatchObject({ tab: 'books-report', rows, error: null });
    return spreadsheetCalls(addOn);
  });
}

function total(calls: Record<string, number>): number {
  return Object.values(calls).reduce((a, b) => a + b, 0);
}

describe('spreadsheet cost per tab', () => {
  it('is the same for 10 rows and 10,000 rows', async () => {
    chooseSettings(addOn, { range: PINNED_PERIOD, tabs: ['books-report'] });
    // Alerts off: 10,000 copies of the demo's books cross the ad-spend lines, and the Status tab's Alerts block
    // (one row an alert) would grow with them; what is counted here is the Books tab's own cost.
    addOn.emulator.run('saveAlertLines', [{ enabled: false }]);
    await countedRefresh(10); // creates the tab and the Status tab
    const small = await countedRefresh(10);
    const growing = await countedRefresh(10_000);
    const large = await countedRefresh(10_000);
    const shrinking = await countedRefresh(10);
    expect(large).toEqual(small);
    expect(shrinking).toEqual(small);
    // Growing the sheet past its size once costs a fixed few calls, whatever the number of rows added.
    expect(growing['Sheet.insertRowsAfter']).toBe(1);
    const growth = new Set([
      'Sheet.getRange',
      'Range.setNumberFormats',
      'Sheet.getMaxRows',
      'Sheet.getMaxColumns',
      'Sheet.insertRowsAfter',
    ]);
    for (const [name, n] of Object.entries(growing)) {
      if (n !== (small[name] ?? 0)) expect(growth.has(name), `${name} changed with the row count`).toBe(true);
    }
    expect(total(growing) - total(small)).toBeLessThanOrEqual(5);
  });

  it('stays within 12 Spreadsheet calls per tab when every tab refreshes', async () => {
    chooseSettings(addOn, { range: PINNED_PERIOD, tabs: ENDPOINT_IDS });
    refresh(addOn);
    addOn.emulator.stats.reset();
    const result = refresh(addOn);
    expect(
      result.tabs.filter((t) => t.error).map((t) => `${t.tab}: ${t.error}`),
      'tabs that failed',
    ).toEqual([]);
    const tabs = ENDPOINT_IDS.length + 1; // and the Status tab
    expect(total(spreadsheetCalls(addOn))).toBeLessThanOrEqual(12 * tabs);
  });
});
