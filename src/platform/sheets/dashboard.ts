// Writes the Royalties dashboard tab: the tiles and tables band (A–H) and the chart data band (from Q), each
// in one block of a few calls, rows and columns left over from the previous refresh written empty; then our
// charts, found by the ids kept in the tab's own developer metadata. Cells and charts outside our bands and
// marks are the author's and never touched.

import { DATA_COLUMN, type DashboardLayout, type Grid, LEFT_WIDTH, type WhatIf } from '../../core/dashboard';
import { BANNER_BACKGROUND, type Banner, type SheetCell, sheetCell } from '../../core/tabs';
import { isObject, parseJson } from '../../core/unknown';
import { syncCharts } from './dashboard-charts';
import { syncColourRules } from './dashboard-colours';
import type { TabDirectory } from './directory';
import { growTo } from './writer';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

export const DASHBOARD_KEY = 'royalties.dashboard';

/** What the last write left: band sizes (to clear what no longer fits) and our charts' ids by name. Read
 * leniently: anything unreadable counts as nothing written (then only our charts are found again by id). */
interface DashboardState {
  readonly leftRows?: number;
  readonly dataRows?: number;
  readonly dataColumns?: number;
  readonly charts?: Readonly<Record<string, number>>;
  /** The KENP rate the last write put in the what-if cell: another number there now is the author's. */
  readonly rate?: number | null;
  /** Fingerprints of our conditional colour rules (dashboard-colours.ts). */
  readonly colours?: readonly string[];
}

function readState(text: string | null): DashboardState {
  const raw = parseJson(text);
  return isObject(raw) ? raw : {};
}

/** The grid padded with empty cells to rows × columns (what the previous write covered). */
function putGrid(sheet: Sheet, grid: Grid, column: number, rows: number, columns: number): void {
  if (rows === 0 || columns === 0) return;
  const values: SheetCell[][] = [];
  const formats: string[][] = [];
  const weights: GoogleAppsScript.Spreadsheet.FontWeight[][] = [];
  for (let r = 0; r < rows; r++) {
    values.push([]);
    formats.push([]);
    weights.push([]);
    for (let c = 0; c < columns; c++) {
      const value = grid.values[r]?.[c];
      values[r]!.push(value === undefined ? '' : sheetCell(value));
      formats[r]!.push(grid.formats[r]?.[c] ?? 'General');
      weights[r]!.push(grid.bold[r]?.[c] ? 'bold' : 'normal');
    }
  }
  const range = sheet.getRange(1, column, rows, columns);
  range.setNumberFormats(formats);
  range.setValues(values);
  range.setFontWeights(weights);
}

/** The rate to write: the author's when they typed one over ours (a number other than the one we wrote
 * last), else this period's. */
function rateToWrite(
  sheet: Sheet,
  whatIf: WhatIf,
  before: DashboardState,
): { value: number | null; ours: boolean } {
  const current: unknown = sheet.getRange(whatIf.rate.row, whatIf.rate.column).getValue();
  const ourLast = typeof before.rate === 'number' ? before.rate : null;
  if (typeof current === 'number' && Number.isFinite(current) && ourLast !== null && current !== ourLast)
    return { value: current, ours: false };
  return { value: whatIf.effectiveRate, ours: true };
}

/** The grid with the rate cell holding `rate` (the author's kept, or ours). */
function withRate(grid: Grid, whatIf: WhatIf, rate: number | null): Grid {
  if (rate === null) return grid;
  const values = grid.values.map((row, r) =>
    r === whatIf.rate.row - 1 ? row.map((v, c) => (c === whatIf.rate.column - 1 ? rate : v)) : row,
  );
  return { ...grid, values };
}

interface WrittenDashboard {
  readonly sheetName: string;
  readonly rows: number;
}

export function writeDashboard(
  directory: TabDirectory,
  layout: DashboardLayout,
  banner: Banner,
  dataAt: number,
): WrittenDashboard {
  const owned = directory.findOrCreate('dashboard');
  const { sheet } = owned;
  const metadata = sheet.getDeveloperMetadata().find((m) => m.getKey() === DASHBOARD_KEY) ?? null;
  const before = readState(metadata ? metadata.getValue() : null);

  const dataWidth = layout.data.values[0]?.length ?? 0;
  // Number(undefined) is NaN, and Math.max with NaN is NaN: `|| 0` keeps a damaged state harmless.
  const leftRows = Math.max(layout.left.values.length, Number(before.leftRows) || 0);
  const dataRows = Math.max(layout.data.values.length, Number(before.dataRows) || 0);
  const dataColumns = Math.max(dataWidth, Number(before.dataColumns) || 0);
  growTo(sheet, Math.max(leftRows, dataRows), DATA_COLUMN - 1 + dataColumns);
  const { whatIf } = layout;
  const rate = rateToWrite(sheet, whatIf, before);
  putGrid(sheet, withRate(layout.left, whatIf, rate.value), 1, leftRows, LEFT_WIDTH);
  // The estimates as formulas over the rate cell: Sheets recalculates them when the author types a rate.
  sheet
    .getRange(whatIf.firstRow, whatIf.column, whatIf.formulas.length, 1)
    .setFormulas(whatIf.formulas.map((f) => [f]));
  putGrid(sheet, layout.data, DATA_COLUMN, dataRows, dataColumns);
  sheet.getRange(1, 1, 1, LEFT_WIDTH).setBackground(BANNER_BACKGROUND[banner.tone]);
  const charts = syncCharts(sheet, layout.charts, isObject(before.charts) ? before.charts : {});
  const colours = syncColourRules(
    sheet,
    layout.colours,
    Array.isArray(before.colours) ? before.colours.filter((c): c is string => typeof c === 'string') : [],
  );

  const state: DashboardState = {
    leftRows: layout.left.values.length,
    dataRows: layout.data.values.length,
    dataColumns: dataWidth,
    charts,
    // Ours only: an author's rate is never taken for ours, so it stays theirs.
    rate: rate.ours ? rate.value : (before.rate ?? null),
    colours,
  };
  const text = JSON.stringify(state);
  if (metadata) metadata.setValue(text);
  else sheet.addDeveloperMetadata(DASHBOARD_KEY, text);
  directory.remember(owned, { tab: 'dashboard', columns: [], blockRows: leftRows, dataAt });
  return { sheetName: owned.name, rows: layout.left.values.length };
}
