// A tab's block: row 1 the banner, row 2 the headers, data from row 3, in the column order of the last
// refresh so the author's formulas keep pointing at the same figures. Everything the writer sends to the
// sheet is computed here, as whole-block arrays, so a tab costs the same few service calls for any row count.
import { type CellValue, type ReportTable, TEXT } from '../report';
import { BANNER_BACKGROUND, type Banner } from './banner';
import { type SheetCell, sheetCell } from './cells';
import { cellFormat, hintFormat, PLAIN_FORMAT } from './formats';
import { arrangeTotals, TOTALS_HEADERS, TOTALS_WIDTH, type TotalsPlace } from './totals';

/** Rows above the data: the banner and the headers. */
export const HEADER_ROWS = 2;

/** The header of a tab whose response has no rows and no previous refresh named its columns (a report cut
 * to nothing on its first refresh): the header row says so rather than standing empty. */
export const NO_ROWS_HEADER = '(no rows sent)';

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
  const keys = [...new Set([...previous, ...table.columns.map((c) => c.key)])];
  const from = keys.map((key) => table.columns.findIndex((c) => c.key === key));
  if (keys.length === table.columns.length && from.every((f, i) => f === i)) return table;
  return {
    ...table,
    columns: keys.map((key, i) =>
      from[i]! < 0 ? { key, label: `${labelFor(key)}${NOT_SENT}`, format: TEXT } : table.columns[from[i]!]!,
    ),
    rows: table.rows.map((row) => from.map((f) => (f < 0 ? null : row[f]!))),
  };
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
  const { columns, rows } = table;
  const totals = arrangeTotals(table.facts || [], previousTotals, columns.length);
  const width = blockWidth(columns.length, totals?.place ?? null);
  const height = Math.max(rows.length, totals?.rows.length ?? 0, previousBlockRows - HEADER_ROWS);
  const columnFormats = columns.map((c) => hintFormat(c.format));
  // Metric/Value tables format each row's value by its own hint (money beside integers).
  const rowFormats = (table.layout === 'metric-value' && table.rowFormats) || [];
  const valueColumn = columns.findIndex((c) => c.key === 'value');
  const labels = columns.length ? columns.map((c) => c.label) : [NO_ROWS_HEADER];
  /** Every cell of the block, row by row: the banner, the headers, then the data rows. Past the rows' own
   * columns (the gap and the Totals block) and below the rows: empty (the Totals block filled below). */
  const across = <T>(cell: (c: number, r: number, row: readonly CellValue[]) => T): T[][] =>
    Array.from({ length: HEADER_ROWS + height }, (_, r) =>
      Array.from({ length: width }, (_, c) => cell(c, r, rows[r - HEADER_ROWS] || [])),
    );
  const values = across((c, r, row) => sheetCell(r > 1 ? row[c]! : r ? labels[c]! : c ? '' : banner.text));
  const numberFormats = across((c, r, row) => {
    const rowHint = rowFormats[r - HEADER_ROWS];
    return r < HEADER_ROWS
      ? PLAIN_FORMAT
      : cellFormat(
          row[c]!,
          (c === valueColumn && rowHint ? hintFormat(rowHint) : columnFormats[c]) || PLAIN_FORMAT,
        );
  });
  const fontWeights = across((_, r): FontWeight => (r < HEADER_ROWS ? 'bold' : 'normal'));
  const backgrounds = across((_, r) => (r ? null : BANNER_BACKGROUND[banner.tone]));
  if (totals) {
    // The Totals block into the arrays (already wide and high enough): its headers in the header row.
    const at = totals.place.at;
    values[HEADER_ROWS - 1]!.splice(at, TOTALS_WIDTH, ...TOTALS_HEADERS.map(sheetCell));
    totals.rows.forEach((fact, r) => {
      values[HEADER_ROWS + r]!.splice(at, TOTALS_WIDTH, ...[fact.label, fact.value, fact.key].map(sheetCell));
      numberFormats[HEADER_ROWS + r]![at + 1] = cellFormat(fact.value, hintFormat(fact.format));
    });
  }
  return {
    columns: columns.map((c) => c.key),
    values,
    numberFormats,
    fontWeights,
    backgrounds,
    dataRows: rows.length,
    totals: totals?.place,
  };
}
