// Writes the Royalties dashboard tab: the tiles and tables band (A–H) and the chart data band (from Q), each
// in one block of a few calls, rows and columns left over from the previous refresh written empty; then our
// charts, found by the ids kept in the tab's own developer metadata. Cells and charts outside our bands and
// marks are the author's and never touched.

import { isObject, parseJson } from '../../core/base/unknown';
import {
  DATA_COLUMN,
  type DashboardLayout,
  ESTIMATES_COLUMN,
  type Grid,
  LEFT_WIDTH,
  RATE_CELL,
} from '../../core/dashboard';
import { BANNER_BACKGROUND, type Banner, PLAIN_FORMAT, sheetCell } from '../../core/tabs';
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

/** The grid padded with empty cells to rows × columns (what the previous write covered); both are at least
 * 1, as each band always has a row. */
function putGrid(sheet: Sheet, grid: Grid, column: number, rows: number, columns: number): void {
  const padded = <T, U>(cells: T[][], as: (cell: T) => U, empty: U): U[][] =>
    Array.from({ length: rows }, (_, r) =>
      Array.from({ length: columns }, (_, c) => {
        const cell = cells[r]?.[c];
        return cell === undefined ? empty : as(cell);
      }),
    );
  const range = sheet.getRange(1, column, rows, columns);
  range.setNumberFormats(padded(grid.formats, (f) => f, PLAIN_FORMAT));
  range.setValues(padded(grid.values, sheetCell, ''));
  range.setFontWeights(padded(grid.bold, (b) => (b ? 'bold' : 'normal'), 'normal'));
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
  const metadata = sheet.getDeveloperMetadata().find((m) => m.getKey() === DASHBOARD_KEY);
  const raw = metadata && parseJson(metadata.getValue());
  const before: DashboardState = isObject(raw) ? raw : {};
  const { left, data, whatIf } = layout;

  const dataWidth = data.values[0]!.length;
  // Now's size, or the last write's when larger. Number(undefined) is NaN, and Math.max with NaN is NaN:
  // `|| 0` keeps a damaged state harmless.
  const covered = (now: number, last: unknown) => Math.max(now, Number(last) || 0);
  const leftRows = covered(left.values.length, before.leftRows);
  const dataRows = covered(data.values.length, before.dataRows);
  const dataColumns = covered(dataWidth, before.dataColumns);
  growTo(sheet, Math.max(leftRows, dataRows), DATA_COLUMN - 1 + dataColumns);
  // The author's rate when they typed one over ours (a number other than the one we wrote last) stays in the
  // rate cell; else the cell holds this period's, as laid out.
  const { row, column } = RATE_CELL;
  const current: unknown = sheet.getRange(row, column).getValue();
  const ourLast = before.rate;
  const theirs =
    typeof current === 'number' &&
    Number.isFinite(current) &&
    typeof ourLast === 'number' &&
    current !== ourLast;
  if (theirs) left.values[row - 1]![column - 1] = current;
  putGrid(sheet, left, 1, leftRows, LEFT_WIDTH);
  // The estimates as formulas over the rate cell: Sheets recalculates them when the author types a rate.
  sheet
    .getRange(row, ESTIMATES_COLUMN, whatIf.formulas.length, 1)
    .setFormulas(whatIf.formulas.map((f) => [f]));
  putGrid(sheet, data, DATA_COLUMN, dataRows, dataColumns);
  sheet.getRange(1, 1, 1, LEFT_WIDTH).setBackground(BANNER_BACKGROUND[banner.tone]);

  const state: DashboardState = {
    leftRows: left.values.length,
    dataRows: data.values.length,
    dataColumns: dataWidth,
    charts: syncCharts(sheet, layout.charts, isObject(before.charts) ? before.charts : {}),
    // Ours only: an author's rate is never taken for ours, so it stays theirs.
    rate: theirs ? ourLast : whatIf.effectiveRate,
    colours: syncColourRules(sheet, layout.colours, Array.isArray(before.colours) ? before.colours : []),
  };
  const text = JSON.stringify(state);
  if (metadata) metadata.setValue(text);
  else sheet.addDeveloperMetadata(DASHBOARD_KEY, text);
  directory.remember(owned, { tab: 'dashboard', columns: [], blockRows: leftRows, dataAt });
  return { sheetName: owned.name, rows: left.values.length };
}
