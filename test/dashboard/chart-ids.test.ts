// Our dashboard charts found by what is new, not by their ranges: whether Sheets gives a chart's ranges back
// as they were added is undocumented (the emulator's chartRangesAsAdded switch), so under both readings two
// refreshes leave one chart per kind, the author's moved chart stays where it was put, a chart whose id was
// lost is adopted rather than drawn again, and the first chart sits below the frozen rows.
import { afterEach, describe, expect, it } from 'vitest';
import { DASHBOARD_KEY } from '../../src/core/dashboard/index.ts';
import { TAB_CHOICES } from '../../src/core/tab-ids.ts';
import { type AddOn, startAddOn } from '../support/addon.ts';
import { chooseSettings, refresh } from '../tabs/support.ts';
import { chartByTitle, charts, dashboardSheet } from './support.ts';

const NO_HISTORY = TAB_CHOICES.filter((t) => t !== 'history');
const TITLES = [
  'KENP pages read by day',
  'Net profit by book (top 10, the rest summed)',
  'Readers of each book, per series',
  'Royalties and ad spend by day',
  'Royalties by marketplace',
];

let addOn: AddOn | undefined;
afterEach(async () => {
  await addOn?.close();
  addOn = undefined;
});

async function start(asAdded: boolean): Promise<AddOn> {
  addOn = await startAddOn({ emulator: { chartRangesAsAdded: asAdded } });
  addOn.saveApiKeyFor();
  chooseSettings(addOn, { tabs: NO_HISTORY });
  return addOn;
}

const titles = (a: AddOn) =>
  charts(a)
    .map((c) => String(c.getOptions().get('title')))
    .sort();
const storedIds = (a: AddOn): Record<string, number> => {
  const metadata = dashboardSheet(a)
    .getDeveloperMetadata()
    .find((m) => m.getKey() === DASHBOARD_KEY);
  return (JSON.parse(metadata?.getValue() ?? '{}') as { charts?: Record<string, number> }).charts ?? {};
};

describe.each([
  ['normalised (split per column, another order: the default)', false],
  ['as added', true],
])('dashboard charts when getRanges() gives the ranges back %s', (_, asAdded) => {
  it('two refreshes leave exactly one chart per kind, each id stored, the moved chart where it was put', async () => {
    const a = await start(asAdded);
    expect(refresh(a).tabs.find((t) => t.tab === 'dashboard')?.error).toBeNull();
    expect(titles(a)).toEqual(TITLES);
    expect(Object.keys(storedIds(a))).toHaveLength(TITLES.length);
    const sheet = dashboardSheet(a);
    const daily = chartByTitle(a, 'Royalties and ad spend by day');
    sheet.updateChart(daily.modify().setPosition(40, 3, 0, 0).build());

    refresh(a);
    expect(titles(a)).toEqual(TITLES);
    const moved = chartByTitle(a, 'Royalties and ad spend by day');
    expect(moved.getChartId()).toBe(daily.getChartId());
    expect([moved.getContainerInfo().getAnchorRow(), moved.getContainerInfo().getAnchorColumn()]).toEqual([
      40, 3,
    ]);
  });

  it('adopts a chart of ours whose id was lost instead of drawing it again', async () => {
    const a = await start(asAdded);
    refresh(a);
    const metadata = dashboardSheet(a)
      .getDeveloperMetadata()
      .find((m) => m.getKey() === DASHBOARD_KEY)!;
    metadata.setValue(JSON.stringify({ ...JSON.parse(metadata.getValue() ?? '{}'), charts: {} }));
    const before = charts(a)
      .map((c) => c.getChartId())
      .sort();

    refresh(a);
    expect(titles(a)).toEqual(TITLES);
    expect(
      charts(a)
        .map((c) => c.getChartId())
        .sort(),
    ).toEqual(before);
    expect(Object.values(storedIds(a)).sort()).toEqual(before);
  });

  it('puts the first chart below the frozen rows', async () => {
    const a = await start(asAdded);
    refresh(a);
    const sheet = dashboardSheet(a);
    const rows = charts(a).map((c) => c.getContainerInfo().getAnchorRow());
    expect(sheet.getFrozenRows()).toBeGreaterThan(0);
    expect(Math.min(...rows)).toBe(sheet.getFrozenRows() + 1);
  });
});
