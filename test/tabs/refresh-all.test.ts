// Acceptance: the built add-on in the emulator, refreshing from the demo API over HTTP.
// Each test has an add-on of its own (key saved) on the file's demo API, and writes the tabs it reads.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENDPOINT_IDS } from '../../src/core/endpoints.ts';
import { DEFAULT_TAB_CHOICES, tabTitle } from '../../src/core/tab-ids.ts';
import { BANNER_BACKGROUND, TRUNCATION_WARNING } from '../../src/core/tabs/index.ts';
import { type AddOn, startAddOn, useDemoApi } from '../support/addon.ts';
import { expectNoKeyLeak } from '../support/leaks.ts';
import { apiGet, banner, column, ourTab, ourTabs, refresh, rowsOf, TITLES } from './support.ts';

const demoApi = useDemoApi();
let addOn: AddOn;

beforeEach(async () => {
  addOn = await startAddOn({ api: demoApi() });
  addOn.saveApiKeyFor();
});
afterEach(async () => {
  await addOn?.close();
});

describe('refresh all tabs', () => {
  it('writes every tab but the year (asked for) for the demo account in two fetchAll rounds, Summary to the cent', async () => {
    addOn.emulator.stats.reset();
    const result = refresh(addOn);
    expect(result.tabs.map((t) => t.tab)).toEqual(DEFAULT_TAB_CHOICES);
    expect(result.tabs.filter((t) => t.error)).toEqual([]);
    // Two rounds, and on the history's first refresh one more: its backfill (the demo gives all_time).
    expect(addOn.emulator.stats.fetchAllRounds()).toBe(3);

    const tabs = ourTabs(addOn);
    for (const id of ENDPOINT_IDS) {
      const sheet = tabs.get(id);
      expect(sheet?.name).toBe(TITLES[id]);
      expect(sheet?.frozenRows).toBe(2);
      const weights = sheet?.fontWeights[1] ?? [];
      expect(weights.length, id).toBeGreaterThan(0);
      for (const w of weights) expect(w, id).toBe('bold');
      expect(banner(sheet!)).toContain('Updated');
      expect(sheet?.backgrounds[0]?.[0]).toBe(BANNER_BACKGROUND.normal);
    }
    expect(tabs.get('status')?.name).toBe(tabTitle('status'));

    const summary = await apiGet(addOn, '/summary');
    const totals = summary.totals as Record<string, number>;
    const sheet = ourTab(addOn, 'summary');
    const keys = column(sheet, 'key');
    const values = column(sheet, 'value');
    expect(Object.keys(totals).length).toBeGreaterThan(0);
    for (const [name, figure] of Object.entries(totals)) {
      const at = keys.indexOf(`totals.${name}`);
      expect(at, name).toBeGreaterThanOrEqual(0);
      expect(values[at], name).toBe(figure);
    }
    expect(banner(sheet)).toContain(String(summary.currency));
    // A period and a currency only on tabs that depend on them: the Catalog and Series tabs name neither.
    const period = summary.period as Record<string, string>;
    // (The period's end is left out: it is also the day the data covers, which every banner says.)
    for (const part of [String(summary.currency), period.start!]) expect(banner(sheet), part).toContain(part);
    for (const id of ['catalog', 'series'] as const) {
      const text = banner(ourTab(addOn, id));
      expect(text, id).toContain('Updated');
      for (const part of [String(summary.currency), period.start!, 'last_30_days'])
        expect(text, `${id} banner names ${part}`).not.toContain(part);
    }

    const books = await apiGet(addOn, '/reports/books');
    const bookRows = rowsOf(books, 'rows');
    const booksTab = ourTab(addOn, 'books-report');
    expect(column(booksTab, 'book_id')).toEqual(bookRows.map((r) => r.book_id));
    expect(column(booksTab, 'royalties')).toEqual(bookRows.map((r) => r.royalties));
    expect(result.tabs.find((t) => t.tab === 'books-report')?.rows).toBe(bookRows.length);

    const series = rowsOf(await apiGet(addOn, '/series'), 'series');
    let readThroughRows = 0;
    for (const s of series) {
      const one = await apiGet(addOn, `/series/${encodeURIComponent(String(s.series_id))}/read-through`);
      readThroughRows += rowsOf(one, 'rows').length;
    }
    const readThrough = ourTab(addOn, 'read-through');
    expect(result.tabs.find((t) => t.tab === 'read-through')?.rows).toBe(readThroughRows);
    expect(new Set(column(readThrough, 'series_id'))).toEqual(new Set(series.map((s) => s.series_id)));

    expectNoKeyLeak(addOn.emulator, addOn.api.demoKey);
  });

  it('shows the red truncation banner when the API sets meta.truncated, and drops it on the next good refresh', async () => {
    await addOn.api.setFaults('/reports/books', { truncated: true });
    const truncated = refresh(addOn);
    expect(truncated.tabs.find((t) => t.tab === 'books-report')).toMatchObject({
      truncated: true,
      error: null,
    });
    let books = ourTab(addOn, 'books-report');
    expect(banner(books).startsWith(TRUNCATION_WARNING)).toBe(true);
    expect(books.backgrounds[0]?.[0]).toBe(BANNER_BACKGROUND.truncated);
    expect(banner(ourTab(addOn, 'summary'))).not.toContain(TRUNCATION_WARNING);

    await addOn.api.clearFaults();
    refresh(addOn);
    books = ourTab(addOn, 'books-report');
    expect(banner(books)).not.toContain(TRUNCATION_WARNING);
    expect(books.backgrounds[0]?.[0]).toBe(BANNER_BACKGROUND.normal);
  });

  it('lands dangerous strings from the API as the exact text', async () => {
    await addOn.api.setDangerousData(true);
    try {
      refresh(addOn);
      const catalog = rowsOf(await apiGet(addOn, '/books'), 'books');
      const tab = ourTab(addOn, 'catalog');
      // The demo's 50,000-character title cannot sit in a cell with its apostrophe: it is cut to
      // 49,998 characters and a visible "…" (docs/google-rules.md, the cell limit).
      const asStored = (t: string) => (t.length < 50_000 ? t : `${t.slice(0, 49_998)}…`);
      expect(catalog.map((b) => String(b.title).length)).toContain(50_000);
      expect(column(tab, 'title')).toEqual(catalog.map((b) => asStored(String(b.title))));
      expect(column(tab, 'isbn')).toEqual(catalog.map((b) => b.isbn ?? ''));
      expect(column(tab, 'subtitle')).toEqual(catalog.map((b) => b.subtitle ?? ''));
      const series = rowsOf(await apiGet(addOn, '/series'), 'series');
      const names = new Set(column(ourTab(addOn, 'read-through'), 'series_name'));
      expect(names).toEqual(new Set(series.map((s) => s.name)));
      // No formula but the dashboard's own what-if estimates, whatever the API's strings hold.
      const whatIf = /^=IFERROR\(C\d+\*\$B\$\d+,"missing"\)$/;
      expect(ourTabs(addOn).size).toBeGreaterThan(0);
      for (const sheet of ourTabs(addOn).values()) {
        expect(sheet.formulas.flat().filter((f) => f !== '' && !whatIf.test(f))).toEqual([]);
      }
    } finally {
      await addOn.api.setDangerousData(false);
    }
  });

  it('refuses a second refresh while one runs, with its message, before any request', () => {
    addOn.emulator.switches.holdLock('document', { untilMs: addOn.emulator.clock.now() + 60_000 });
    addOn.emulator.stats.reset();
    expect(() => refresh(addOn)).toThrow(/a refresh is already running/i);
    addOn.emulator.run('menuRefreshAllTabs');
    expect(addOn.emulator.ui().toasts.at(-1)).toMatch(/a refresh is already running/i);
    expect(addOn.emulator.stats.http()).toEqual([]);
    addOn.emulator.clock.advance(60_001);
    const failed = refresh(addOn).tabs.filter((t) => t.error);
    expect(
      failed.map((t) => `${t.tab}: ${t.error}`),
      'tabs that failed',
    ).toEqual([]);
  });

  it('asks a user without a key to save one or try the demo account', () => {
    const editor = addOn.emulator.editors[0]!;
    expect(() => addOn.emulator.run('refreshAllTabs', [], { as: editor })).toThrow(
      /save it in the Royalties sidebar, or try the demo account/,
    );
  });
});
