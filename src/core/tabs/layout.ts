// A tab's block: row 1 the banner, row 2 the headers, data from row 3, in the column order of the last
// refresh so the author's formulas keep pointing at the same figures. Everything the writer sends to the
// sheet is computed here, as whole-block arrays, so a tab costs the same few service calls for any row count.
import { type CellValue, type ReportColumn, type ReportTable, TEXT } from '../report';
import { BANNER_BACKGROUND, type Banner } from './banner';
import { type SheetCell, sheetCell } from './cells';
import { cellFormat, hintFormat, PLAIN_FORMAT } from './formats';
import { arrangeTotals, TOTALS_HEADERS, TOTALS_WIDTH, type TotalsBlock, type TotalsPlace } from './totals';

/** Rows above the data: the banner and the headers. */
export const HEADER_ROWS = 2;

/** The header of a tab whose response has no rows and no previous refresh named its columns (a report cut
 * to nothing on its first refresh): the header row says so rather than standing empty. */
export const NO_ROWS_HEADER = '(no rows in this response)';

type FontWeight = 'bold' | 'normal';

/** After the header of a column the last refresh had and this response did not send. */
const NOT_SENT = ' (not sent this time)';

/**
 * Known columns keep their positions; columns that vanished stay where they were, empty, so a formula's
 * column reference never slides onto another figure, and their header says they were not sent (an empty
 * column summed would read 0); new columns are appended. Idempotent.
 */
export function arrangeColumns(
  table: ReportTable,
  previous: readonly string[],
  labelFor: (key: string) => string,
): ReportTable {
  const index = new Map<string, number>();
  table.columns.forEach((c, i) => {
    if (!index.has(c.key)) index.set(c.key, i);
  });
  const seen = new Set<string>();
  const order: Array<{ column: ReportColumn; from: number }> = [];
  for (const key of previous) {
    if (seen.has(key)) continue;
    seen.add(key);
    const from = index.get(key);
    order.push(
      from === undefined
        ? { column: { key, label: `${labelFor(key)}${NOT_SENT}`, format: TEXT }, from: -1 }
        : { column: table.columns[from]!, from },
    );
  }
  table.columns.forEach((column, from) => {
    if (seen.has(column.key)) return;
    seen.add(column.key);
    order.push({ column, from });
  });
  const unchanged = order.length === table.columns.length && order.every((o, i) => o.from === i);
  if (unchanged) return table;
  const rows = table.rows.map((row) => order.map((o) => (o.from < 0 ? null : (row[o.from] as CellValue))));
  return { ...table, columns: order.map((o) => o.column), rows };
}

export interface TabBlock {
  /** Column keys in sheet order: what the mark remembers. */
  readonly columns: readonly string[];
  readonly values: SheetCell[][];
  readonly numberFormats: string[][];
  readonly fontWeights: FontWeight[][];
  readonly backgrounds: (string | null)[][];
  /** Data rows (banner and header excluded). */
  readonly dataRows: number;
  /** Where the Totals block stands (totals.ts), when there is one: what the mark remembers. */
  readonly totals?: TotalsPlace;
}

/** Columns a tab's block spans: its table's, or to the end of its Totals block. */
export function blockWidth(columns: number, totals: TotalsPlace | null): number {
  return totals ? totals.at + TOTALS_WIDTH : Math.max(1, columns);
}

/**
 * The whole block for one write. `previousBlockRows` is the height written last time: rows of it below the
 * new data are written empty in the same call, which clears stale rows without touching anything below.
 */
export function tabBlock(
  table: ReportTable,
  banner: Banner,
  previousBlockRows: number,
  previousTotals: TotalsPlace | null = null,
): TabBlock {
  const totals = arrangeTotals(table.facts || [], previousTotals, table.columns.length);
  const width = blockWidth(table.columns.length, totals ? totals.place : null);
  const height = Math.max(
    HEADER_ROWS + table.rows.length,
    totals ? HEADER_ROWS + totals.rows.length : 0,
    previousBlockRows,
  );
  const filled = <T>(value: T): T[] => new Array<T>(width).fill(value);
  const columnFormats = table.columns.map((c) => hintFormat(c.format));
  // Metric/Value tables format each row's value by its own hint (money beside integers).
  const rowFormats = (table.layout === 'metric-value' && table.rowFormats) || [];
  const valueColumn = table.columns.findIndex((c) => c.key === 'value');

  const bannerRow = filled<SheetCell>('');
  bannerRow[0] = sheetCell(banner.text);
  const headers = filled<SheetCell>('');
  table.columns.forEach((c, i) => {
    headers[i] = sheetCell(c.label);
  });
  if (table.columns.length === 0) headers[0] = sheetCell(NO_ROWS_HEADER);
  const values: SheetCell[][] = [bannerRow, headers];
  const numberFormats = [filled(PLAIN_FORMAT), filled(PLAIN_FORMAT)];
  const fontWeights = [filled<FontWeight>('bold'), filled<FontWeight>('bold')];
  const backgrounds = [filled<string | null>(BANNER_BACKGROUND[banner.tone]), filled<string | null>(null)];

  for (let r = 0; r < height - HEADER_ROWS; r++) {
    const row: readonly CellValue[] | undefined = table.rows[r];
    fontWeights.push(filled<FontWeight>('normal'));
    backgrounds.push(filled<string | null>(null));
    if (!row) {
      values.push(filled<SheetCell>(''));
      numberFormats.push(filled(PLAIN_FORMAT));
      continue;
    }
    const rowHint = rowFormats[r];
    const rowHintFormat = rowHint ? hintFormat(rowHint) : null;
    const cells: SheetCell[] = [];
    const formats: string[] = [];
    for (let c = 0; c < width; c++) {
      // Past the rows' own columns (the gap and the Totals block): empty here, filled below.
      const value = c < table.columns.length ? (row[c] ?? null) : null;
      cells.push(sheetCell(value));
      const hinted = c === valueColumn && rowHintFormat ? rowHintFormat : columnFormats[c];
      formats.push(cellFormat(value, hinted || PLAIN_FORMAT));
    }
    values.push(cells);
    numberFormats.push(formats);
  }
  if (totals) placeTotals(totals, values, numberFormats);
  return {
    columns: table.columns.map((c) => c.key),
    values,
    numberFormats,
    fontWeights,
    backgrounds,
    dataRows: table.rows.length,
    ...(totals ? { totals: totals.place } : {}),
  };
}

/** The Totals block into the block's arrays (already wide and high enough): headers in the header row. */
function placeTotals(totals: TotalsBlock, values: SheetCell[][], numberFormats: string[][]): void {
  const at = totals.place.at;
  TOTALS_HEADERS.forEach((header, i) => {
    values[HEADER_ROWS - 1]![at + i] = sheetCell(header);
  });
  totals.rows.forEach((fact, r) => {
    const row = HEADER_ROWS + r;
    values[row]![at] = sheetCell(fact.label);
    values[row]![at + 1] = sheetCell(fact.value);
    values[row]![at + 2] = sheetCell(fact.key);
    numberFormats[row]![at + 1] = cellFormat(fact.value, hintFormat(fact.format));
  });
}
