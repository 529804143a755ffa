// Acceptance: never a confident wrong figure. The built add-on in the emulator against the demo API, whose
// responses a test replaces with shapes the add-on has not seen: a summary sending this period beside the
// previous one, a books report that leaves a book out, a timeline whose days are the keys of an object.
// Every figure sent is shown as sent; where reports do not add up, the tabs, the Status tab, the refresh
// result, the menu's message and the sidebar say so; where two figures could be meant, nothing guesses.
// Each test has an add-on of its own (key saved, formulas allowed) on the file's demo API.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Check } from '../../src/core/checks/index.ts';
import { NIGHTLY_RUN_PROPERTY } from '../../src/core/flows/nightly.ts';
import type { SidebarState } from '../../src/core/flows/sidebar-state.ts';
import { BANNER_BACKGROUND, RECONCILED, TRUNCATION_WARNING } from '../../src/core/tabs/index.ts';
import { warningsFor } from '../../src/sidebar/warnings.ts';
import { tiles } from '../dashboard/support.ts';
import { type AddOn, startAddOn, useDemoApi } from '../support/addon.ts';
import { expectNoKeyLeak } from '../support/leaks.ts';
import { apiGet, chooseSettings, ourTab, refresh } from './support.ts';

const demoApi = useDemoApi();
let addOn: AddOn;
beforeEach(async () => {
  addOn = await startAddOn({ api: demoApi() });
  addOn.saveApiKeyFor();
  addOn.emulator.run('setFormulaAccess', [true]);
});
afterEach(async () => {
  try {
    expectNoKeyLeak(addOn.emulator, addOn.api.demoKey);
  } finally {
    await addOn.close();
  }
});

/** Every request to `path` answers `body` (200, JSON) until the faults are cleared. */
async function answerWith(path: string, body: unknown): Promise<void> {
  const status = { status: 200, body: JSON.stringify(body) };
  await addOn.api.setFaults(path, { statuses: new Array(20).fill(status) });
}

function checksOf(result: { checks?: Check[] }): Check[] {
  expect(result.checks, 'the refresh result carries its checks').toBeDefined();
  return result.checks!;
}

describe('reports that do not add up', () => {
  it('say so on both tabs, on the Status tab, in the result, the night, the menu and the sidebar; figures stay as sent', async () => {
    chooseSettings(addOn, { tabs: ['summary', 'books-report', 'marketplaces-report', 'dashboard'] });
    const books = await apiGet(addOn, '/reports/books');
    const rows = books.rows as Array<Record<string, unknown>>;
    const left = rows[0]!;
    await answerWith('/reports/books', { ...books, rows: rows.slice(1) });
    const result = refresh(addOn) as unknown as { checks?: Check[] };
    const checks = checksOf(result);
    const royalties = checks.find((c) => c.subject === 'Royalties: the Summary against the book rows')!;
    expect(royalties.result).toBe('differs');
    const gap = Number(left.royalties).toLocaleString('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    expect(royalties.text).toContain(`$${gap} is in none of the book rows`);
    // The marketplaces still add up: only the books report is short.
    expect(
      checks.find((c) => c.subject === 'Royalties: the Summary against the marketplace rows')!.result,
    ).toBe('agrees');
    const booksTab = ourTab(addOn, 'books-report');
    expect(String(booksTab.values[0]![0])).toMatch(
      /^Reports do not add up: Royalties: the Summary against the book rows\./,
    );
    expect(String(ourTab(addOn, 'summary').values[0]![0])).toMatch(/^Reports do not add up/);
    // The dashboard's tiles come from the Summary and its tables from the books: it says so too, in red.
    const dashboard = ourTab(addOn, 'dashboard');
    expect(String(dashboard.values[0]![0])).toMatch(
      /^Reports do not add up: Royalties: the Summary against the book rows\./,
    );
    expect(dashboard.backgrounds[0]?.[0]).toBe(BANNER_BACKGROUND.truncated);
    // Figures as sent: every book the response held, none invented.
    expect(booksTab.values.slice(2).filter((r) => r[0] !== '')).toHaveLength(rows.length - 1);
    const status = ourTab(addOn, 'status').values;
    const line = status.find((row) => row[0] === 'Royalties: the Summary against the book rows')!;
    expect(line[1]).toBe('Does not add up');
    expect(String(status[0]![0])).toMatch(/check(s)? do(es)? not add up: see Checks below/);
    const state = addOn.emulator.run<SidebarState>('getSidebarState');
    expect(state.mismatches?.map((m) => ('subject' in m ? m.subject : ''))).toContain(
      'Royalties: the Summary against the book rows',
    );
    expect(warningsFor(state).join('\n')).toContain(
      'Reports do not add up: Royalties: the Summary against the book rows',
    );
    // The nightly record, which every editor reads in the morning.
    addOn.emulator.run('setNightlyRefresh', [true, 5]);
    const night = addOn.emulator.triggers().find((t) => t.handler === 'nightlyRefresh')!;
    addOn.emulator.runTrigger(night.id);
    const record = JSON.parse(addOn.emulator.properties.document()[NIGHTLY_RUN_PROPERTY] ?? '{}');
    expect(record.message).toContain('Reports do not add up: Royalties: the Summary against the book rows.');
    addOn.emulator.run('setNightlyRefresh', [false, 5]);
    addOn.emulator.open();
    addOn.emulator.clickMenuItem('Refresh all tabs');
    expect(String(addOn.emulator.ui().toasts.at(-1))).toContain(
      'Reports do not add up: Royalties: the Summary against the book rows.',
    );
  });

  it('agree on the demo account, and the Status tab lists every check', async () => {
    chooseSettings(addOn, { tabs: [...RECONCILED, 'read-through'] });
    const checks = checksOf(refresh(addOn) as unknown as { checks?: Check[] });
    expect(checks.length).toBeGreaterThan(15);
    for (const check of checks) expect(check.result, check.subject).toBe('agrees');
    const status = ourTab(addOn, 'status').values;
    const block = status.findIndex((row) => row[0] === 'Checks between reports');
    expect(block).toBeGreaterThan(2);
    expect(status.slice(block + 1).filter((row) => row[1] === 'Agrees')).toHaveLength(checks.length);
    expect(String(ourTab(addOn, 'books-report').values[0]![0])).not.toMatch(/do not add up/);
    expect(addOn.emulator.run<SidebarState>('getSidebarState').mismatches).toEqual([]);
  });
});

describe('this period beside the previous one', () => {
  it('answers with this period’s figure, labels the previous one, and never guesses between two', async () => {
    chooseSettings(addOn, { tabs: ['summary', 'dashboard'] });
    const summary = await apiGet(addOn, '/summary');
    const totals = summary.totals as Record<string, number>;
    const previous = Object.fromEntries(
      Object.entries(totals).map(([k, v]) => [k, Math.round(v * 0.8 * 100) / 100]),
    );
    const { totals: _t, ...envelope } = summary;
    await answerWith('/summary', { ...envelope, previous_period: previous, current_period: totals });
    refresh(addOn);
    const tab = ourTab(addOn, 'summary').values;
    const labels = tab.slice(2).map((row) => row[0]);
    expect(labels).toContain('Previous period royalties');
    expect(labels).toContain('Current period royalties');
    expect(labels.join(' ')).not.toMatch(/Previou /);
    const formula = addOn.emulator.runCustomFunction('ROYALTIES_SUMMARY', ['', '', 'royalties']);
    expect(formula).toBe(totals.royalties);
    const tile = tiles(ourTab(addOn, 'dashboard')).get('Royalties')!;
    expect(tile[0]).toBe(totals.royalties);

    // Two figures and nothing to say which is this period's: the formula asks for one of them.
    await answerWith('/summary', { ...envelope, store_a: totals, store_b: previous });
    addOn.emulator.clock.advance(7 * 60 * 60 * 1000);
    expect(() => addOn.emulator.runCustomFunction('ROYALTIES_SUMMARY', ['', '', 'royalties'])).toThrow(
      '"royalties" matches store_a.royalties and store_b.royalties: give one of them.',
    );
    expect(addOn.emulator.runCustomFunction('ROYALTIES_SUMMARY', ['', '', 'store_b.royalties'])).toBe(
      previous.royalties,
    );
  });
});

describe('days as the keys of an object', () => {
  it('are dates in the Timeline tab, and the history merges them', async () => {
    chooseSettings(addOn, { tabs: ['timeline', 'history'] });
    const timeline = await apiGet(addOn, '/timeline');
    const points = timeline.points as Array<Record<string, unknown>>;
    const days = Object.fromEntries(points.map(({ date, ...rest }) => [`${String(date)}T00:00:00Z`, rest]));
    const { points: _p, ...envelope } = timeline;
    await answerWith('/timeline', { ...envelope, days });
    const result = refresh(addOn);
    const tab = ourTab(addOn, 'timeline').values;
    expect(tab[1]![0]).toBe('Date');
    expect(tab[1]).not.toContain('ID');
    const history = result.tabs.find((t) => t.tab === 'history')!;
    expect(history.error).toBeNull();
    expect(history.rows).toBeGreaterThanOrEqual(points.length);
  });

  it('a timeline with no day the history can read fails the history loudly, never 0 rows in silence', async () => {
    chooseSettings(addOn, { tabs: ['timeline', 'history'] });
    const timeline = await apiGet(addOn, '/timeline');
    const points = (timeline.points as Array<Record<string, unknown>>).map(({ date: _d, ...rest }, i) => ({
      week: `w${i}`,
      ...rest,
    }));
    await answerWith('/timeline', { ...timeline, points });
    const result = refresh(addOn);
    const history = result.tabs.find((t) => t.tab === 'history')!;
    expect(history.error).toMatch(/found no days in the timeline/);
  });
});

describe('a list of series cut short', () => {
  it('makes the Read-through tab say that series are missing, in red, though every series asked answered', async () => {
    chooseSettings(addOn, { tabs: ['series', 'read-through'] });
    const series = await apiGet(addOn, '/series');
    const list = series.series as unknown[];
    await answerWith('/series', { ...series, series: list.slice(0, 1), meta: { truncated: true } });
    const result = refresh(addOn);
    const tab = result.tabs.find((t) => t.tab === 'read-through')!;
    expect([tab.error, tab.truncated]).toEqual([null, true]);
    const readThrough = ourTab(addOn, 'read-through');
    const text = String(readThrough.values[0]![0]);
    expect(text.startsWith(TRUNCATION_WARNING)).toBe(true);
    expect(text).toContain('Some series are missing: their list was cut short.');
    expect(readThrough.backgrounds[0]?.[0]).toBe(BANNER_BACKGROUND.truncated);
  });
});
