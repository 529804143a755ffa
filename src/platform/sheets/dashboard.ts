// Writes the Royalties dashboard tab as core/dashboard/writing.ts plans it: every figure of the tiles and
// tables band (A–H) and the chart data band (from Q) in one call, rows and columns left over from the
// previous refresh written empty; then formats, our charts (found by the ids kept in the tab's own developer
// metadata), colour rules and the banner's last words. Cells and charts outside our bands and marks are the
// author's and never touched.

import {
  type DashboardBand,
  type DashboardLayout,
  dashboardSize,
  planDashboardWrite,
  readDashboardState,
} from '../../core/dashboard';
import { BANNER_BACKGROUND, type Banner } from '../../core/tabs';
import { rangeOf, syncCharts } from './dashboard-charts';
import { syncColourRules } from './dashboard-colours';
import type { TabDirectory } from './directory';
import { growTo } from './writer';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

export const DASHBOARD_KEY = 'royalties.dashboard';

interface WrittenDashboard {
  readonly sheetName: string;
  readonly rows: number;
  /** Why formats, colours or charts were not all drawn after the figures landed (the banner says so). */
  readonly notDrawn: unknown;
}

function putFormats(sheet: Sheet, band: DashboardBand): void {
  const range = rangeOf(sheet, band.area);
  range.setNumberFormats(band.formats);
  range.setFontWeights(band.weights);
}

/** The figures in one call (core/dashboard/writing.ts), the tab's mark, then formats, charts, colour rules,
 * the state and the banner's last words: a failure after the figures is returned, not thrown. */
export function writeDashboard(
  directory: TabDirectory,
  layout: DashboardLayout,
  banner: Banner,
  dataAt: number,
): WrittenDashboard {
  const owned = directory.findOrCreate('dashboard');
  const { sheet } = owned;
  const metadata = sheet.getDeveloperMetadata().find((m) => m.getKey() === DASHBOARD_KEY);
  const before = readDashboardState(metadata?.getValue());
  const size = dashboardSize(layout, before);
  growTo(sheet, size.rows, size.columns);
  const block = sheet.getRange(1, 1, size.rows, size.columns);
  const plan = planDashboardWrite(layout, before, size, {
    values: block.getValues(),
    formulas: block.getFormulas(),
  });
  if (plan.whole) block.setValues(plan.whole);
  else for (const band of plan.bands) rangeOf(sheet, band.area).setValues(band.values);
  directory.remember(owned, { tab: 'dashboard', columns: [], blockRows: size.left.rows, dataAt });
  const written = { sheetName: owned.name, rows: layout.left.values.length };
  try {
    for (const band of plan.bands) putFormats(sheet, band);
    const charts = syncCharts(sheet, layout.charts, before.charts ?? {});
    const colours = syncColourRules(sheet, layout.colours, before.colours ?? []);
    const text = JSON.stringify({ ...plan.state, charts, colours });
    if (metadata) metadata.setValue(text);
    else sheet.addDeveloperMetadata(DASHBOARD_KEY, text);
    const row = sheet.getRange(1, 1, 1, plan.banner.length);
    row.setValues([plan.banner]);
    row.setBackground(BANNER_BACKGROUND[banner.tone]);
  } catch (err) {
    return { ...written, notDrawn: err };
  }
  return { ...written, notDrawn: null };
}
