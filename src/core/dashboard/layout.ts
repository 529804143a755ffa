// Where everything sits on the dashboard tab. Three bands side by side, so one band growing never moves
// another: the tiles and tables in columns A–H, our charts floating from column J, and the chart data from
// column Q, each block in its own columns with its header on row 2. A chart's range is its block from the
// header to the last row, so more rows grow it and fewer shrink it, and the author's own cells outside the
// bands are never in a range of ours. (README "Royalties dashboard" explains the choice.)
import { MEASURES, type MeasureKind } from '../figures';
import { type CellValue, moneyDecimals } from '../report';
import { DATE_FORMAT, MONTH_FORMAT, moneyFormat, PLAIN_FORMAT } from '../tabs/formats';
import { HEADER_ROWS } from '../tabs/layout';
import type { BookEconomics } from './books';
import type { ChartSpec, ColumnKind, DataBlock } from './charts';
import { type ColourRule, colourRules, RISE_IS_BAD, type RuleArea } from './colours';
import type { SeriesEconomics } from './series';
import type { Tile } from './tiles';

export const LEFT_WIDTH = 8;
export const CHART_COLUMN = 10;
export const DATA_COLUMN = 17;
/** Rows between the tops of two charts of ours, and their size in pixels. */
export const CHART_STEP_ROWS = 20;
export const CHART_WIDTH = 600;
export const CHART_HEIGHT = 380;
/** The API did not send the figure. */
export const MISSING = 'missing';
/** The figure has no meaning here (book 1's read-through from a previous book, a share of nothing). */
export const NOT_APPLICABLE = '—';
/** In place of a read-through over 100%: a later book with more readers than book 1. */
export const MORE_READERS_THAN_FIRST = 'more readers than book 1: readers may start this series later';

const COUNT_FORMAT = '#,##0';
const DECIMAL_FORMAT = '#,##0.0';
const PERCENT_FORMAT = '0.0%';
const CHANGE_FORMAT = '+0.0%;-0.0%;0.0%';

/** Row 6, between the tiles and the tables: where the charts are. The workbook `npm start` writes, which
 * cannot carry charts, says instead where it drew them (local/cli). */
export const CHARTS_NOTE_ROW = 6;
export const CHARTS_NOTE =
  'Charts: to the right of these tables, from column J; the figures they draw are in the chart data from column Q.';

/** A rectangle of the tab, 1-based. */
export interface Area {
  readonly row: number;
  readonly column: number;
  readonly rows: number;
  readonly columns: number;
}

export interface Grid {
  readonly values: CellValue[][];
  readonly formats: string[][];
  readonly bold: boolean[][];
}

export interface PlacedChart {
  readonly spec: ChartSpec;
  readonly ranges: readonly Area[];
  /** Where a new chart is put; a chart the author moved stays where they left it. */
  readonly anchor: { readonly row: number; readonly column: number };
}

/** The what-if KENP rate: a cell the author may type over, and formulas over it (written as formulas, so
 * Sheets recalculates them the moment the rate changes, with no refresh). */
export interface WhatIf {
  /** The rate cell (1-based), first filled with this period's effective rate; the writer keeps the author's. */
  readonly rate: { readonly row: number; readonly column: number };
  /** This period's rate: estimated KENP royalties ÷ KENP pages read; null when either is missing. */
  readonly effectiveRate: number | null;
  /** The formula column, from `firstRow` down, one formula per row. */
  readonly column: number;
  readonly firstRow: number;
  readonly formulas: readonly string[];
}

export interface DashboardLayout {
  /** Columns A–H from row 1 (banner text in A1). */
  readonly left: Grid;
  readonly whatIf: WhatIf;
  /** Conditional colour rules over the left band: kept by the writer, never duplicated. */
  readonly colours: readonly ColourRule[];
  /** From column DATA_COLUMN, row 1. */
  readonly data: Grid;
  readonly blocks: readonly { readonly block: DataBlock; readonly area: Area }[];
  readonly charts: readonly PlacedChart[];
  readonly currency: string | null;
}

class GridBuilder implements Grid {
  readonly values: CellValue[][] = [];
  readonly formats: string[][] = [];
  readonly bold: boolean[][] = [];
  constructor(private readonly width: number) {}

  get height(): number {
    return this.values.length;
  }

  put(row: number, column: number, value: CellValue, format = PLAIN_FORMAT, bold = false): void {
    while (this.values.length < row) {
      this.values.push(new Array<CellValue>(this.width).fill(null));
      this.formats.push(new Array<string>(this.width).fill(PLAIN_FORMAT));
      this.bold.push(new Array<boolean>(this.width).fill(false));
    }
    this.values[row - 1]![column - 1] = value;
    this.formats[row - 1]![column - 1] = format;
    this.bold[row - 1]![column - 1] = bold;
  }

  /** A titled table: title, bold headers, then rows; returns the next free row after one blank. */
  table(top: number, title: string, headers: readonly string[], rows: readonly (readonly Cell[])[]): number {
    this.put(top, 1, title, PLAIN_FORMAT, true);
    headers.forEach((h, c) => {
      this.put(top + 1, c + 1, h, PLAIN_FORMAT, true);
    });
    rows.forEach((row, r) => {
      row.forEach((cell, c) => {
        this.put(top + 2 + r, c + 1, cell.value, cell.format);
      });
    });
    return top + 2 + rows.length + 1;
  }
}

interface Cell {
  readonly value: CellValue;
  readonly format: string;
}

function text(value: string | null): Cell {
  return { value: value ?? MISSING, format: PLAIN_FORMAT };
}

function number(value: number | null, format: string): Cell {
  return value === null ? { value: MISSING, format: PLAIN_FORMAT } : { value, format };
}

const notApplicable: Cell = { value: NOT_APPLICABLE, format: PLAIN_FORMAT };

/** A read-through from book 1, or why a later book has more readers than book 1. */
function fromFirstCell(value: number | null, beyondFirst: boolean): Cell {
  return beyondFirst
    ? { value: MORE_READERS_THAN_FIRST, format: PLAIN_FORMAT }
    : number(value, PERCENT_FORMAT);
}

function formatOf(kind: MeasureKind | ColumnKind, currency: string | null): string {
  switch (kind) {
    case 'money':
      return currency ? moneyFormat(currency) : '#,##0.00';
    case 'count':
      return COUNT_FORMAT;
    case 'fraction':
      return PERCENT_FORMAT;
    case 'date':
      return DATE_FORMAT;
    case 'month':
      return MONTH_FORMAT;
    default:
      return PLAIN_FORMAT;
  }
}

/** "At most 4.12 USD per book-one reader": the sentence beside the figure, in the report's currency. */
export function breakEvenText(perReader: number | null, currency: string | null): string {
  if (perReader === null) return MISSING;
  const amount = perReader.toFixed(moneyDecimals(currency || ''));
  return `At most ${amount}${currency ? ` ${currency}` : ''} per book-one reader to break even`;
}

function tiles(grid: GridBuilder, list: readonly Tile[], currency: string | null): void {
  ['Figure', 'This period', 'Previous period', 'Change'].forEach((label, r) => {
    grid.put(2 + r, 1, label, PLAIN_FORMAT, true);
  });
  list.forEach((tile, i) => {
    const column = 2 + i;
    const format = formatOf(MEASURES[tile.measure].kind, currency);
    grid.put(2, column, tile.label, PLAIN_FORMAT, true);
    const value = number(tile.value, format);
    grid.put(3, column, value.value, value.format, true);
    const previous = tile.previous === null ? text(tile.note) : number(tile.previous, format);
    grid.put(4, column, previous.value, previous.format);
    grid.put(5, column, tile.change, tile.change === null ? PLAIN_FORMAT : CHANGE_FORMAT);
  });
}

/** Row of the what-if table's title; its rate cell is two rows below, in column B. */
export const WHAT_IF_ROW = 7;
export const WHAT_IF_TITLE = 'What if: your own KENP rate (type a rate per page in B9; the estimates follow)';

/** A rate per page shows its fractions of a cent: the money format with six decimals. */
export function rateFormat(currency: string | null): string {
  const money = formatOf('money', currency);
  return money.replace(/#,##0(\.0+)?/, '0.000000');
}

function tileValue(list: readonly Tile[], measure: Tile['measure']): number | null {
  return list.find((t) => t.measure === measure)?.value ?? null;
}

/** The what-if table: all books, then each book; pages in C, the estimate at the rate in D. */
function whatIfTable(
  grid: GridBuilder,
  tileList: readonly Tile[],
  books: readonly BookEconomics[],
  currency: string | null,
): { row: number; whatIf: WhatIf } {
  const pages = tileValue(tileList, 'kenp_pages');
  const royalties = tileValue(tileList, 'kenp_royalties');
  const effectiveRate = pages !== null && royalties !== null && pages > 0 ? royalties / pages : null;
  const money = formatOf('money', currency);
  const rateRow = WHAT_IF_ROW + 2;
  const rate = `$B$${rateRow}`;
  const pending: Cell = { value: null, format: money };
  const rows: Cell[][] = [
    [text('All books'), number(effectiveRate, rateFormat(currency)), number(pages, COUNT_FORMAT), pending],
    ...books.map((b) => [
      text(b.title),
      { value: null, format: PLAIN_FORMAT },
      number(b.kenpPages, COUNT_FORMAT),
      pending,
    ]),
  ];
  const next = grid.table(
    WHAT_IF_ROW,
    WHAT_IF_TITLE,
    ['', 'Rate per page read', 'KENP pages read', 'Estimated KENP royalties at this rate'],
    rows,
  );
  // "missing" where the pages or the rate are not a number: never a figure made up.
  const formulas = rows.map((_, i) => `=IFERROR(C${rateRow + i}*${rate},"${MISSING}")`);
  return {
    row: next,
    whatIf: { rate: { row: rateRow, column: 2 }, effectiveRate, column: 4, firstRow: rateRow, formulas },
  };
}

function leftGrid(
  bannerText: string,
  tileList: readonly Tile[],
  series: readonly SeriesEconomics[],
  books: readonly BookEconomics[],
  currency: string | null,
): { grid: Grid; whatIf: WhatIf; colours: ColourRule[] } {
  const grid = new GridBuilder(LEFT_WIDTH);
  grid.put(1, 1, bannerText);
  tiles(grid, tileList, currency);
  grid.put(CHARTS_NOTE_ROW, 1, CHARTS_NOTE);
  const money = formatOf('money', currency);
  const planned = whatIfTable(grid, tileList, books, currency);
  // Data rows of a table titled at `top`, in its 1-based columns `from`..`from + width - 1`.
  const area = (top: number, count: number, from: number, width = 1): RuleArea => ({
    row: top + 2,
    column: from,
    rows: count,
    columns: width,
  });
  const tileAt = (measure: Tile['measure']) => tileList.findIndex((t) => t.measure === measure);
  const changeCells = (bad: boolean): RuleArea[] =>
    tileList
      .map((t, i) => ({ t, i }))
      .filter(({ t }) => RISE_IS_BAD.has(t.measure) === bad)
      .map(({ i }) => ({ row: 5, column: 2 + i, rows: 1, columns: 1 }));
  const seriesTop = planned.row;
  let row = grid.table(
    planned.row,
    'Series economics',
    [
      'Series',
      'Readers of book 1',
      'Read-through, book 1 to last',
      'Royalties of the series',
      'Earnings per book-one reader',
      'What it means for ads',
    ],
    series.map((s) => [
      text(s.name),
      number(s.firstReaders, COUNT_FORMAT),
      fromFirstCell(s.throughToLast, s.lastBeyondFirst),
      number(s.royalties, money),
      s.firstReaders === 0 ? notApplicable : number(s.perFirstReader, money),
      s.firstReaders === 0 ? notApplicable : text(breakEvenText(s.perFirstReader, currency)),
    ]),
  );
  const byBookTop = row;
  row = grid.table(
    row,
    'Series read-through, book by book',
    ['Series', 'Book', 'Position', 'Readers', 'Read-through from previous book', 'Read-through from book 1'],
    series.flatMap((s) =>
      s.books.map((b) => [
        text(s.name),
        text(b.title ?? b.bookId),
        number(b.position, COUNT_FORMAT),
        number(b.readers, COUNT_FORMAT),
        b.isFirst && b.fromPrevious === null ? notApplicable : number(b.fromPrevious, PERCENT_FORMAT),
        fromFirstCell(b.fromFirst, b.beyondFirst),
      ]),
    ),
  );
  const booksTop = row;
  grid.table(
    row,
    'Book economics',
    [
      'Book',
      'Series',
      'Royalties',
      'Ad spend',
      'Net profit',
      'TACoS (ad spend ÷ royalties)',
      'KENP pages read',
      'Estimated borrows (pages ÷ KENPC)',
    ],
    books.map((b) => [
      text(b.title),
      { value: b.series ?? '', format: PLAIN_FORMAT },
      number(b.royalties, money),
      number(b.adSpend, money),
      number(b.netProfit, money),
      // A share of no royalties has no meaning; a share of royalties not sent is missing.
      b.tacos === null && b.royalties !== null && b.adSpend !== null
        ? notApplicable
        : number(b.tacos, PERCENT_FORMAT),
      number(b.kenpPages, COUNT_FORMAT),
      number(b.borrows, DECIMAL_FORMAT),
    ]),
  );
  const bookRows = series.reduce((n, s) => n + s.books.length, 0);
  const netProfitTile = tileAt('net_profit');
  const colours = colourRules({
    netProfit: [
      ...(netProfitTile >= 0 ? [{ row: 3, column: 2 + netProfitTile, rows: 1, columns: 1 }] : []),
      area(booksTop, books.length, 5),
    ],
    tacos: [area(booksTop, books.length, 6)],
    readThrough: [area(seriesTop, series.length, 3), area(byBookTop, bookRows, 5, 2)],
    changeUpGood: changeCells(false),
    changeUpBad: changeCells(true),
  });
  return { grid, whatIf: planned.whatIf, colours };
}

/** Column indexes as runs of neighbours: [0, 1, 2] is one range, [0, 3] two. */
function runs(columns: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const c of columns) {
    const last = out[out.length - 1];
    if (last && last[0] + last[1] === c) last[1]++;
    else out.push([c, 1]);
  }
  return out;
}

export function layDashboard(input: {
  readonly bannerText: string;
  readonly tiles: readonly Tile[];
  readonly series: readonly SeriesEconomics[];
  readonly books: readonly BookEconomics[];
  readonly blocks: readonly DataBlock[];
  readonly charts: readonly ChartSpec[];
  readonly currency: string | null;
}): DashboardLayout {
  const { currency } = input;
  const {
    grid: left,
    whatIf,
    colours,
  } = leftGrid(input.bannerText, input.tiles, input.series, input.books, currency);
  const width = input.blocks.reduce((w, b) => w + b.headers.length + 1, 0) - 1;
  const data = new GridBuilder(Math.max(1, width));
  data.put(
    1,
    1,
    'Chart data: the charts read these cells, and every refresh rewrites them.',
    PLAIN_FORMAT,
    true,
  );
  const placed: { block: DataBlock; area: Area }[] = [];
  let column = 1;
  for (const block of input.blocks) {
    block.headers.forEach((h, c) => {
      data.put(2, column + c, h, PLAIN_FORMAT, true);
    });
    block.rows.forEach((row, r) => {
      row.forEach((value, c) => {
        data.put(3 + r, column + c, value, formatOf(block.kinds[c]!, currency));
      });
    });
    placed.push({
      block,
      area: {
        row: 2,
        column: DATA_COLUMN + column - 1,
        rows: 1 + block.rows.length,
        columns: block.headers.length,
      },
    });
    column += block.headers.length + 1;
  }
  const charts = input.charts.map((spec, i): PlacedChart => {
    const { block, area } = placed.find((p) => p.block.key === spec.block)!;
    const columns = spec.columns ?? block.headers.map((_, c) => c);
    return {
      spec,
      ranges: runs(columns).map(([c, n]) => ({
        row: area.row,
        column: area.column + c,
        rows: area.rows,
        columns: n,
      })),
      // Below the frozen header rows: a chart anchored inside them would stay pinned as the sheet scrolls.
      anchor: { row: HEADER_ROWS + 1 + i * CHART_STEP_ROWS, column: CHART_COLUMN },
    };
  });
  return { left, whatIf, colours, data, blocks: placed, charts, currency };
}
