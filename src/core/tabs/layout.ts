// A tab's block: row 1 the banner, row 2 the headers, data from row 3, in the column order of the last
// refresh so the author's formulas keep pointing at the same figures. Everything the writer sends to the
// sheet is computed here, as whole-block arrays, so a tab costs the same few service calls for any row count.
import type { CellValue, FormatHint, ReportColumn, ReportTable } from '../report';
import { BANNER_BACKGROUND, type Banner } from './banner';
import { type SheetCell, sheetCell } from './cells';
import { cellFormat, hintFormat, PLAIN_FORMAT } from './formats';

/** Rows above the data: the banner and the headers. */
export const HEADER_ROWS = 2;

const TEXT: FormatHint = { kind: 'text' };

export type FontWeight = 'bold' | 'normal';

/**
 * Known columns keep their positions; columns that vanished stay where they were, empty, so a formula's
 * column reference never slides onto another figure; new columns are appended. Idempotent.
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
        ? { column: { key, label: labelFor(key), format: TEXT }, from: -1 }
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
  const rows = table.rows.map((row) => order.map((o) => (o.from < 0 ? null : (row[o.from] ?? null))));
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
}

/**
 * The whole block for one write. `previousBlockRows` is the height written last time: rows of it below the
 * new data are written empty in the same call, which clears stale rows without touching anything below.
 */
export function tabBlock(table: ReportTable, banner: Banner, previousBlockRows: number): TabBlock {
  const width = Math.max(1, table.columns.length);
  const height = Math.max(HEADER_ROWS + table.rows.length, previousBlockRows);
  const blank = (): SheetCell[] => new Array<SheetCell>(width).fill('');
  const plain = (): string[] => new Array<string>(width).fill(PLAIN_FORMAT);
  const columnFormats = table.columns.map((c) => hintFormat(c.format));
  // Metric/Value tables format each row's value by its own hint (money beside integers).
  const rowFormats = table.layout === 'metric-value' ? table.rowFormats : undefined;
  const valueColumn = table.columns.findIndex((c) => c.key === 'value');

  const values: SheetCell[][] = new Array(height);
  const numberFormats: string[][] = new Array(height);
  const fontWeights: FontWeight[][] = new Array(height);
  const backgrounds: (string | null)[][] = new Array(height);

  const bannerRow = blank();
  bannerRow[0] = sheetCell(banner.text);
  values[0] = bannerRow;
  values[1] = table.columns.length ? table.columns.map((c) => sheetCell(c.label)) : blank();
  numberFormats[0] = plain();
  numberFormats[1] = plain();
  fontWeights[0] = new Array<FontWeight>(width).fill('bold');
  fontWeights[1] = new Array<FontWeight>(width).fill('bold');
  backgrounds[0] = new Array<string | null>(width).fill(BANNER_BACKGROUND[banner.tone]);
  backgrounds[1] = new Array<string | null>(width).fill(null);

  const normal = new Array<FontWeight>(width).fill('normal');
  const none = new Array<string | null>(width).fill(null);
  for (let r = 0; r < height - HEADER_ROWS; r++) {
    const at = r + HEADER_ROWS;
    const row: readonly CellValue[] | undefined = table.rows[r];
    fontWeights[at] = normal.slice();
    backgrounds[at] = none.slice();
    if (!row) {
      values[at] = blank();
      numberFormats[at] = plain();
      continue;
    }
    const rowHint = rowFormats?.[r];
    const rowHintFormat = rowHint ? hintFormat(rowHint) : null;
    const cells: SheetCell[] = new Array(width);
    const formats: string[] = new Array(width);
    for (let c = 0; c < width; c++) {
      const value = row[c] ?? null;
      cells[c] = sheetCell(value);
      const hinted = c === valueColumn && rowHintFormat ? rowHintFormat : columnFormats[c];
      formats[c] = cellFormat(value, hinted ?? PLAIN_FORMAT);
    }
    values[at] = cells;
    numberFormats[at] = formats;
  }
  return {
    columns: table.columns.map((c) => c.key),
    values,
    numberFormats,
    fontWeights,
    backgrounds,
    dataRows: table.rows.length,
  };
}
