// Acceptance: the Royalties dashboard written by a refresh of the built add-on in the emulator, against the
// demo API over HTTP; expectations computed by hand from the API's own responses.
// Each test has an add-on of its own (key saved, every tab but the history chosen) on the file's demo API,
// and draws the dashboard it reads, with the author's own charts it needs beside it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DASHBOARD_KEY,
  MORE_READERS_THAN_FIRST,
  NOT_APPLICABLE,
  TONES,
  WHAT_IF_ROW,
  WHAT_IF_TITLE,
} from '../../src/core/dashboard/index.ts';
import { TAB_CHOICES } from '../../src/core/tab-ids.ts';
import { BANNER_BACKGROUND } from '../../src/core/tabs/index.ts';
import { type AddOn, startAddOn, useDemoApi } from '../support/addon.ts';
import { addOnDist } from '../support/bundles.ts';
import { apiGet, banner, chooseSettings, column, ourTab, refresh, rowsOf } from '../tabs/support.ts';
import {
  blockA1,
  chartByTitle,
  charts,
  dashboard,
  dashboardSheet,
  rangesOf,
  table,
  tiles,
} from './support.ts';

const cents = (x: unknown) => Math.round(Number(x) * 100);
const OTHER_KEY = 'rfs_other_live_4d2c7a9e1b3f5a7c9e0b';
/** Chart calls of a steady refresh: getCharts, then per chart getChartId, modify, clearRanges, addRange per
 * range, build and updateChart (five charts, six ranges, one chart of the author's read for its id). */
const CHART_CALLS = 1 + 6 + 5 * 5 + 6;
/** Most of these tests see the dashboard with no ledger (its own tests: ledger.test.ts); the last chooses it. */
const NO_HISTORY = TAB_CHOICES.filter((t) => t !== 'history');

const demoApi = useDemoApi({
  accounts: [{ key: OTHER_KEY, scale: { books: 24, marketplaces: 4, years: 1, series: 5 } }],
});
let addOn: AddOn;

beforeEach(async () => {
  addOn = await startAddOn({ api: demoApi() });
  addOn.saveApiKeyFor();
  chooseSettings(addOn, { tabs: NO_HISTORY });
});
afterEach(async () => {
  await addOn?.close();
});

describe('the Royalties dashboard', () => {
  it('is written by a refresh with the Summary tab figures to the cent, in the same two rounds', () => {
    addOn.emulator.stats.reset();
    const result = refresh(addOn);
    expect(addOn.emulator.stats.fetchAllRounds()).toBe(2);
    expect(result.tabs.find((t) => t.tab === 'dashboard')).toMatchObject({
      error: null,
      sheetName: 'Royalties dashboard',
    });
    const sheet = dashboard(addOn);
    expect(banner(sheet)).toContain('Updated');
    expect(sheet.backgrounds[0]?.[0]).toBe(BANNER_BACKGROUND.normal);

    // The timeline's echoed "interval": "day" is a request parameter, not a total.
    const timeline = ourTab(addOn, 'timeline').values.flat();
    expect(timeline).not.toContain('Interval');
    expect(timeline).not.toContain('interval');
    const summary = ourTab(addOn, 'summary');
    const keys = column(summary, 'key');
    const values = column(summary, 'value');
    const summaryFigure = (key: string) => values[keys.indexOf(`totals.${key}`)];
    const shown = tiles(sheet);
    for (const [label, key] of [
      ['Royalties', 'royalties'],
      ['Ad spend', 'ad_spend'],
      ['Net profit', 'net_profit'],
      ['KENP pages read', 'kenp_pages'],
      ['Estimated KENP royalties', 'kenp_royalties'],
      ['Free downloads', 'free_units'],
    ] as const) {
      expect(shown.get(label)?.[0], label).toBe(summaryFigure(key));
      // The ledger is empty: nothing to compare with, and no change is made up.
      expect(shown.get(label)?.slice(1), label).toEqual(['no earlier data yet', '']);
    }
  });

  it('shows series economics equal to a hand computation from the API, and book economics', async () => {
    refresh(addOn); // the dashboard drawn once
    const series = rowsOf(await apiGet(addOn, '/series'), 'series');
    const books = rowsOf(await apiGet(addOn, '/reports/books'), 'rows');
    const catalog = rowsOf(await apiGet(addOn, '/books'), 'books');
    const shown = table(dashboard(addOn), 'Series economics');
    expect(series.length).toBeGreaterThan(0);
    expect(shown.rows.map((r) => r[0])).toEqual(series.map((s) => s.name));
    for (const [i, s] of series.entries()) {
      const rt = rowsOf(await apiGet(addOn, `/series/${s.series_id}/read-through`), 'rows');
      const first = rt.find((r) => r.position === 1)!.readers as number;
      const lastRow = rt.reduce((a, b) => ((a.position as number) > (b.position as number) ? a : b));
      const royaltyCents = books
        .filter((b) => b.series_id === s.series_id)
        .reduce((sum, b) => sum + cents(b.royalties), 0);
      const row = shown.rows[i]!;
      expect(row[1]).toBe(first);
      // The API's read-through from book 1, or why not where the last book has more readers than book 1.
      expect(row[2]).toBe(
        (lastRow.readers as number) > first ? MORE_READERS_THAN_FIRST : lastRow.read_through_from_first,
      );
      expect(cents(row[3])).toBe(royaltyCents);
      expect(row[4]).toBeCloseTo(royaltyCents / 100 / first, 9);
      expect(row[5]).toBe(
        `At most ${(royaltyCents / 100 / first).toFixed(2)} USD per book-one reader to break even`,
      );
    }

    // Book by book: every book of every series in reading order, its readers and the API's read-through
    // from the previous book as sent, and from book 1 (readers ÷ book 1's readers) by hand.
    const byBook = table(dashboard(addOn), 'Series read-through, book by book');
    const expected: unknown[][] = [];
    for (const s of series) {
      const rt = rowsOf(await apiGet(addOn, `/series/${s.series_id}/read-through`), 'rows');
      const first = rt.find((r) => r.position === 1)!.readers as number;
      // Book 1 has no previous book: the API sends null, shown as not applicable.
      for (const r of [...rt].sort((a, b) => (a.position as number) - (b.position as number)))
        expected.push([
          s.name,
          r.title,
          r.position,
          r.readers,
          r.position === 1 ? NOT_APPLICABLE : r.read_through_from_previous,
          (r.readers as number) > first ? MORE_READERS_THAN_FIRST : r.read_through_from_first,
        ]);
      expect(first).toBeGreaterThan(0);
    }
    expect(byBook.rows.map((r) => r.slice(0, 6))).toEqual(expected);
    expect(byBook.rows.length).toBeGreaterThanOrEqual(12);
    // Nothing shown as "missing" that the API sent or that has no meaning.
    expect(byBook.rows.flat()).not.toContain('missing');

    const economics = table(dashboard(addOn), 'Book economics');
    expect(books.length).toBeGreaterThan(0);
    expect(economics.rows).toHaveLength(books.length);
    for (const [i, b] of books.entries()) {
      const row = economics.rows[i]!;
      const kenpc = catalog.find((c) => c.book_id === b.book_id)?.kenpc as number;
      expect(row[0]).toBe(b.title);
      expect([row[2], row[3], row[4]]).toEqual([b.royalties, b.ad_spend, b.net_profit]);
      expect(row[5]).toBeCloseTo((b.ad_spend as number) / (b.royalties as number), 12);
      expect(row[6]).toBe(b.kenp_pages);
      expect(row[7]).toBeCloseTo((b.kenp_pages as number) / kenpc, 12);
    }
  });

  it('holds a what-if KENP rate: formulas over the rate cell, recalculated for the author’s rate, which a refresh keeps', () => {
    refresh(addOn); // the dashboard drawn once
    const sheet = dashboardSheet(addOn);
    const shown = tiles(dashboard(addOn));
    const pages = shown.get('KENP pages read')![0] as number;
    const kenpRoyalties = shown.get('Estimated KENP royalties')![0] as number;
    const whatIf = table(dashboard(addOn), WHAT_IF_TITLE);
    expect(whatIf.headers.slice(0, 4)).toEqual([
      '',
      'Rate per page read',
      'KENP pages read',
      'Estimated KENP royalties at this rate',
    ]);
    const rateRow = WHAT_IF_ROW + 2;
    // First filled with this period's effective rate: estimated KENP royalties ÷ pages.
    expect(sheet.getRange(rateRow, 2).getValue()).toBeCloseTo(kenpRoyalties / pages, 15);
    const books = table(dashboard(addOn), 'Book economics').rows;
    expect(whatIf.rows.map((r) => r[0])).toEqual(['All books', ...books.map((b) => b[0])]);
    const formulas = sheet.getRange(rateRow, 4, whatIf.rows.length, 1).getFormulas().flat();
    expect(formulas).toEqual(whatIf.rows.map((_, i) => `=IFERROR(C${rateRow + i}*$B$${rateRow},"missing")`));
    const estimates = () => sheet.getRange(rateRow, 4, whatIf.rows.length, 1).getValues().flat();
    expect(estimates()[0]).toBeCloseTo(kenpRoyalties, 9);
    // The author types a rate of their own: the estimates follow at once, with no refresh.
    sheet.getRange(rateRow, 2).setValue(0.0045);
    addOn.emulator.formulas.recalculate();
    const atRate = [pages, ...books.map((b) => b[6] as number)].map((p) => p * 0.0045);
    // All books, then each book: one estimate each.
    expect(estimates()).toHaveLength(atRate.length);
    estimates().forEach((v, i) => {
      expect(v).toBeCloseTo(atRate[i]!, 9);
    });
    expect(dashboard(addOn).displayed[rateRow - 1]![1]).toBe('$0.004500');
    // A refresh keeps their rate and the formulas over it.
    refresh(addOn);
    expect(sheet.getRange(rateRow, 2).getValue()).toBe(0.0045);
    expect(sheet.getRange(rateRow, 4).getFormula()).toBe(formulas[0]);
    expect(estimates()[0]).toBeCloseTo(pages * 0.0045, 9);
    // Cleared, the next refresh fills in this period's rate again.
    sheet.getRange(rateRow, 2).setValue('');
    refresh(addOn);
    expect(sheet.getRange(rateRow, 2).getValue()).toBeCloseTo(kenpRoyalties / pages, 15);
  });

  it('colours good and bad with conditional format rules: one set after two refreshes, the author’s rules kept', () => {
    refresh(addOn); // the dashboard drawn once
    const sheet = dashboardSheet(addOn);
    const read = () =>
      sheet.getConditionalFormatRules().map((r) => {
        const c = r.getBooleanCondition()!;
        return [
          String(c.getCriteriaType()),
          c.getCriteriaValues()[0],
          c.getFontColor(),
          r.getRanges().map((g) => g.getA1Notation()),
        ];
      });
    const values = dashboard(addOn).values;
    /** 1-based first data row and row count of the table titled `title`. */
    const rowsOf = (title: string) => {
      const top = values.findIndex((row) => row[0] === title) + 1;
      return { first: top + 2, last: top + 1 + table(dashboard(addOn), title).rows.length };
    };
    const books = rowsOf('Book economics');
    const series = rowsOf('Series economics');
    const byBook = rowsOf('Series read-through, book by book');
    const bad = TONES.bad.font;
    const good = TONES.good.font;
    const ours = [
      ['NUMBER_LESS_THAN', 0, bad, ['D3', `E${books.first}:E${books.last}`]],
      ['NUMBER_GREATER_THAN', 0.5, bad, [`F${books.first}:F${books.last}`]],
      [
        'NUMBER_LESS_THAN',
        0.5,
        bad,
        [`C${series.first}:C${series.last}`, `E${byBook.first}:F${byBook.last}`],
      ],
      ['NUMBER_GREATER_THAN', 0, good, ['B5', 'D5', 'E5', 'F5', 'G5']],
      ['NUMBER_LESS_THAN', 0, bad, ['B5', 'D5', 'E5', 'F5', 'G5']],
      ['NUMBER_GREATER_THAN', 0, bad, ['C5']],
      ['NUMBER_LESS_THAN', 0, good, ['C5']],
    ];
    expect(read()).toEqual(ours);
    // The author adds a rule of their own; two refreshes later it is there, once, and ours are there once.
    const [first] = sheet.getConditionalFormatRules();
    const authors = first!
      .copy()
      .whenNumberGreaterThan(1000)
      .setFontColor('#0000ff')
      .setRanges([sheet.getRange('H20')])
      .build();
    sheet.setConditionalFormatRules([authors, ...sheet.getConditionalFormatRules()]);
    refresh(addOn);
    refresh(addOn);
    expect(read()).toEqual([['NUMBER_GREATER_THAN', 1000, '#0000ff', ['H20']], ...ours]);
  });

  it('draws native charts whose ranges are the chart data blocks', () => {
    refresh(addOn); // the dashboard drawn once
    const sheet = dashboard(addOn);
    expect(charts(addOn)).toHaveLength(5);
    expect(rangesOf(chartByTitle(addOn, 'Royalties and ad spend by day'))).toEqual([
      blockA1(sheet, 'Day', 3),
    ]);
    expect(rangesOf(chartByTitle(addOn, 'Royalties and ad spend by day'))).toEqual(['Q2:S32']);
    expect(rangesOf(chartByTitle(addOn, 'KENP pages read by day'))).toEqual(['Q2:Q32', 'T2:T32']);
    expect(rangesOf(chartByTitle(addOn, 'Royalties by marketplace'))).toEqual([
      blockA1(sheet, 'Marketplace', 2),
    ]);
    expect(rangesOf(chartByTitle(addOn, 'Net profit by book (top 10, the rest summed)'))).toEqual([
      blockA1(sheet, 'Book', 2),
    ]);
    // 14 books: the top 10 and one bar for the other 4.
    expect(blockA1(sheet, 'Book', 2)).toMatch(/2:AD13$/);
    const readers = chartByTitle(addOn, 'Readers of each book, per series');
    expect(rangesOf(readers)).toEqual([blockA1(sheet, 'Book in series', 4)]);
    expect(readers.modify().getChartType()).toBe('COLUMN');
  });

  it('keeps charts in place across refreshes with more books and fewer days, leaving the author’s charts and cells alone', () => {
    refresh(addOn); // the dashboard drawn once
    const sheet = dashboardSheet(addOn);
    // The author moves one of our charts, adds a chart of their own and writes beside the charts.
    const daily = chartByTitle(addOn, 'Royalties and ad spend by day');
    const dailyId = daily.getChartId();
    sheet.updateChart(daily.modify().setPosition(30, 2, 7, 9).setOption('width', 820).build());
    const own = sheet.newChart().asPieChart().addRange(sheet.getRange('Z2:AA5')).setPosition(5, 12, 0, 0);
    sheet.insertChart(own.setOption('title', 'My marketplaces').build());
    sheet.getRange('K1').setValue('My note');
    sheet.getRange('J25').setValue(42);

    // Another account: 24 books in 5 series, and a week instead of 30 days.
    addOn.saveApiKeyFor(addOn.emulator.owner, OTHER_KEY);
    chooseSettings(addOn, { range: 'last_7_days', tabs: NO_HISTORY });
    const result = refresh(addOn);
    expect(result.tabs.filter((t) => t.error)).toEqual([]);
    let snapshot = dashboard(addOn);
    expect(charts(addOn)).toHaveLength(6);
    const moved = chartByTitle(addOn, 'Royalties and ad spend by day');
    expect(moved.getChartId()).toBe(dailyId);
    expect([moved.getContainerInfo().getAnchorRow(), moved.getContainerInfo().getAnchorColumn()]).toEqual([
      30, 2,
    ]);
    expect([moved.getContainerInfo().getOffsetX(), moved.getContainerInfo().getOffsetY()]).toEqual([7, 9]);
    expect(moved.getOptions().get('width')).toBe(820);
    expect(rangesOf(moved)).toEqual(['Q2:S9']);
    expect(rangesOf(chartByTitle(addOn, 'KENP pages read by day'))).toEqual(['Q2:Q9', 'T2:T9']);
    const readers = rangesOf(chartByTitle(addOn, 'Readers of each book, per series'));
    expect(readers).toEqual([blockA1(snapshot, 'Book in series', 6)]);
    expect(table(snapshot, 'Book economics').rows).toHaveLength(24);
    // Rows of the longer daily block are cleared below the week.
    expect(snapshot.values[9]?.[16]).toBe('');
    const mine = chartByTitle(addOn, 'My marketplaces');
    expect(rangesOf(mine)).toEqual(['Z2:AA5']);
    expect(mine.getContainerInfo().getAnchorRow()).toBe(5);
    expect(snapshot.values[0]?.[10]).toBe('My note');
    expect(snapshot.values[24]?.[9]).toBe(42);

    // Back to the demo account's 30 days: ranges grow again, still no duplicates, the tables shrink.
    addOn.saveApiKeyFor();
    chooseSettings(addOn, { tabs: NO_HISTORY });
    refresh(addOn);
    snapshot = dashboard(addOn);
    expect(charts(addOn)).toHaveLength(6);
    expect(rangesOf(chartByTitle(addOn, 'Royalties and ad spend by day'))).toEqual(['Q2:S32']);
    expect(rangesOf(chartByTitle(addOn, 'Readers of each book, per series'))).toEqual([
      blockA1(snapshot, 'Book in series', 4),
    ]);
    expect(table(snapshot, 'Book economics').rows).toHaveLength(14);
    expect(snapshot.values.flatMap((row) => row.slice(0, 8))).toContain('Hollow City Files');
    expect(snapshot.values[0]?.[10]).toBe('My note');
  });

  it('is drawn by Sheets alone: the local dashboard’s charting library never enters Code.js', async () => {
    const code = readFileSync(path.join(await addOnDist(), 'Code.js'), 'utf8');
    expect(code).toContain('Royalties and ad spend by day');
    expect(code.toLowerCase()).not.toContain('echarts');
  });

  it('removes a chart of ours it no longer draws (the monthly one without two months of ledger), and only that', () => {
    refresh(addOn); // the dashboard drawn once
    const sheet = dashboardSheet(addOn);
    const own = sheet.newChart().asPieChart().addRange(sheet.getRange('Z2:AA5')).setPosition(5, 12, 0, 0);
    sheet.insertChart(own.setOption('title', 'My marketplaces').build());
    const stale = sheet.newChart().asColumnChart().addRange(sheet.getRange('U2:W4')).setPosition(3, 3, 0, 0);
    sheet.insertChart(stale.setOption('title', 'Royalties and ad spend by month').build());
    const id = chartByTitle(addOn, 'Royalties and ad spend by month');
    const metadata = sheet.getDeveloperMetadata().find((m) => m.getKey() === DASHBOARD_KEY)!;
    const state = JSON.parse(metadata.getValue() ?? '{}') as { charts: Record<string, number> };
    state.charts['monthly-royalties-ad-spend'] = id.getChartId()!;
    metadata.setValue(JSON.stringify(state));
    const before = charts(addOn).length;

    refresh(addOn);
    const titles = charts(addOn).map((c) => c.getOptions().get('title'));
    expect(titles).not.toContain('Royalties and ad spend by month');
    expect(titles).toHaveLength(before - 1);
    expect(titles).toContain('My marketplaces');
  });

  it('draws a chart of ours once, even when the refresh that drew it failed before saving its id', () => {
    refresh(addOn); // the dashboard drawn once
    const sheet = dashboardSheet(addOn);
    const title = 'KENP pages read by day';
    const drawn = charts(addOn).length;
    sheet.removeChart(chartByTitle(addOn, title));
    // The chart is drawn again, then saving the dashboard's state (the charts' ids) is refused.
    addOn.emulator.switches.failCall('DeveloperMetadata.setValue', { sheet: sheet.getName() });
    expect(refresh(addOn).tabs.find((t) => t.tab === 'dashboard')?.error).toMatch(/could not be written/);
    expect(refresh(addOn).tabs.find((t) => t.tab === 'dashboard')?.error).toBeNull();
    const named = charts(addOn).filter((c) => c.getOptions().get('title') === title);
    expect(named).toHaveLength(1);
    expect(rangesOf(named[0]!)).toEqual(['Q2:Q32', 'T2:T32']);
    expect(charts(addOn)).toHaveLength(drawn);
  });

  it('keeps its figures under the amber banner when a source fails', async () => {
    refresh(addOn); // the dashboard drawn once
    const before = dashboard(addOn).values.slice(1);
    const drawn = charts(addOn).length;
    await addOn.api.setFaults('/kenp', { statuses: [404], times: 1 });
    const result = refresh(addOn);
    await addOn.api.clearFaults();
    const outcome = result.tabs.find((t) => t.tab === 'dashboard');
    expect(outcome?.error).toContain('KENP');
    const after = dashboard(addOn);
    expect(after.backgrounds[0]?.[0]).toBe(BANNER_BACKGROUND.failed);
    expect(banner(after)).toContain('failed');
    expect(after.values.slice(1)).toEqual(before);
    expect(charts(addOn)).toHaveLength(drawn);
  });

  it('is a tab choice: alone it still fetches every source in two rounds; unchosen, it is not written', () => {
    chooseSettings(addOn, { tabs: ['dashboard'] });
    addOn.emulator.stats.reset();
    const alone = refresh(addOn);
    expect(alone.tabs.map((t) => t.tab)).toEqual(['dashboard']);
    expect(alone.tabs[0]?.error).toBeNull();
    expect(addOn.emulator.stats.fetchAllRounds()).toBe(2);

    // A steady refresh costs the same Spreadsheet calls whatever the rows: 24 books and 5 series as 14 and 3.
    const steady = (): [number, number] => {
      refresh(addOn);
      addOn.emulator.stats.reset();
      refresh(addOn);
      const calls = Object.entries(addOn.emulator.stats.calls());
      const charts = calls.filter(([name]) => /Chart/.test(name)).reduce((n, [, c]) => n + c, 0);
      return [addOn.emulator.stats.callsByService().SpreadsheetApp ?? 0, charts];
    };
    const demo = steady();
    addOn.saveApiKeyFor(addOn.emulator.owner, OTHER_KEY);
    expect(steady()).toEqual(demo);
    addOn.saveApiKeyFor();
    expect(demo[1]).toBeLessThanOrEqual(CHART_CALLS);

    chooseSettings(addOn, { tabs: ['summary'] });
    addOn.emulator.stats.reset();
    const without = refresh(addOn);
    expect(without.tabs.map((t) => t.tab)).toEqual(['summary']);
    expect(addOn.emulator.stats.fetchAllRounds()).toBe(1);
  });

  it('with the history ledger chosen: each tile compares with the ledger’s 30 days before the period, and the monthly chart is drawn', async () => {
    chooseSettings(addOn, {});
    const result = refresh(addOn);
    expect(result.tabs.filter((t) => t.error)).toEqual([]);
    // By hand from the API: the 30 days before the period, from the longest timeline it gives (the backfill's).
    const summary = await apiGet(addOn, '/summary');
    const from = Date.parse(`${(summary.period as { start: string }).start}T00:00:00Z`);
    const earlier = new Set(
      Array.from({ length: 30 }, (_, i) => new Date(from - (30 - i) * 86_400_000).toISOString().slice(0, 10)),
    );
    const points = rowsOf(await apiGet(addOn, '/timeline', { range: 'all_time' }), 'points');
    const previousCents = points
      .filter((p) => earlier.has(p.date as string))
      .reduce((sum, p) => sum + cents(p.royalties), 0);
    expect(previousCents).toBeGreaterThan(0);
    const [now, previous, change] = tiles(dashboard(addOn)).get('Royalties')!;
    expect(cents(previous)).toBe(previousCents);
    expect(change).toBeCloseTo((cents(now) - previousCents) / previousCents, 9);
    // The ledger holds more than two months: the monthly chart is drawn from its month block.
    expect(rangesOf(chartByTitle(addOn, 'Royalties and ad spend by month'))).toHaveLength(1);
    chooseSettings(addOn, {});
  });

  it('keeps its figures and its monthly chart when the history tab cannot be read this time', () => {
    // The dashboard drawn once with the history ledger, which draws the monthly chart.
    chooseSettings(addOn, {});
    refresh(addOn);
    const before = dashboard(addOn).values.slice(1);
    const history = ourTab(addOn, 'history').name;
    // One read of the ledger refused (Google's transient service failure), with or without the history chosen.
    for (const tabs of [TAB_CHOICES, NO_HISTORY]) {
      chooseSettings(addOn, { tabs: [...tabs] });
      addOn.emulator.switches.failCall('Range.getValues', { sheet: history });
      const result = refresh(addOn);
      expect(result.tabs.find((t) => t.tab === 'dashboard')?.error).toMatch(/history tab could not be read/);
      const after = dashboard(addOn);
      expect(banner(after)).toContain('failed');
      expect(after.values.slice(1)).toEqual(before);
      expect(rangesOf(chartByTitle(addOn, 'Royalties and ad spend by month'))).toHaveLength(1);
    }
    chooseSettings(addOn, {});
  });
});
