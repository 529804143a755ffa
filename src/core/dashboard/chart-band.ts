// The chart data from column Q, each block in its own columns with its header on row 2, and our charts
// floating from column J over those blocks. A chart's range is its block from the header to the last row,
// so more rows grow it and fewer shrink it.
import { runsOf } from '../history/merge';
import { HEADER_ROWS } from '../tabs/layout';
import { CHARTS, type ChartSpec, type DataBlock } from './charts';
import { type Area, type Grid, GridBuilder, text } from './grid';

const CHART_COLUMN = 10;
export const DATA_COLUMN = 17;
/** Rows between the tops of two charts of ours, and their size in pixels. */
const CHART_STEP_ROWS = 20;
export const CHART_WIDTH = 600;
export const CHART_HEIGHT = 380;

export interface PlacedChart {
  readonly spec: ChartSpec;
  readonly ranges: readonly Area[];
  /** Where a new chart is put, and its size in pixels; a chart the author moved or resized stays so. */
  readonly anchor: { readonly row: number; readonly column: number };
  readonly size: { readonly width: number; readonly height: number };
  /** The chart data band's first column: a chart of ours reads nothing left of it. */
  readonly dataFrom: number;
}

export interface PlacedBlock {
  readonly block: DataBlock;
  readonly area: Area;
}

/** The right-hand band of the dashboard: its chart data and our charts over it. */
export interface ChartBand {
  /** From column DATA_COLUMN, row 1. */
  readonly data: Grid;
  readonly blocks: readonly PlacedBlock[];
  readonly charts: readonly PlacedChart[];
}

/** The chart data band (from column DATA_COLUMN, row 1), where each block landed, one blank column apart,
 * and each chart over its block's columns, one below the other from column CHART_COLUMN: the monthly one once
 * the ledger holds two months. */
export function chartBand(blocks: readonly DataBlock[]): ChartBand {
  const data = new GridBuilder(blocks.reduce((w, b) => w + b.headers.length + 1, 0) - 1);
  data.put(1, 1, text('Chart data: every refresh rewrites these cells.'), true);
  let column = 1;
  const placed = blocks.map((block): PlacedBlock => {
    const { headers, formats, rows } = block;
    data.block(
      2,
      column,
      headers,
      rows.map((row) => row.map((value, c) => ({ value, format: formats[c]! }))),
    );
    const area = { row: 2, column: DATA_COLUMN + column - 1, rows: 1 + rows.length, columns: headers.length };
    column += headers.length + 1;
    return { block, area };
  });
  const blockOf = (key: ChartSpec['block']) => placed.find((p) => p.block.key === key)!;
  const charts = CHARTS.filter((c) => c.block !== 'monthly' || blockOf('monthly').block.rows.length >= 2).map(
    (spec, i): PlacedChart => {
      const { block, area } = blockOf(spec.block);
      const columns = spec.columns ?? block.headers.map((_, c) => c);
      return {
        spec,
        // Columns as runs of neighbours: [0, 1, 2] is one range, [0, 3] two.
        ranges: runsOf(columns).map(({ first, count }) => ({
          ...area,
          column: area.column + first,
          columns: count,
        })),
        // Below the frozen header rows: a chart anchored inside them would stay pinned as the sheet scrolls.
        anchor: { row: HEADER_ROWS + 1 + i * CHART_STEP_ROWS, column: CHART_COLUMN },
        size: { width: CHART_WIDTH, height: CHART_HEIGHT },
        dataFrom: DATA_COLUMN,
      };
    },
  );
  return { data, blocks: placed, charts };
}
