// Our charts on the dashboard tab, over a port on the sheet's charts (platform/sheets/dashboard-charts.ts
// builds it). A chart of ours is known by the id saved under its name; one found so gets its new ranges and
// keeps whatever the author changed; any other chart is the author's and is never touched. A chart of ours
// no longer drawn is removed; one the author deleted is drawn again; one drawn by a refresh that failed
// before saving its id is adopted, not drawn twice.
import type { PlacedChart } from '../dashboard';

/** Where one of a chart's ranges lies, each read only when asked. */
export interface ChartRangePlace {
  /** Whether the range is on the dashboard sheet itself. */
  onSheet(): boolean;
  /** Its first column (1-based). */
  column(): number;
}

/** What drawing our charts asks of a sheet `S` and its charts `C`. */
export interface DashboardChartsPort<S, C> {
  /** The charts on the sheet now. */
  charts(sheet: S): readonly C[];
  /** A chart's id: stable, and unique in the spreadsheet. */
  id(chart: C): number;
  /** A chart's title, as read back. */
  title(chart: C): unknown;
  ranges(sheet: S, chart: C): readonly ChartRangePlace[];
  remove(sheet: S, chart: C): void;
  /** `chart` drawn over its ranges: into `existing`, which keeps its place, size and look; or inserted new
   * where the layout puts it. */
  draw(sheet: S, chart: PlacedChart, existing: C | undefined): void;
}

function byId<S, C>(port: DashboardChartsPort<S, C>, sheet: S): Map<number, C> {
  return new Map(port.charts(sheet).map((c) => [port.id(c), c]));
}

/**
 * Charts on the sheet not known as ours but drawn with one of our titles from the chart data band only: one
 * we inserted whose id was never saved. Adopted, each once. Whether Sheets gives a chart's ranges back as
 * they were added (order, a multi-column range kept whole) is undocumented, so only where they lie is
 * compared, never their notation. Read only when a chart is about to be inserted.
 */
function orphansOf<S, C>(
  port: DashboardChartsPort<S, C>,
  sheet: S,
  found: ReadonlyMap<number, C>,
  known: Readonly<Record<string, number>>,
): (chart: PlacedChart) => C | undefined {
  const ours = new Set(Object.values(known));
  let unknown: { chart: C; title: unknown }[] | null = null;
  const inDataBand = (c: C, from: number): boolean => {
    const ranges = port.ranges(sheet, c);
    return ranges.length > 0 && ranges.every((r) => r.onSheet() && r.column() >= from);
  };
  return (chart) => {
    unknown ??= [...found]
      .filter(([id]) => !ours.has(id))
      .map(([, c]) => ({ chart: c, title: port.title(c) }));
    const at = unknown.findIndex((u) => u.title === chart.spec.title && inDataBand(u.chart, chart.dataFrom));
    return at < 0 ? undefined : unknown.splice(at, 1)[0]!.chart;
  };
}

/** Updates or inserts every chart of ours (`known`: ids by chart name, as last saved); returns their ids by
 * chart name now, for the next refresh. */
export function syncDashboardCharts<S, C>(
  port: DashboardChartsPort<S, C>,
  sheet: S,
  charts: readonly PlacedChart[],
  known: Readonly<Record<string, number>>,
): Record<string, number> {
  const found = byId(port, sheet);
  const ids: Record<string, number> = {};
  // A chart of ours no longer drawn (the monthly one when the ledger holds fewer than two months in the
  // report's currency) is removed: kept, it would show stale ranges and be drawn twice when it returns.
  for (const [key, id] of Object.entries(known)) {
    const gone = found.get(id);
    if (gone && !charts.some((c) => c.spec.key === key)) port.remove(sheet, gone);
  }
  const orphans = orphansOf(port, sheet, found, known);
  const seen = new Set(found.keys());
  for (const chart of charts) {
    const { key } = chart.spec;
    // A damaged state's id that is not a number finds no chart.
    const existing = found.get(known[key] as number) ?? orphans(chart);
    port.draw(sheet, chart, existing);
    if (existing) {
      ids[key] = port.id(existing);
      continue;
    }
    // A chart has no id until it is on the sheet: its id is the one that was not there before.
    const fresh = [...byId(port, sheet).keys()].filter((n) => !seen.has(n));
    for (const n of fresh) seen.add(n);
    if (fresh.length === 1) ids[key] = fresh[0]!;
  }
  return ids;
}
