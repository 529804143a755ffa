// A report table → what the cell spills: the header row and the rows, the truncation banner on top when
// the API says rows are missing; or, with `field`, the one figure or the one column under its header.
import { measureColumnPick, measureFigure, measureNamed } from '../figures';
import { TRUNCATION_WARNING } from '../phrases';
import { AmbiguousFieldError, findColumn, findFigure } from '../report';
import { ambiguityText } from '../report/period-role';
import type { CellValue, ReportTable } from '../report/types';
import { TOTALS_HEADERS } from '../tabs/totals';
import { withBanners } from './banner';
import { type DayToDate, type FormulaCell, fitText, formulaCell } from './cells';
import { FormulaError } from './errors';
import { capRows } from './result-size';

export type FormulaResult = FormulaCell | FormulaCell[][];

interface OutputOptions {
  /** For the unknown-field message: "ROYALTIES_BOOKS". */
  readonly functionName: string;
  readonly field?: string;
  readonly dayToDate: DayToDate;
  /** Shown above the table, a blank row between: the account's own fields above its platforms. */
  readonly lead?: ReportTable;
}

/** Header and rows of one table (no banner), and the figures sent beside the rows in a Totals block to
 * their right, one empty column between, as the tab lays them out (core/tabs/totals.ts). */
function tableCells(table: ReportTable, dayToDate: DayToDate): FormulaCell[][] {
  const cells: FormulaCell[][] = [
    table.columns.map((column) => fitText(column.label)),
    ...table.rows.map((row) => row.map((cell) => formulaCell(cell, dayToDate))),
  ];
  const facts = table.facts || [];
  if (facts.length === 0) return cells;
  const at = table.columns.length + 1;
  const totals: FormulaCell[][] = [
    [...TOTALS_HEADERS],
    ...facts.map((fact) => [fitText(fact.label), formulaCell(fact.value, dayToDate), fitText(fact.key)]),
  ];
  const height = Math.max(cells.length, totals.length);
  const out: FormulaCell[][] = [];
  for (let r = 0; r < height; r++) {
    const row = (cells[r] || []).slice();
    while (row.length < at) row.push('');
    out.push(r < totals.length ? [...row, ...totals[r]!] : row);
  }
  return out;
}

export function formulaOutput(table: ReportTable, options: OutputOptions): FormulaResult {
  // Pages left unread say why, and that the figures are too low, instead of the API's own warning.
  const { truncated, unread } = table.meta;
  const warnings: FormulaCell[] = truncated ? [unread || TRUNCATION_WARNING] : [];
  if (options.field !== undefined) {
    const selected = selectField(table, options.field, options);
    // A figure stands alone so it can be used in arithmetic; under a banner it is visibly unreliable.
    if (!Array.isArray(selected)) return warnings.length > 0 ? withBanners([[selected]], warnings) : selected;
    return capped(selected, 1, warnings, 'give a shorter period');
  }
  // The account's own fields are its facts: shown above as the lead, not again beside the platforms.
  const main = tableCells(options.lead ? { ...table, facts: [] } : table, options.dayToDate);
  const lead = options.lead ? [...tableCells(options.lead, options.dayToDate), []] : [];
  return capped([...lead, ...main], lead.length + 1, warnings, 'give a field, or a shorter period');
}

/** A result Google accepts (result-size.ts): cut to its first rows, with a line saying so, when too big. */
function capped(
  cells: FormulaCell[][],
  first: number,
  warnings: readonly FormulaCell[],
  remedy: string,
): FormulaCell[][] {
  const cut = capRows(cells, first, warnings.length, remedy);
  return withBanners(cut.cells, cut.line === null ? warnings : [...warnings, cut.line]);
}

/** A Metric/Value table answers with the figure; a table of rows with the column (a shape that stays the
 * same however many rows come back); failing both, a figure beside the rows (a total). */
function selectField(
  table: ReportTable,
  field: string,
  options: OutputOptions,
): FormulaCell | FormulaCell[][] {
  try {
    return selectNamed(table, field, options);
  } catch (error) {
    if (error instanceof AmbiguousFieldError) throw new FormulaError(error.message);
    throw error;
  }
}

function selectNamed(
  table: ReportTable,
  field: string,
  options: OutputOptions,
): FormulaCell | FormulaCell[][] {
  // A measure's name is matched exactly, then read by the figure catalogue's rules (the tiles' and checks'
  // own), never by a key's last segment: `best_book.royalties` is not the period's royalties.
  const measure = measureNamed(field);
  const match = measure === null ? 'or-last-segment' : 'exact';
  if (table.layout !== 'metric-value') {
    const column = findColumn(table, field, match);
    if (column >= 0) return columnCells(table, column, options);
  }
  const figure = findFigure(table, field, match);
  if (figure !== undefined) return formulaCell(figure, options.dayToDate);
  // Not by that exact name: a measure of the catalogue, however this response spells it
  // (`"royalties"` finds `totalRoyalties`, `metrics.royalties.amount`…).
  if (measure !== null) {
    const column = measureColumnPick(table, measure);
    if (column !== null && 'index' in column) return columnCells(table, column.index, options);
    if (column !== null) throw new FormulaError(ambiguityText(field, column.ambiguous));
    const found = measureFigure(table, measure);
    if (found.found) return formulaCell(found.value, options.dayToDate);
    if (found.ambiguous) throw new FormulaError(ambiguityText(field, found.ambiguous));
  }
  throw new FormulaError(unknownFieldMessage(table, field, options.functionName));
}

function columnCells(table: ReportTable, column: number, options: OutputOptions): FormulaCell[][] {
  return [
    [fitText(table.columns[column]!.label)],
    ...table.rows.map((row) => [formulaCell(row[column] as CellValue, options.dayToDate)]),
  ];
}

/** Keep the hover note readable: the names a formula may use, cut after a few hundred characters. */
const MAX_LISTED_CHARS = 300;

function availableFields(table: ReportTable): string[] {
  const keyColumn = table.columns.findIndex((column) => column.key === 'key');
  const keys =
    table.layout === 'metric-value'
      ? table.rows.map((row) => String(row[keyColumn]))
      : [...table.columns.map((column) => column.key), ...(table.facts || []).map((fact) => fact.key)];
  return [...new Set(keys.filter((key) => key !== ''))];
}

function unknownFieldMessage(table: ReportTable, field: string, functionName: string): string {
  let listed = '';
  for (const key of availableFields(table)) {
    const next = listed === '' ? key : `${listed}, ${key}`;
    if (next.length > MAX_LISTED_CHARS) {
      listed = `${listed}, …`;
      break;
    }
    listed = next;
  }
  const what = `${functionName} has no field "${field.slice(0, 40)}".`;
  return listed === '' ? `${what} This response has no fields.` : `${what} Available: ${listed}.`;
}
