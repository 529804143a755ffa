// How a refresh writes the dashboard tab, so that a Spreadsheet service failing from any call on leaves it
// wholly new or wholly as it was: every figure of both bands (the tiles and tables, the what-if formulas,
// the chart data) goes in one setValues over one rectangle from A1, under a banner that says formats,
// colours and charts are still to come; they follow, and the banner's own words last. The rectangle spans
// the columns between the bands (where the charts float), so it is written whole only while nothing of the
// author's lies there; otherwise the tiles and tables go first (under the same banner), the chart data after.
import { isObject, parseJson } from '../base/unknown';
import { plainMessageOf } from '../google-faults';
import { type SheetCell, sheetCell } from '../tabs/cells';
import { PLAIN_FORMAT } from '../tabs/formats';
import { DATA_COLUMN } from './chart-band';
import type { Area, Grid } from './grid';
import { type DashboardLayout, LEFT_WIDTH } from './layout';
import { authorsRate, ESTIMATES_COLUMN, RATE_CELL } from './what-if';

/** The developer metadata key, on the dashboard tab, of what the last write left. */
export const DASHBOARD_KEY = 'royalties.dashboard';

/** What the last write left, kept in the tab's developer metadata: band sizes (to clear what no longer
 * fits) and our charts' ids by name. */
export interface DashboardState {
  readonly leftRows?: number;
  readonly dataRows?: number;
  readonly dataColumns?: number;
  readonly charts?: Readonly<Record<string, number>>;
  /** The KENP rate the last write put in the what-if cell (null: "missing"); anything else there now but
   * this period's is the author's (what-if.ts, authorsRate). */
  readonly rate?: number | null;
  /** Fingerprints of our conditional colour rules. */
  readonly colours?: readonly unknown[];
}

/** Read leniently: anything unreadable counts as nothing written (then only our charts are found again). */
export function readDashboardState(text: string | null | undefined): DashboardState {
  const raw = typeof text === 'string' ? parseJson(text) : undefined;
  if (!isObject(raw)) return {};
  const { charts, colours } = raw as DashboardState;
  return { ...raw, charts: isObject(charts) ? charts : {}, colours: Array.isArray(colours) ? colours : [] };
}

/** What the author reads when the figures landed but formats, colours or charts did not all follow. */
export function notAllDrawn(err: unknown): string {
  return `The dashboard's figures are new, but its formats, colours and charts could not all be drawn: ${plainMessageOf(err)}`;
}

/** Where both bands lie: each as large as now or as the last write, when larger (to clear what is left
 * over), inside one rectangle from A1 that the sheet must hold. */
export interface DashboardSize {
  readonly left: Area;
  readonly data: Area;
  readonly rows: number;
  readonly columns: number;
}

export function dashboardSize(layout: DashboardLayout, before: DashboardState): DashboardSize {
  // Number(undefined) is NaN, and Math.max with NaN is NaN: `|| 0` keeps a damaged state harmless.
  const covered = (now: number, last: unknown) => Math.max(now, Number(last) || 0);
  const left = {
    row: 1,
    column: 1,
    rows: covered(layout.left.values.length, before.leftRows),
    columns: LEFT_WIDTH,
  };
  const data = {
    row: 1,
    column: DATA_COLUMN,
    rows: covered(layout.data.values.length, before.dataRows),
    columns: covered(layout.data.values[0]!.length, before.dataColumns),
  };
  return { left, data, rows: Math.max(left.rows, data.rows), columns: DATA_COLUMN - 1 + data.columns };
}

/** Said first on the banner until formats, colours and charts are drawn: if the refresh stops between, the
 * figures are new and the banner says what is not. */
export const STILL_DRAWING =
  'Formats, colours and charts are still being drawn: if this stays, refresh again.';

/** One band as the writer puts it: values (formulas as `=` text), then number formats and font weights. */
export interface DashboardBand {
  readonly area: Area;
  readonly values: SheetCell[][];
  readonly formats: string[][];
  readonly weights: ('bold' | 'normal')[][];
}

export interface DashboardWrite {
  /** The tiles and tables band, then the chart data band. */
  readonly bands: readonly [DashboardBand, DashboardBand];
  /** Every value of the rectangle in one call, or null: something of the author's lies between the bands. */
  readonly whole: SheetCell[][] | null;
  /** The banner row's last words, once formats, colours and charts are drawn. */
  readonly banner: SheetCell[];
  /** What the next refresh reads of this one (our charts and colour rules are added once drawn). */
  readonly state: Pick<DashboardState, 'leftRows' | 'dataRows' | 'dataColumns' | 'rate'>;
}

/** The rectangle as it is now: values and formulas, row by row (Range.getValues, Range.getFormulas). */
export interface DashboardNow {
  readonly values: readonly (readonly unknown[])[];
  readonly formulas: readonly (readonly string[])[];
}

function inside(area: Area, row: number, column: number): boolean {
  return (
    row >= area.row &&
    row < area.row + area.rows &&
    column >= area.column &&
    column < area.column + area.columns
  );
}

/** The grid padded with empty cells to the area's size. */
function band(grid: Grid, area: Area): Omit<DashboardBand, 'values'> & { readonly cells: SheetCell[][] } {
  const padded = <T, U>(cells: T[][], as: (cell: T) => U, empty: U): U[][] =>
    Array.from({ length: area.rows }, (_, r) =>
      Array.from({ length: area.columns }, (_, c) => {
        const cell = cells[r]?.[c];
        return cell === undefined ? empty : as(cell);
      }),
    );
  return {
    area,
    cells: padded(grid.values, sheetCell, ''),
    formats: padded(grid.formats, (f) => f, PLAIN_FORMAT),
    weights: padded(grid.bold, (b): 'bold' | 'normal' => (b ? 'bold' : 'normal'), 'normal'),
  };
}

export function planDashboardWrite(
  layout: DashboardLayout,
  before: DashboardState,
  size: DashboardSize,
  now: DashboardNow,
): DashboardWrite {
  const { row, column } = RATE_CELL;
  const ourLast = typeof before.rate === 'number' || before.rate === null ? before.rate : undefined;
  const theirs = authorsRate(
    now.values[row - 1]?.[column - 1],
    now.formulas[row - 1]?.[column - 1] ?? '',
    ourLast,
    layout.left.values[row - 1]![column - 1]!,
  );
  const left = band(layout.left, size.left);
  if (theirs !== null) left.cells[row - 1]![column - 1] = theirs;
  // The estimates as formulas over the rate cell: Sheets recalculates them when the author types a rate.
  layout.whatIf.formulas.forEach((formula, i) => {
    left.cells[row - 1 + i]![ESTIMATES_COLUMN - 1] = formula;
  });
  const banner = left.cells[0]!.slice();
  left.cells[0]![0] = sheetCell(`${STILL_DRAWING} ${layout.left.values[0]![0]}`);
  const data = band(layout.data, size.data);
  const bands = [left, data].map(({ cells, ...rest }) => ({ ...rest, values: cells }));
  const at = (r: number, c: number): SheetCell | null => {
    for (const b of bands)
      if (inside(b.area, r + 1, c + 1)) return b.values[r - b.area.row + 1]![c - b.area.column + 1]!;
    return null;
  };
  // Between the bands: only a cell with no value and no formula may be written (empty) with them.
  const free = (r: number, c: number) => now.values[r]?.[c] === '' && (now.formulas[r]?.[c] ?? '') === '';
  const rectangle = Array.from({ length: size.rows }, (_, r) =>
    Array.from({ length: size.columns }, (_, c) => at(r, c) ?? (free(r, c) ? '' : null)),
  );
  const whole = rectangle.every((cells) => cells.every((c) => c !== null))
    ? (rectangle as SheetCell[][])
    : null;
  return {
    bands: [bands[0]!, bands[1]!],
    whole,
    banner,
    state: {
      leftRows: layout.left.values.length,
      dataRows: layout.data.values.length,
      dataColumns: layout.data.values[0]!.length,
      // Ours only: an author's rate is never taken for ours, so it stays theirs.
      rate: theirs !== null ? ourLast : layout.whatIf.effectiveRate,
    },
  };
}
