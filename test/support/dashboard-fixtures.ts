// Plain inputs for the unit tests of the dashboard (core/dashboard) and its flows: the six tiles, chart data
// blocks of chosen lengths, and a dashboard laid out from them with no books and no series.
import { chartBand } from '../../src/core/dashboard/chart-band.ts';
import type { DataBlock } from '../../src/core/dashboard/charts.ts';
import { type DashboardLayout, layLeft } from '../../src/core/dashboard/layout.ts';
import type { Tile } from '../../src/core/dashboard/tiles.ts';

export const BANNER = 'Figures as of today.';

export const tile = (measure: Tile['measure'], value: number | null): Tile => ({
  measure,
  label: measure,
  value,
  previous: null,
  change: null,
  note: 'no previous period',
});

const FIGURES: Partial<Record<Tile['measure'], number>> = {
  net_profit: -4,
  kenp_pages: 1000,
  kenp_royalties: 5,
};

/** The dashboard's six tiles, as figureTiles gives them: net profit below zero, KENP royalties 5 over
 * 1,000 pages read (a rate of 0.005 per page), the others 10. */
export const TILES = (
  ['royalties', 'ad_spend', 'net_profit', 'kenp_pages', 'kenp_royalties', 'free_downloads'] as const
).map((measure) => tile(measure, FIGURES[measure] ?? 10));

/** A chart data block of `rows` rows: the figure in row r, column c is r * 10 + c. */
export function block(key: DataBlock['key'], headers: string[], rows: number): DataBlock {
  return {
    key,
    headers,
    formats: headers.map(() => '0'),
    rows: Array.from({ length: rows }, (_, r) => headers.map((_, c) => r * 10 + c)),
  };
}

/** The five blocks the dashboard charts, the daily and monthly ones as long as asked. */
export function dataBlocks({ daily = 3, monthly = 2 } = {}): DataBlock[] {
  return [
    block('daily', ['Day', 'Royalties', 'Ad spend', 'KENP'], daily),
    block('monthly', ['Month', 'Royalties', 'Ad spend'], monthly),
    block('marketplaces', ['Marketplace', 'Royalties'], 2),
    block('profit', ['Book', 'Net profit'], 4),
    block('readers', ['Book', 'Readers'], 1),
  ];
}

/** A dashboard laid out under BANNER from `tiles`, the daily block `dailyRows` long (the chart data band's
 * height follows it). */
export function dashboardLayout(dailyRows = 3, tiles: readonly Tile[] = TILES): DashboardLayout {
  return { ...layLeft(BANNER, tiles, [], [], 'USD'), ...chartBand(dataBlocks({ daily: dailyRows })) };
}
