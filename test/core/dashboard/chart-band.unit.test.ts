// The chart data band and our charts over it, from plain blocks: where each block lands, which charts are
// drawn and where, and each chart's ranges as runs of neighbouring columns.
import { describe, expect, it } from 'vitest';
import { CHART_HEIGHT, CHART_WIDTH, chartBand, DATA_COLUMN } from '../../../src/core/dashboard/chart-band.ts';
import { HEADER_ROWS } from '../../../src/core/tabs/layout.ts';
import { dataBlocks } from '../../support/dashboard-fixtures.ts';

describe('chartBand', () => {
  it('puts each block one blank column after the last, its header on row 2', () => {
    const band = chartBand(dataBlocks());
    expect(band.blocks.map((b) => [b.block.key, b.area])).toEqual([
      ['daily', { row: 2, column: DATA_COLUMN, rows: 4, columns: 4 }],
      ['monthly', { row: 2, column: DATA_COLUMN + 5, rows: 3, columns: 3 }],
      ['marketplaces', { row: 2, column: DATA_COLUMN + 9, rows: 3, columns: 2 }],
      ['profit', { row: 2, column: DATA_COLUMN + 12, rows: 5, columns: 2 }],
      ['readers', { row: 2, column: DATA_COLUMN + 15, rows: 2, columns: 2 }],
    ]);
    // The band's own grid: its note in row 1, the first block's header and rows below it.
    expect(band.data.values[0]![0]).toMatch(/^Chart data/);
    expect(band.data.values[1]!.slice(0, 4)).toEqual(['Day', 'Royalties', 'Ad spend', 'KENP']);
    expect(band.data.values[2]!.slice(0, 4)).toEqual([0, 1, 2, 3]);
    expect(band.data.values[1]!.length).toBe(4 + 3 + 2 + 2 + 2 + 4);
    expect(CHART_WIDTH).toBeGreaterThan(0);
  });

  it('draws the monthly chart only once the ledger holds two months', () => {
    const keys = (monthlyRows: number) =>
      chartBand(dataBlocks({ monthly: monthlyRows })).charts.map((c) => c.spec.block);
    expect(keys(1)).not.toContain('monthly');
    expect(keys(2)).toContain('monthly');
  });

  it('anchors the charts one below the other, below the frozen header rows', () => {
    const anchors = chartBand(dataBlocks()).charts.map((c) => c.anchor);
    expect(anchors[0]).toEqual({ row: HEADER_ROWS + 1, column: 10 });
    // Never overlapping: each at least a chart's height (rows of Sheets' default 21 pixels) below the last.
    const rows = anchors.map((a) => a.row);
    expect(rows.length).toBeGreaterThan(1);
    for (const [i, row] of rows.slice(1).entries())
      expect(row - rows[i]!).toBeGreaterThanOrEqual(Math.ceil(CHART_HEIGHT / 21));
    expect(new Set(anchors.map((a) => a.column))).toEqual(new Set([10]));
  });

  it('gives a chart one range per run of neighbouring columns of its block', () => {
    const charts = chartBand(dataBlocks()).charts;
    const daily = charts.filter((c) => c.spec.block === 'daily');
    // Day, royalties, ad spend: one run; day and KENP: two.
    expect(daily.map((c) => c.ranges.map((r) => [r.column - DATA_COLUMN, r.columns]))).toEqual([
      [[0, 3]],
      [
        [0, 1],
        [3, 1],
      ],
    ]);
    for (const range of daily.flatMap((c) => c.ranges)) expect([range.row, range.rows]).toEqual([2, 4]);
  });
});
