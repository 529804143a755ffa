// The chart data from column Q, each block in its own columns with its header on row 2, and our charts
// floating from column J over those blocks. A chart's range is its block from the header to the last row,
// so more rows grow it and fewer shrink it.
import { runsOf } from '../history/merge';
import { PLAIN_FORMAT } from '../tabs/formats';
import { HEADER_ROWS } from '../tabs/layout';
import type { ChartSpec, DataBlock } from './charts';
import { type Area, formatOf, type Grid, GridBuilder } from './grid';

const CHART_COLUMN = 10;
export const DATA_COLUMN = 17;
/** Rows between the tops of two charts of ours, and their size in pixels. */
const CHART_STEP_ROWS = 20;
export const CHART_WIDTH = 600;
export const CHART_HEIGHT = 380;

export interface PlacedChart {
  readonly spec: ChartSpec;
  readonly ranges: readonly Area[];
  /** Where a new chart is put; a chart the author moved stays where they left it. */
  readonly anchor: { readonly row: number; readonly column: number };
}

export interface PlacedBlock {
  readonly block: DataBlock;
  readonly area: Area;
}

/** The chart data band (from column DATA_COLUMN, row 1) and where each block landed, one blank column apart. */
export function layChartData(
  blocks: readonly DataBlock[],
  currency: string | null,
): { data: Grid; placed: PlacedBlock[] } {
  const width = blocks.reduce((w, b) => w + b.headers.length + 1, 0) - 1;
  const data = new GridBuilder(Math.max(1, width));
  data.put(
    1,
    1,
    'Chart data: the charts read these cells, and every refresh rewrites them.',
    PLAIN_FORMAT,
    true,
  );
  const placed: PlacedBlock[] = [];
  let column = 1;
  for (const block of blocks) {
    block.headers.forEach((h, c) => {
      data.put(2, column + c, h, PLAIN_FORMAT, true);
    });
    block.rows.forEach((row, r) => {
      row.forEach((value, c) => {
        data.put(3 + r, column + c, value, formatOf(block.kinds[c]!, currency));
      });
    });
    placed.push({
      block,
      area: {
        row: 2,
        column: DATA_COLUMN + column - 1,
        rows: 1 + block.rows.length,
        columns: block.headers.length,
      },
    });
    column += block.headers.length + 1;
  }
  return { data, placed };
}

/** Each chart over its block's columns, one below the other from column CHART_COLUMN. */
export function placeCharts(charts: readonly ChartSpec[], placed: readonly PlacedBlock[]): PlacedChart[] {
  return charts.map((spec, i): PlacedChart => {
    const { block, area } = placed.find((p) => p.block.key === spec.block)!;
    const columns = spec.columns ?? block.headers.map((_, c) => c);
    return {
      spec,
      // Columns as runs of neighbours: [0, 1, 2] is one range, [0, 3] two.
      ranges: runsOf(columns).map(({ first, count }) => ({
        row: area.row,
        column: area.column + first,
        rows: area.rows,
        columns: count,
      })),
      // Below the frozen header rows: a chart anchored inside them would stay pinned as the sheet scrolls.
      anchor: { row: HEADER_ROWS + 1 + i * CHART_STEP_ROWS, column: CHART_COLUMN },
    };
  });
}
