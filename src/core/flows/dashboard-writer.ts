// Writing the dashboard tab, in its order (core/dashboard/writing.ts plans what goes where): the state the
// last write left read from the tab, the sheet grown to the rectangle, every figure in one call (or band by
// band when something of the author's lies between), the tab's mark; then formats, our charts, our colour
// rules, the new state and the banner's last words. A failure after the figures is returned, not thrown:
// the figures are new. platform/sheets/dashboard.ts builds the port.
import {
  type Area,
  type ColourRule,
  DASHBOARD_KEY,
  type DashboardBand,
  type DashboardLayout,
  type DashboardNow,
  dashboardSize,
  type PlacedChart,
  planDashboardWrite,
  readDashboardState,
} from '../dashboard';
import { BANNER_BACKGROUND, type Banner, type SheetCell } from '../tabs';
import type { TabDirectoryOf } from './tab-directory';

/** The state kept in the tab: its text as read (null: none), and how a new one is saved over it. */
export interface StoredDashboardState {
  readonly text: string | null;
  save(text: string): void;
}

/** The rectangle from A1: as it is now, and written whole in one call. */
export interface DashboardRectangle {
  readonly now: DashboardNow;
  put(values: SheetCell[][]): void;
}

/** What writing the dashboard asks of its sheet `S`. */
export interface DashboardSheetPort<S> {
  /** The developer metadata under `key` on the sheet. */
  state(sheet: S, key: string): StoredDashboardState;
  /** Rows and columns added when the sheet is smaller. */
  grow(sheet: S, rows: number, columns: number): void;
  rectangle(sheet: S, rows: number, columns: number): DashboardRectangle;
  putValues(sheet: S, area: Area, values: SheetCell[][]): void;
  /** A band's number formats and font weights. */
  putFormats(sheet: S, band: DashboardBand): void;
  /** Our charts drawn or updated (`known`: ids by name, as last saved); their ids by name now. */
  syncCharts(
    sheet: S,
    charts: readonly PlacedChart[],
    known: Readonly<Record<string, number>>,
  ): Record<string, number>;
  /** Our colour rules in place of the last ones (`ours`: their fingerprints); the new fingerprints. */
  syncColours(sheet: S, rules: readonly ColourRule[], ours: readonly unknown[]): readonly unknown[];
  /** Row 1 from A1: these cells, one background for them all. */
  putBannerRow(sheet: S, row: SheetCell[], background: string): void;
}

export interface WrittenDashboard {
  readonly sheetName: string;
  readonly rows: number;
  /** Why formats, colours or charts were not all drawn after the figures landed (the banner says so). */
  readonly notDrawn: unknown;
}

export function writeDashboard<S, M>(
  directory: TabDirectoryOf<S, M>,
  port: DashboardSheetPort<S>,
  written: { layout: DashboardLayout; banner: Banner; dataAt: number },
): WrittenDashboard {
  const { layout, banner, dataAt } = written;
  const owned = directory.findOrCreate('dashboard');
  const { sheet } = owned;
  const stored = port.state(sheet, DASHBOARD_KEY);
  const before = readDashboardState(stored.text);
  const size = dashboardSize(layout, before);
  port.grow(sheet, size.rows, size.columns);
  const rectangle = port.rectangle(sheet, size.rows, size.columns);
  const plan = planDashboardWrite(layout, before, size, rectangle.now);
  if (plan.whole) rectangle.put(plan.whole);
  else for (const band of plan.bands) port.putValues(sheet, band.area, band.values);
  directory.remember(owned, { tab: 'dashboard', columns: [], blockRows: size.left.rows, dataAt });
  const figures = { sheetName: owned.name, rows: layout.left.values.length };
  try {
    for (const band of plan.bands) port.putFormats(sheet, band);
    const charts = port.syncCharts(sheet, layout.charts, before.charts ?? {});
    const colours = port.syncColours(sheet, layout.colours, before.colours ?? []);
    stored.save(JSON.stringify({ ...plan.state, charts, colours }));
    port.putBannerRow(sheet, plan.banner, BANNER_BACKGROUND[banner.tone]);
  } catch (err) {
    return { ...figures, notDrawn: err };
  }
  return { ...figures, notDrawn: null };
}
