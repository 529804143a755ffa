// Our charts on the dashboard tab, as core/flows/dashboard-charts.ts decides them: this file reads Sheets'
// charts into ids, titles and places, and builds a chart from its layout. An embedded chart cannot carry
// developer metadata (Apps Script's EmbeddedChart has no such method), so the mark is the chart's id
// (EmbeddedChart.getChartId: "a stable identifier … unique across the spreadsheet"), kept by chart name in
// the dashboard tab's own developer metadata. A chart found again gets its new ranges through modify() and
// updateChart, and keeps its position, size, title and colours as the author left them.
import type { Area, PlacedChart } from '../../core/dashboard';
import { type DashboardChartsPort, syncDashboardCharts } from '../../core/flows/dashboard-charts';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Builder = GoogleAppsScript.Spreadsheet.EmbeddedChartBuilder;
type Chart = GoogleAppsScript.Spreadsheet.EmbeddedChart;

/** The builder's method for each kind of chart. */
const AS_KIND = { line: 'asLineChart', bar: 'asBarChart', column: 'asColumnChart' } as const;

export function rangeOf(sheet: Sheet, area: Area): GoogleAppsScript.Spreadsheet.Range {
  return sheet.getRange(area.row, area.column, area.rows, area.columns);
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

const chartsPort: DashboardChartsPort<Sheet, Chart> = {
  charts: (sheet) => sheet.getCharts(),
  // getChartId is null only for a chart not in a spreadsheet.
  id: (chart) => chart.getChartId()!,
  title: (chart) => chart.getOptions().get('title'),
  ranges: (sheet, chart) =>
    chart.getRanges().map((r) => ({
      onSheet: () => r.getSheet().getSheetId() === sheet.getSheetId(),
      column: () => r.getColumn(),
    })),
  remove: (sheet, chart) => sheet.removeChart(chart),
  draw(sheet, chart, existing) {
    const builder = existing ? existing.modify().clearRanges() : newChart(sheet, chart);
    const built = chart.ranges.reduce((b, area) => b.addRange(rangeOf(sheet, area)), builder).build();
    if (existing) sheet.updateChart(built);
    else sheet.insertChart(built);
  },
};

/** Updates or inserts every chart; returns chart ids by chart name for the next refresh. */
export function syncCharts(
  sheet: Sheet,
  charts: readonly PlacedChart[],
  known: Readonly<Record<string, number>>,
): Record<string, number> {
  return syncDashboardCharts(chartsPort, sheet, charts, known);
}
