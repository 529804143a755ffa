// The Royalties dashboard as the add-on left it in the emulated spreadsheet: its tiles and tables as Sheets
// would show them, and every chart on the tab (ours and the author's) read from its own specification:
// type, title and ranges, the cells of those ranges giving the labels and series. Nothing is recomputed here.
import { MARK_KEY, parseMark } from '../../src/core/tabs/index.ts';
import type { Emulator, SheetSnapshot } from '../gas/index.ts';

export interface ChartView {
  readonly title: string;
  /** 'LINE' | 'COLUMN' | 'BAR' | 'PIE' | … as the chart builder reports it. */
  readonly type: string;
  readonly categories: readonly string[];
  readonly series: readonly { readonly name: string; readonly values: readonly (number | null)[] }[];
}

interface TableView {
  readonly title: string;
  readonly headers: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** The font colour the tab's conditional format rules give each cell, or null. */
  readonly colours: readonly (readonly (string | null)[])[];
}

export interface DashboardView {
  readonly name: string;
  readonly banner: string;
  readonly tiles: readonly {
    readonly label: string;
    readonly lines: readonly string[];
    /** Per line, the colour the tab's rules give it, or null. */
    readonly colours: readonly (string | null)[];
  }[];
  readonly tileRows: readonly string[];
  readonly tables: readonly TableView[];
  readonly charts: readonly ChartView[];
}

/** Width of the tiles and tables band (src/core/dashboard/layout.ts, LEFT_WIDTH). */
const LEFT_WIDTH = 8;

function dashboardName(emulator: Emulator): string | null {
  for (const sheet of emulator.spreadsheet.getSheets()) {
    const snapshot = emulator.sheetSnapshot(sheet.getName());
    const mark = snapshot.developerMetadata.find((m) => m.key === MARK_KEY);
    if (mark?.value && parseMark(mark.value)?.tab === 'dashboard') return snapshot.name;
  }
  return null;
}

function trimmed(row: readonly string[] | undefined): string[] {
  const cells = (row ?? []).slice(0, LEFT_WIDTH);
  while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
  return cells;
}

interface Rule {
  readonly criteria: string;
  readonly value: number;
  readonly font: string | null;
  readonly rects: readonly { row: number; column: number; rows: number; columns: number }[];
}

/** The sheet's conditional format rules, as Sheets would apply them to a cell's colour. */
function rulesOf(sheet: GoogleAppsScript.Spreadsheet.Sheet | null): Rule[] {
  return (sheet?.getConditionalFormatRules() ?? []).flatMap((r) => {
    const c = r.getBooleanCondition();
    const value = c?.getCriteriaValues()[0];
    if (!c || typeof value !== 'number') return [];
    const rects = r.getRanges().map((g) => ({
      row: g.getRow(),
      column: g.getColumn(),
      rows: g.getNumRows(),
      columns: g.getNumColumns(),
    }));
    return [{ criteria: String(c.getCriteriaType()), value, font: c.getFontColor(), rects }];
  });
}

/** The colour of the cell at (row, column), 0-based: the first rule whose ranges hold it and whose
 * condition its number meets (Sheets applies the first matching rule). */
function colourAt(
  rules: readonly Rule[],
  snapshot: SheetSnapshot,
  row: number,
  column: number,
): string | null {
  const v = snapshot.values[row]?.[column];
  if (typeof v !== 'number') return null;
  for (const rule of rules) {
    const inside = rule.rects.some(
      (q) =>
        row + 1 >= q.row &&
        row + 1 < q.row + q.rows &&
        column + 1 >= q.column &&
        column + 1 < q.column + q.columns,
    );
    if (!inside) continue;
    if (
      rule.criteria === 'NUMBER_LESS_THAN'
        ? v < rule.value
        : rule.criteria === 'NUMBER_GREATER_THAN' && v > rule.value
    )
      return rule.font;
  }
  return null;
}

/** From row 7 down: a title, a header row, data rows, a blank row; again. */
function tables(snapshot: SheetSnapshot, rules: readonly Rule[]): TableView[] {
  const out: TableView[] = [];
  const rows = snapshot.displayed;
  let r = 6;
  while (r < rows.length) {
    const title = trimmed(rows[r]);
    if (title.length === 0) {
      r++;
      continue;
    }
    const headers = trimmed(rows[r + 1]);
    const data: string[][] = [];
    const colours: (string | null)[][] = [];
    r += 2;
    while (r < rows.length && trimmed(rows[r]).length > 0) {
      data.push((rows[r] ?? []).slice(0, headers.length));
      const at = r;
      colours.push(headers.map((_, c) => colourAt(rules, snapshot, at, c)));
      r++;
    }
    out.push({ title: title[0] ?? '', headers, rows: data, colours });
  }
  return out;
}

function chartView(emulator: Emulator, chart: GoogleAppsScript.Spreadsheet.EmbeddedChart): ChartView {
  const columns: { header: string; shown: string[]; values: unknown[] }[] = [];
  for (const range of chart.getRanges()) {
    const snapshot = emulator.sheetSnapshot(range.getSheet().getName());
    const top = range.getRow() - 1;
    const left = range.getColumn() - 1;
    for (let c = 0; c < range.getNumColumns(); c++) {
      const cells = Array.from({ length: range.getNumRows() }, (_, r) => r + top);
      columns.push({
        header: snapshot.displayed[top]?.[left + c] ?? '',
        shown: cells.slice(1).map((r) => snapshot.displayed[r]?.[left + c] ?? ''),
        values: cells.slice(1).map((r) => snapshot.values[r]?.[left + c]),
      });
    }
  }
  const [labels, ...series] = columns;
  return {
    title: String(chart.getOptions().get('title') ?? ''),
    type: String(chart.modify().getChartType()),
    categories: labels?.shown ?? [],
    series: series.map((s) => ({
      name: s.header,
      values: s.values.map((v) => (typeof v === 'number' && Number.isFinite(v) ? v : null)),
    })),
  };
}

/** The dashboard tab the add-on wrote, or null when there is none. */
export function dashboardView(emulator: Emulator): DashboardView | null {
  const name = dashboardName(emulator);
  if (name === null) return null;
  const snapshot = emulator.sheetSnapshot(name);
  const shown = snapshot.displayed;
  const sheet = emulator.spreadsheet.getSheetByName(name);
  const rules = rulesOf(sheet);
  const tiles = [];
  for (let c = 1; c < LEFT_WIDTH; c++) {
    const label = shown[1]?.[c] ?? '';
    if (label !== '')
      tiles.push({
        label,
        lines: [2, 3, 4].map((r) => shown[r]?.[c] ?? ''),
        colours: [2, 3, 4].map((r) => colourAt(rules, snapshot, r, c)),
      });
  }
  return {
    name,
    banner: shown[0]?.[0] ?? '',
    tiles,
    tileRows: [2, 3, 4].map((r) => shown[r]?.[0] ?? ''),
    tables: tables(snapshot, rules),
    charts: (sheet?.getCharts() ?? []).map((chart) => chartView(emulator, chart)),
  };
}
