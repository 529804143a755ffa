// Our charts on the dashboard tab. An embedded chart cannot carry developer metadata (Apps Script's
// EmbeddedChart has no such method), so the mark is the chart's id (EmbeddedChart.getChartId: "a stable
// identifier … unique across the spreadsheet"), kept by chart name in the dashboard tab's own developer
// metadata. A chart of ours found by its id gets its new ranges through modify() and updateChart, and keeps
// its position, size, title and colours as the author left them; any other chart is the author's and is
// never touched. A chart of ours the author deleted is drawn again; one no longer drawn is removed.
import type { Area, PlacedChart } from '../../core/dashboard';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Builder = GoogleAppsScript.Spreadsheet.EmbeddedChartBuilder;
type Chart = GoogleAppsScript.Spreadsheet.EmbeddedChart;

/** The builder's method for each kind of chart. */
const AS_KIND = { line: 'asLineChart', bar: 'asBarChart', column: 'asColumnChart' } as const;

export function rangeOf(sheet: Sheet, area: Area): GoogleAppsScript.Spreadsheet.Range {
  return sheet.getRange(area.row, area.column, area.rows, area.columns);
}

/** The charts on the sheet now, by id: a chart on a sheet has one (getChartId is null only for a chart not
 * in a spreadsheet). */
function chartsById(sheet: Sheet): Map<number, Chart> {
  return new Map(sheet.getCharts().map((c) => [c.getChartId()!, c]));
}

/**
 * Charts on the sheet not known as ours but drawn with one of our titles from the chart data band only: one
 * we inserted whose id was never saved (the refresh failed after drawing it). Adopted, each once, rather
 * than drawn a second time and left as the author's. Whether Sheets gives a chart's ranges back as they were
 * added (order, a multi-column range kept whole) is undocumented, so only where they lie is compared, never
 * their notation. Read only when a chart is about to be inserted.
 */
function orphansOf(
  sheet: Sheet,
  byId: ReadonlyMap<number, Chart>,
  known: Readonly<Record<string, number>>,
): (chart: PlacedChart) => Chart | undefined {
  const ours = new Set(Object.values(known));
  let unknown: { chart: Chart; title: unknown }[] | null = null;
  const inDataBand = (c: Chart, from: number): boolean => {
    const ranges = c.getRanges();
    return (
      ranges.length > 0 &&
      ranges.every((r) => r.getSheet().getSheetId() === sheet.getSheetId() && r.getColumn() >= from)
    );
  };
  return (chart) => {
    unknown ??= [...byId]
      .filter(([id]) => !ours.has(id))
      .map(([, c]) => ({ chart: c, title: c.getOptions().get('title') }));
    const at = unknown.findIndex((u) => u.title === chart.spec.title && inDataBand(u.chart, chart.dataFrom));
    return at < 0 ? undefined : unknown.splice(at, 1)[0]!.chart;
  };
}

/** A new chart of ours where the layout puts it, with its title and size. */
function newChart(sheet: Sheet, chart: PlacedChart): Builder {
  const { title, kind } = chart.spec;
  return sheet
    .newChart()
    [AS_KIND[kind]]()
    .setPosition(chart.anchor.row, chart.anchor.column, 0, 0)
    .setNumHeaders(1)
    .setOption('title', title)
    .setOption('width', chart.size.width)
    .setOption('height', chart.size.height);
}

/** Updates or inserts every chart; returns chart ids by chart name for the next refresh. */
export function syncCharts(
  sheet: Sheet,
  charts: readonly PlacedChart[],
  known: Readonly<Record<string, number>>,
): Record<string, number> {
  const byId = chartsById(sheet);
  const ids: Record<string, number> = {};
  // A chart of ours no longer drawn (the monthly one when the ledger holds fewer than two months in the
  // report's currency) is removed: kept, it would show stale ranges and be drawn twice when it returns.
  for (const [key, id] of Object.entries(known)) {
    const gone = byId.get(id);
    if (gone && !charts.some((c) => c.spec.key === key)) sheet.removeChart(gone);
  }
  const orphans = orphansOf(sheet, byId, known);
  const seen = new Set(byId.keys());
  for (const chart of charts) {
    const { key } = chart.spec;
    // A damaged state's id that is not a number finds no chart.
    const existing = byId.get(known[key] as number) ?? orphans(chart);
    const builder = existing ? existing.modify().clearRanges() : newChart(sheet, chart);
    const built = chart.ranges.reduce((b, area) => b.addRange(rangeOf(sheet, area)), builder).build();
    if (existing) {
      sheet.updateChart(built);
      ids[key] = existing.getChartId()!;
      continue;
    }
    sheet.insertChart(built);
    // A built chart has no id until it is on the sheet: its id is the one that was not there before.
    const fresh = [...chartsById(sheet).keys()].filter((n) => !seen.has(n));
    for (const n of fresh) seen.add(n);
    if (fresh.length === 1) ids[key] = fresh[0]!;
  }
  return ids;
}
