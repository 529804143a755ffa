// Acceptance: a report sent in pages reaches the author whole, in the tab and in the formula, whatever
// the paging style (cursor, next link in the body or a Link header, page numbers, has_more with an offset);
// the paging fields are never figures; a next link to another origin is never followed and the tab says
// loudly the figures are too low; a page that fails leaves the tab's earlier figures under the amber banner;
// paging a client cannot take at its word (a page sent again, has_more with no way on, a later page cut)
// says the figures are too low, and a pagination block's row total is followed, never a figure. A count of
// rows in all (offset/limit, page/per_page, start/count) asks for the rest; rows fewer than the count are
// said as "3 of 5 rows" in the banner, the formula, the Status tab and the checks.
// The built add-on in the emulator against the demo API serving its reports in pages.
// Each test has an add-on of its own (useFormulasAddOn: key saved, formulas allowed, on the file's demo API)
// and reads nothing another test left; after every test, no text holds the key.
import { describe, expect, it } from 'vitest';
import { PAGING_STYLES } from '../../local/demo-api/index.ts';
import type { SheetSnapshot } from '../../local/gas/index.ts';
import type { Check } from '../../src/core/checks/index.ts';
import { useFormulasAddOn } from '../formulas/support.ts';
import type { AddOn } from '../support/addon.ts';
import { apiGet, chooseSettings, ourTab, refresh } from './support.ts';

let addOn: AddOn;
useFormulasAddOn((started) => {
  addOn = started;
});

/** Past the longest cache lifetime (6 h): the next formula asks the API again. */
const PAST_CACHE = 7 * 60 * 60 * 1000;
const TABS = ['books-report', 'marketplaces-report', 'timeline'] as const;

function dataRows(tab: SheetSnapshot): unknown[][] {
  // Row 1 the banner, row 2 the headers; a data row has something in its first column.
  return tab.values.slice(2).filter((row) => row[0] !== '' && row[0] !== null);
}

function words(tab: SheetSnapshot): string {
  return tab.values
    .flat()
    .filter((cell) => typeof cell === 'string')
    .join(' | ');
}

async function booksSent(): Promise<number> {
  const body = await apiGet(addOn, '/reports/books');
  return (body.rows as unknown[]).length;
}

describe('a report in pages', () => {
  it.each(PAGING_STYLES.filter((style) => style !== 'foreign'))(
    'is read whole, every page, in the tab and the formula (%s)',
    async (style) => {
      chooseSettings(addOn, { tabs: [...TABS] });
      const books = await booksSent();
      expect(books).toBeGreaterThan(6);
      await addOn.api.clearRequests();
      await addOn.api.setPaging({ size: 4, style });
      const result = refresh(addOn);
      expect(result.tabs.length).toBeGreaterThan(0);
      for (const line of result.tabs) expect(line.error, line.tab).toBeNull();
      for (const line of result.tabs) expect(line.truncated, line.tab).toBe(false);
      const tab = ourTab(addOn, 'books-report');
      expect(dataRows(tab)).toHaveLength(books);
      expect(String(tab.values[0]![0])).not.toMatch(/too low|truncated/i);
      // Paging fields are never figures.
      expect(words(tab)).not.toMatch(/next|cursor|total pages|has more|offset|link/i);
      const requests = await addOn.api.requests();
      const pagesAsked = requests.filter((r) => r.path === '/reports/books').length;
      expect(pagesAsked).toBe(Math.ceil(books / 4));
      const formula = addOn.emulator.runCustomFunction('ROYALTIES_BOOKS', []) as unknown[][];
      // The header row, then every book.
      expect(formula).toHaveLength(books + 1);
      expect(formula.flat().join(' ')).not.toMatch(/next|cursor|total pages/i);
    },
  );

  it('never follows a next link to another origin, and says the figures are too low', async () => {
    chooseSettings(addOn, { tabs: ['books-report'] });
    const books = await booksSent();
    await addOn.api.clearRequests();
    await addOn.api.setPaging({ size: 4, style: 'foreign' });
    const result = refresh(addOn);
    const line = result.tabs.find((t) => t.tab === 'books-report')!;
    expect(line.error).toBeNull();
    expect(line.truncated).toBe(true);
    const tab = ourTab(addOn, 'books-report');
    expect(dataRows(tab)).toHaveLength(4);
    expect(books).toBeGreaterThan(4);
    const banner = String(tab.values[0]![0]);
    expect(banner).toMatch(/too low/);
    expect(banner).toMatch(/^Only the first page of Books was read: the next page is at another address/);
    expect(banner).toContain('elsewhere.example');
    // Only our own origin was ever asked, for page 1 alone.
    const urls = addOn.emulator.stats.http().map((entry) => entry.url);
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((url) => url.includes('elsewhere.example'))).toEqual([]);
    expect((await addOn.api.requests()).filter((r) => r.path === '/reports/books')).toHaveLength(1);
    const formula = addOn.emulator.runCustomFunction('ROYALTIES_BOOKS', []) as unknown[][];
    expect(String(formula[0]![0])).toMatch(
      /^Only the first page of Books was read: the next page is at another address.*too low/,
    );
  });

  it('follows a pagination block of page, per_page and total rows; its counts are never figures', async () => {
    const both = ['books-report', 'free-units'] as const;
    chooseSettings(addOn, { tabs: [...both] });
    refresh(addOn);
    const whole = both.map((id) => ourTab(addOn, id).values.slice(1));
    const books = await booksSent();
    await addOn.api.clearRequests();
    await addOn.api.setPaging({ size: 4, style: 'pagination' });
    addOn.emulator.clock.advance(PAST_CACHE);
    const result = refresh(addOn);
    expect(result.tabs.length).toBeGreaterThan(0);
    for (const line of result.tabs) expect(line.error, line.tab).toBeNull();
    for (const line of result.tabs) expect(line.truncated, line.tab).toBe(false);
    expect(both.map((id) => ourTab(addOn, id).values.slice(1))).toEqual(whole);
    expect(words(ourTab(addOn, 'free-units'))).not.toMatch(/pagination|per page/i);
    const requests = await addOn.api.requests();
    expect(requests.filter((r) => r.path === '/reports/books')).toHaveLength(Math.ceil(books / 4));
  });

  it('never adds page 1 twice when the API ignores the cursor sent back, and says so', async () => {
    chooseSettings(addOn, { tabs: ['books-report'] });
    await addOn.api.setPaging({ size: 4, style: 'repeat' });
    const line = refresh(addOn).tabs.find((t) => t.tab === 'books-report')!;
    expect(line.error).toBeNull();
    expect(line.truncated).toBe(true);
    const tab = ourTab(addOn, 'books-report');
    expect(dataRows(tab)).toHaveLength(4);
    expect(String(tab.values[0]![0])).toMatch(
      /^Only the first page of Books was read: the API gave a page already read as the next one\..*too low/,
    );
  });

  it('says "N of M rows" when the API sends the first rows of a count and ignores the offset asked', async () => {
    chooseSettings(addOn, { tabs: ['summary', 'books-report', 'marketplaces-report'] });
    const books = await booksSent();
    await addOn.api.setPaging({ size: 3, style: 'count-ignored' });
    const result = refresh(addOn) as ReturnType<typeof refresh> & { checks: Check[] };
    const line = result.tabs.find((t) => t.tab === 'books-report')!;
    expect(line.error).toBeNull();
    expect(line.truncated).toBe(true);
    const tab = ourTab(addOn, 'books-report');
    expect(dataRows(tab)).toHaveLength(3);
    const said = `Only 3 of ${books} rows of Books were read: the API gave a page already read as the next one.`;
    expect(String(tab.values[0]![0])).toMatch(new RegExp(`^${said.replace(/[.]/g, '\\.')}.*too low`));
    expect(words(tab)).not.toMatch(/total count|offset|limit/i);
    const formula = addOn.emulator.runCustomFunction('ROYALTIES_BOOKS', []) as unknown[][];
    expect(String(formula[0]![0])).toContain(said);
    // The Status tab's note, and the check that cannot tie Books out, say it too.
    const status = ourTab(addOn, 'status');
    const books3 = status.values.find((row) => row[0] === 'Books')!;
    expect(books3.join(' | ')).toContain(`3 of ${books} rows`);
    const check = result.checks.find((c) => c.tabs.includes('books-report'));
    expect(check?.text).toBe(`The book rows were not read in full (3 of ${books} rows).`);
  });

  it('says "N of M rows" when a count comes with no way to ask for the rest', async () => {
    chooseSettings(addOn, { tabs: ['books-report'] });
    const books = await booksSent();
    await addOn.api.setPaging({ size: 3, style: 'count-only' });
    const line = refresh(addOn).tabs.find((t) => t.tab === 'books-report')!;
    expect(line.truncated).toBe(true);
    const tab = ourTab(addOn, 'books-report');
    expect(dataRows(tab)).toHaveLength(3);
    expect(String(tab.values[0]![0])).toMatch(
      new RegExp(
        `^Only 3 of ${books} rows of Books were read: the API gave no way to ask for the rest\\..*too low`,
      ),
    );
    const formula = addOn.emulator.runCustomFunction('ROYALTIES_BOOKS', []) as unknown[][];
    expect(String(formula[0]![0])).toContain(`Only 3 of ${books} rows of Books were read`);
  });

  it('says the figures are too low when has_more gives no way to the next page', async () => {
    chooseSettings(addOn, { tabs: ['books-report'] });
    await addOn.api.setPaging({ size: 4, style: 'stuck' });
    const line = refresh(addOn).tabs.find((t) => t.tab === 'books-report')!;
    expect(line.error).toBeNull();
    expect(line.truncated).toBe(true);
    const tab = ourTab(addOn, 'books-report');
    expect(dataRows(tab)).toHaveLength(4);
    expect(String(tab.values[0]![0])).toMatch(
      /^Only the first page of Books was read: the API gave no way to ask for the rest\..*too low/,
    );
    expect(words(tab)).not.toMatch(/has more/i);
  });

  it('marks the report truncated when a later page says it was cut', async () => {
    chooseSettings(addOn, { tabs: ['books-report'] });
    const books = await booksSent();
    await addOn.api.setPaging({ size: 4, style: 'cursor' });
    await addOn.api.setFaults('/reports/books?cursor=after-4', { truncated: true });
    const line = refresh(addOn).tabs.find((t) => t.tab === 'books-report')!;
    expect(line.error).toBeNull();
    expect(line.truncated).toBe(true);
    const tab = ourTab(addOn, 'books-report');
    expect(dataRows(tab)).toHaveLength(books);
    expect(String(tab.values[0]![0])).toMatch(/may be too low/);
  });

  it('keeps the earlier figures under the amber banner when a page fails', async () => {
    chooseSettings(addOn, { tabs: ['books-report'] });
    const books = await booksSent();
    refresh(addOn);
    expect(dataRows(ourTab(addOn, 'books-report'))).toHaveLength(books);
    const before = ourTab(addOn, 'books-report').values.slice(1);
    await addOn.api.setPaging({ size: 4, style: 'cursor' });
    await addOn.api.setFaults('/reports/books?cursor=after-4', {
      statuses: [
        { status: 400, body: JSON.stringify({ error: { code: 'bad_cursor', message: 'Cursor expired.' } }) },
      ],
    });
    const result = refresh(addOn);
    const line = result.tabs.find((t) => t.tab === 'books-report')!;
    expect(line.error).toMatch(/^Page 2 of Books could not be read: .*Cursor expired\./);
    const tab = ourTab(addOn, 'books-report');
    expect(String(tab.values[0]![0])).toMatch(/failed for this tab: Page 2/);
    // Every data cell as it was: no page-1-only report written over a complete one.
    expect(tab.values.slice(1)).toEqual(before);
  });
});
