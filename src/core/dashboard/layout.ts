// Where everything sits on the dashboard tab. Three bands side by side, so one band growing never moves
// another: the tiles and tables in columns A–H, our charts floating from column J, and the chart data from
// column Q (chart-band.ts). A chart's range is its block from the header to the last row, so the author's
// own cells outside the bands are never in a range of ours. (README "Royalties dashboard" explains the choice.)
import type { BookEconomics } from './books';
import { layChartData, type PlacedBlock, type PlacedChart, placeCharts } from './chart-band';
import type { ChartSpec, DataBlock } from './charts';
import { type ColourRule, colourRules, RISE_IS_BAD, type RuleArea } from './colours';
import { economicsTables } from './economics-tables';
import { type Grid, GridBuilder } from './grid';
import type { SeriesEconomics } from './series';
import { layTiles, TILE_CHANGE_ROW, TILE_VALUE_ROW, tileColumn } from './tile-cells';
import type { Tile } from './tiles';
import { type WhatIf, whatIfTable } from './what-if';

export const LEFT_WIDTH = 8;

/** Row 6, between the tiles and the tables: where the charts are. The workbook `npm start` writes, which
 * cannot carry charts, says instead where it drew them (local/cli). */
export const CHARTS_NOTE_ROW = 6;
const CHARTS_NOTE =
  'Charts: to the right of these tables, from column J; the figures they draw are in the chart data from column Q.';

export interface DashboardLayout {
  /** Columns A–H from row 1 (banner text in A1). */
  readonly left: Grid;
  readonly whatIf: WhatIf;
  /** Conditional colour rules over the left band: kept by the writer, never duplicated. */
  readonly colours: readonly ColourRule[];
  /** From column DATA_COLUMN, row 1. */
  readonly data: Grid;
  readonly blocks: readonly PlacedBlock[];
  readonly charts: readonly PlacedChart[];
  readonly currency: string | null;
}

function leftGrid(
  bannerText: string,
  tileList: readonly Tile[],
  series: readonly SeriesEconomics[],
  books: readonly BookEconomics[],
  currency: string | null,
): { grid: Grid; whatIf: WhatIf; colours: ColourRule[] } {
  const grid = new GridBuilder(LEFT_WIDTH);
  grid.put(1, 1, bannerText);
  layTiles(grid, tileList, currency);
  grid.put(CHARTS_NOTE_ROW, 1, CHARTS_NOTE);
  const planned = whatIfTable(grid, tileList, books, currency);
  const tops = economicsTables(grid, planned.row, series, books, currency);
  // Data rows of a table titled at `top`, in its 1-based columns `from`..`from + width - 1`.
  const area = (top: number, count: number, from: number, width = 1): RuleArea => ({
    row: top + 2,
    column: from,
    rows: count,
    columns: width,
  });
  const tileAt = (measure: Tile['measure']) => tileList.findIndex((t) => t.measure === measure);
  // One cell of the tile at index `i`.
  const tileCell = (row: number, i: number): RuleArea => ({
    row,
    column: tileColumn(i),
    rows: 1,
    columns: 1,
  });
  const changeCells = (bad: boolean): RuleArea[] =>
    tileList
      .map((t, i) => ({ t, i }))
      .filter(({ t }) => RISE_IS_BAD.has(t.measure) === bad)
      .map(({ i }) => tileCell(TILE_CHANGE_ROW, i));
  const bookRows = series.reduce((n, s) => n + s.books.length, 0);
  const netProfitTile = tileAt('net_profit');
  const colours = colourRules({
    netProfit: [
      ...(netProfitTile >= 0 ? [tileCell(TILE_VALUE_ROW, netProfitTile)] : []),
      area(tops.books, books.length, 5),
    ],
    tacos: [area(tops.books, books.length, 6)],
    readThrough: [area(tops.series, series.length, 3), area(tops.byBook, bookRows, 5, 2)],
    changeUpGood: changeCells(false),
    changeUpBad: changeCells(true),
  });
  return { grid, whatIf: planned.whatIf, colours };
}

export function layDashboard(input: {
  readonly bannerText: string;
  readonly tiles: readonly Tile[];
  readonly series: readonly SeriesEconomics[];
  readonly books: readonly BookEconomics[];
  readonly blocks: readonly DataBlock[];
  readonly charts: readonly ChartSpec[];
  readonly currency: string | null;
}): DashboardLayout {
  const { currency } = input;
  const {
    grid: left,
    whatIf,
    colours,
  } = leftGrid(input.bannerText, input.tiles, input.series, input.books, currency);
  const { data, placed } = layChartData(input.blocks, currency);
  const charts = placeCharts(input.charts, placed);
  return { left, whatIf, colours, data, blocks: placed, charts, currency };
}
