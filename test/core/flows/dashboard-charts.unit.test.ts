// Drawing our dashboard charts over a fake sheet of charts, every call recorded: ours found by their saved
// ids and redrawn in place, the author's never touched, a chart of ours no longer drawn removed, one deleted
// drawn again, and one whose id was never saved adopted only when it has our title and reads the chart data
// band alone.
import { describe, expect, it } from 'vitest';
import type { PlacedChart } from '../../../src/core/dashboard/index.ts';
import { type DashboardChartsPort, syncDashboardCharts } from '../../../src/core/flows/dashboard-charts.ts';
import { dashboardLayout } from '../../support/dashboard-fixtures.ts';

const SHEET = 'dashboard';

interface FakeChart {
  readonly id: number;
  readonly title: string;
  ranges: { readonly sheet: string; readonly column: number }[];
}

/** The dashboard's charts in memory; a new chart gets the next id from 900. */
function fakeCharts(charts: FakeChart[]) {
  const calls: string[] = [];
  let next = 900;
  const rangesOf = (chart: PlacedChart) => chart.ranges.map((a) => ({ sheet: SHEET, column: a.column }));
  const port: DashboardChartsPort<string, FakeChart> = {
    charts: () => {
      calls.push('charts');
      return [...charts];
    },
    id: (c) => {
      calls.push(`id ${c.id}`);
      return c.id;
    },
    title: (c) => {
      calls.push(`title ${c.id}`);
      return c.title;
    },
    ranges: (sheet, c) => {
      calls.push(`ranges ${c.id}`);
      return c.ranges.map((r) => ({ onSheet: () => r.sheet === sheet, column: () => r.column }));
    },
    remove: (_, c) => {
      calls.push(`remove ${c.id}`);
      charts.splice(charts.indexOf(c), 1);
    },
    draw: (_, chart, existing) => {
      if (existing) {
        calls.push(`update ${existing.id}`);
        existing.ranges = rangesOf(chart);
        return;
      }
      const id = next++;
      calls.push(`insert ${id}`);
      charts.push({ id, title: chart.spec.title, ranges: rangesOf(chart) });
    },
  };
  return { port, calls, charts };
}

const placed = dashboardLayout().charts;
const [first, second] = placed;
const dataFrom = first!.dataFrom;
/** A chart as a refresh of ours left it, with the id given. */
const ours = (chart: PlacedChart, id: number): FakeChart => ({
  id,
  title: chart.spec.title,
  ranges: chart.ranges.map((a) => ({ sheet: SHEET, column: a.column })),
});
const idsOf = (ids: readonly number[]) => Object.fromEntries(placed.map((c, i) => [c.spec.key, ids[i]!]));
const authors: FakeChart = { id: 7, title: 'My marketplaces', ranges: [{ sheet: SHEET, column: 2 }] };

describe('syncDashboardCharts', () => {
  it('inserts every chart on a first refresh and keeps the id each one got', () => {
    const fake = fakeCharts([{ ...authors }]);
    const ids = syncDashboardCharts(fake.port, SHEET, placed, {});
    expect(placed.length).toBeGreaterThan(1);
    expect(ids).toEqual(idsOf(placed.map((_, i) => 900 + i)));
    // Nothing of ours to adopt: the author's chart is read once for its title, never its ranges.
    expect(fake.calls.slice(0, 5)).toEqual(['charts', 'id 7', 'title 7', 'insert 900', 'charts']);
    expect(fake.charts[0]).toEqual(authors);
  });

  it('redraws ours in place on a steady refresh, reading no title or range, the author’s chart untouched', () => {
    const known = idsOf(placed.map((_, i) => 10 + i));
    const fake = fakeCharts([{ ...authors }, ...placed.map((c, i) => ours(c, 10 + i))]);
    expect(syncDashboardCharts(fake.port, SHEET, placed, known)).toEqual(known);
    expect(fake.calls).toEqual([
      'charts',
      'id 7',
      ...placed.map((_, i) => `id ${10 + i}`),
      ...placed.flatMap((_, i) => [`update ${10 + i}`, `id ${10 + i}`]),
    ]);
  });

  it('removes a chart of ours it no longer draws, and draws again one the author deleted', () => {
    const fake = fakeCharts([{ ...authors }, ours(second!, 11), ours(first!, 10)]);
    const known = { [first!.spec.key]: 10, [second!.spec.key]: 11, gone: 12 };
    const ids = syncDashboardCharts(fake.port, SHEET, [first!], known);
    expect(ids).toEqual({ [first!.spec.key]: 10 });
    expect(fake.calls).toContain('remove 11');
    expect(fake.charts.map((c) => c.id)).toEqual([7, 10]);

    fake.charts.splice(1, 1); // the author deletes ours
    expect(syncDashboardCharts(fake.port, SHEET, [first!], ids)).toEqual({ [first!.spec.key]: 900 });
    expect(fake.charts.map((c) => c.id)).toEqual([7, 900]);
  });

  it('adopts a chart of ours whose id was never saved, once, and only from the chart data band', () => {
    const lost = ours(first!, 20);
    const lookalikes: FakeChart[] = [
      { id: 21, title: first!.spec.title, ranges: [{ sheet: SHEET, column: dataFrom - 1 }] },
      { id: 22, title: first!.spec.title, ranges: [{ sheet: 'elsewhere', column: dataFrom }] },
      { id: 23, title: first!.spec.title, ranges: [] },
      { ...ours(second!, 24), title: 'Not one of our titles' },
    ];
    const fake = fakeCharts([...lookalikes, lost]);
    const ids = syncDashboardCharts(fake.port, SHEET, [first!, second!], {});
    expect(ids).toEqual({ [first!.spec.key]: 20, [second!.spec.key]: 900 });
    expect(fake.calls).toContain('update 20');
    expect(fake.calls.filter((c) => c.startsWith('update'))).toEqual(['update 20']);
    expect(fake.charts.map((c) => c.id)).toEqual([21, 22, 23, 24, 20, 900]);
  });

  it('adopts each lost chart once, even for two charts of ours under one title', () => {
    const twin: PlacedChart = { ...first!, spec: { ...first!.spec, key: 'twin' } };
    const fake = fakeCharts([ours(first!, 40), ours(first!, 41)]);
    const ids = syncDashboardCharts(fake.port, SHEET, [first!, twin], {});
    expect(ids).toEqual({ [first!.spec.key]: 40, twin: 41 });
  });

  it('never adopts a chart already known as another of ours', () => {
    const fake = fakeCharts([{ ...ours(first!, 30), title: second!.spec.title }]);
    const ids = syncDashboardCharts(fake.port, SHEET, [first!, second!], { [first!.spec.key]: 30 });
    expect(ids).toEqual({ [first!.spec.key]: 30, [second!.spec.key]: 900 });
  });

  it('saves no id it cannot tell: a damaged id finds no chart, two new charts at once name neither', () => {
    const fake = fakeCharts([]);
    // Another chart appears as ours is inserted (the author's, say, in the same instant).
    const port: typeof fake.port = {
      ...fake.port,
      draw: (sheet, chart, existing) => {
        fake.port.draw(sheet, chart, existing);
        fake.charts.push({ ...authors });
      },
    };
    const damaged = { [first!.spec.key]: 'ten' as unknown as number };
    expect(syncDashboardCharts(port, SHEET, [first!], damaged)).toEqual({});
    expect(fake.calls).toEqual(['charts', 'insert 900', 'charts', 'id 900', 'id 7']);
  });
});
