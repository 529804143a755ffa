// The author's dashboard: figure tiles with the change against the previous period, series and
// book economics, and the data and specifications of its charts. Plain TypeScript: the fetched report
// tables and the history ledger's days in, a laid-out dashboard out; core/flows/dashboard-writer.ts writes it.
import type { Alert } from '../alerts';
import type { LedgerDay } from '../figures';
import { bookEconomics } from './books';
import { chartBand } from './chart-band';
import { dataBlocks } from './charts';
import { type DashboardLayout, layLeft } from './layout';
import { seriesEconomics } from './series';
import type { DashboardSources } from './sources';
import { figureTiles } from './tiles';

export { CHART_HEIGHT, CHART_WIDTH, DATA_COLUMN, type PlacedChart } from './chart-band';
export { MORE_READERS_THAN_FIRST } from './economics-tables';
export { type Area, type Grid, NOT_APPLICABLE } from './grid';
export { CHARTS_NOTE_ROW, type DashboardLayout, LEFT_WIDTH } from './layout';
export { type DashboardSources, dashboardSources } from './sources';
export { figureTiles, PERIOD_UNKNOWN, type Tile } from './tiles';
export { ESTIMATES_COLUMN, RATE_CELL, WHAT_IF_ROW, WHAT_IF_TITLE, type WhatIf } from './what-if';

export function buildDashboard(
  sources: DashboardSources,
  history: readonly LedgerDay[],
  bannerText: string,
  alerts: readonly Alert[] = [],
): DashboardLayout {
  const series = seriesEconomics(sources);
  const books = bookEconomics(sources);
  return {
    ...layLeft(
      bannerText,
      figureTiles(sources, history),
      series,
      books,
      sources.summary.meta.currency,
      alerts,
    ),
    ...chartBand(dataBlocks(sources, history, books, series)),
  };
}
export { type ColourRule, TONES } from './colours';
export {
  DASHBOARD_KEY,
  type DashboardBand,
  type DashboardNow,
  type DashboardState,
  dashboardSize,
  notAllDrawn,
  planDashboardWrite,
  readDashboardState,
  STILL_DRAWING,
} from './writing';
