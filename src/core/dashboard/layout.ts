// Where everything sits on the dashboard tab. Three bands side by side, so one band growing never moves
// another: the tiles and tables in columns A–H, our charts floating from column J, and the chart data from
// column Q (chart-band.ts). A chart's range is its block from the header to the last row, so the author's
// own cells outside the bands are never in a range of ours. (docs/guide/dashboard.md explains the choice.)
import type { Alert } from '../alerts';
import type { Measure } from '../figures';
import type { BookEconomics } from './books';
import type { ChartBand } from './chart-band';
import { type ColourRule, colourRules, RISE_IS_BAD } from './colours';
import { economicsTables } from './economics-tables';
import { type Area, type Grid, GridBuilder, text } from './grid';
import type { SeriesEconomics } from './series';
import { layTiles, TILE_CHANGE_ROW, TILE_VALUE_ROW, tileColumn } from './tile-cells';
import type { Tile } from './tiles';
import { type WhatIf, whatIfTable } from './what-if';

export const LEFT_WIDTH = 8;

/** Row 6, between the tiles and the tables: where the charts are. The workbook `npm start` writes, which
 * cannot carry charts, says instead where it drew them (local/cli). */
export const CHARTS_NOTE_ROW = 6;
const CHARTS_NOTE = 'Charts: from column J, drawn from the chart data in column Q.';

export interface DashboardLayout extends ChartBand {
  /** Columns A–H from row 1 (banner text in A1). */
  readonly left: Grid;
  readonly whatIf: WhatIf;
  /** Conditional colour rules over the left band: kept by the writer, never duplicated. */
  readonly colours: readonly ColourRule[];
}

/** The tiles and tables band, its what-if rate and its colour rules. */
export function layLeft(
  bannerText: string,
  tiles: readonly Tile[],
  series: readonly SeriesEconomics[],
  books: readonly BookEconomics[],
  currency: string | null,
  alerts: readonly Alert[] = [],
): Pick<DashboardLayout, 'left' | 'whatIf' | 'colours'> {
  const grid = new GridBuilder(LEFT_WIDTH);
  grid.put(1, 1, text(bannerText));
  layTiles(grid, tiles, currency);
  grid.put(CHARTS_NOTE_ROW, 1, text(CHARTS_NOTE));
  const whatIf = whatIfTable(grid, tiles, books, currency);
  const [seriesAt, byBookAt, booksAt] = economicsTables(grid, series, books, currency, alerts);
  const area = (row: number, column: number, rows = 1, columns = 1): Area => ({
    row,
    column,
    rows,
    columns,
  });
  // The tiles' cells in `row` whose measure passes `which`.
  const tileCells = (row: number, which: (measure: Measure) => boolean): Area[] =>
    tiles.flatMap((t, i) => (which(t.measure) ? [area(row, tileColumn(i))] : []));
  // The areas of net profit, TACoS, read-through, then the change tiles where a rise is good and where it is bad.
  const colours = colourRules(
    [...tileCells(TILE_VALUE_ROW, (m) => m === 'net_profit'), area(booksAt, 5, books.length)],
    [area(booksAt, 6, books.length)],
    [
      area(seriesAt, 3, series.length),
      area(
        byBookAt,
        5,
        series.reduce((n, s) => n + s.books.length, 0),
        2,
      ),
    ],
    tileCells(TILE_CHANGE_ROW, (m) => !RISE_IS_BAD.has(m)),
    tileCells(TILE_CHANGE_ROW, (m) => RISE_IS_BAD.has(m)),
  );
  return { left: grid, whatIf, colours };
}
