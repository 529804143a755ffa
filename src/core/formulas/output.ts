// A report table → what the cell spills: the header row and the rows, the truncation banner on top when
// the API says rows are missing; or, with `field`, the one figure or the one column under its header.

import { TRUNCATION_WARNING } from '../base/phrases';
import { measureColumnPick, measureFigure, measureNamed } from '../figures';
import { AmbiguousFieldError, currencyColumnOf, findColumn, findFigure, readingWarnings } from '../report';
import { fitText } from '../report/cell-value';
import type { ReportTable } from '../report/types';
import { TOTALS_HEADERS } from '../tabs/totals';
import { type DayToDate, type FormulaCell, formulaCell } from './cells';
import { FormulaError } from './errors';
import { padded, withBanners } from './result-size';

export type FormulaResult = FormulaCell | FormulaCell[][];

interface OutputOptions {
  /** For the unknown-field message: "ROYALTIES_BOOKS". */
  readonly functionName: string;
  readonly field?: string | undefined;
  readonly dayToDate: DayToDate;
  /** Shown above the table, a blank row between: the account's own fields above its platforms. */
  readonly lead?: ReportTable | undefined;
}

/** Header and rows of one table (no banner), and the figures sent beside the rows in a Totals block to
 * their right, one empty column between, as the tab lays them out (core/tabs/totals.ts). */
function tableCells(table: ReportTable, dayToDate: DayToDate): FormulaCell[][] {
  const cells = [
    table.columns.map((column) => fitText(column.label)),
    ...table.rows.map((row) => row.map((cell) => formulaCell(cell, dayToDate))),
  ];
  const facts = table.facts || [];
  if (!facts.length) return cells;
  const totals: (readonly FormulaCell[])[] = [
    TOTALS_HEADERS,
    ...facts.map((fact) => [fitText(fact.label), formulaCell(fact.value, dayToDate), fitText(fact.key)]),
  ];
  return Array.from({ length: Math.max(cells.length, totals.length) }, (_, r) => [
    ...padded(cells[r] || [], table.columns.length + 1),
    ...(totals[r] || []),
  ]);
}

export function formulaOutput(table: ReportTable, options: OutputOptions): FormulaResult {
  // Pages left unread say why, and that the figures are too low, instead of the API's own warning.
  const { truncated, unread } = table.meta;
  const warnings = [...(truncated ? [unread || TRUNCATION_WARNING] : []), ...readingWarnings(table.meta)];
  const { field, lead, dayToDate } = options;
  if (field !== undefined) {
    const selected = selectField(table, field, options);
    if (Array.isArray(selected)) return withBanners(selected, 1, warnings, 'give a shorter period');
    // A figure stands alone so it can be used in arithmetic; under a banner it is visibly unreliable.
    return warnings.length ? withBanners([[selected]], 1, warnings, '') : selected;
  }
  // The account's own fields are its facts: shown above as the lead, not again beside the platforms.
  const top = lead ? [...tableCells(lead, dayToDate), []] : [];
  const cells = [...top, ...tableCells(lead ? { ...table, facts: [] } : table, dayToDate)];
  return withBanners(cells, top.length + 1, warnings, 'give a field, or a shorter period');
}

/** A table of rows answers with the column (a shape that stays the same however many rows come back); a
 * Metric/Value table with the figure; failing both, a figure beside the rows (a total). */
function selectField(
  table: ReportTable,
  field: string,
  { dayToDate, functionName }: OutputOptions,
): FormulaCell | FormulaCell[][] {
  const column = (at: number) => {
    // Rows in several currencies: each figure labelled with its currency, never one list to add up.
    const currencyAt = table.meta.currencies ? currencyColumnOf(table, at) : -1;
    if (currencyAt >= 0 && currencyAt !== at)
      return [
        [fitText(table.columns[currencyAt]!.label), fitText(table.columns[at]!.label)],
        ...table.rows.map((row) => [
          formulaCell(row[currencyAt]!, dayToDate),
          formulaCell(row[at]!, dayToDate),
        ]),
      ];
    return [
      [fitText(table.columns[at]!.label)],
      ...table.rows.map((row) => [formulaCell(row[at]!, dayToDate)]),
    ];
  };
  // A measure's name is matched exactly, then read by the figure catalogue's rules (the tiles' and checks'
  // own), never by a key's last segment: `best_book.royalties` is not the period's royalties.
  const measure = measureNamed(field);
  const match = measure === null ? 'or-last-segment' : 'exact';
  try {
    const at = table.layout === 'metric-value' ? -1 : findColumn(table, field, match);
    if (at >= 0) return column(at);
    const figure = findFigure(table, field, match);
    if (figure !== undefined) return formulaCell(figure, dayToDate);
    // Not by that exact name: a measure of the catalogue, however this response spells it
    // (`"royalties"` finds `totalRoyalties`, `metrics.royalties.amount`…).
    if (measure !== null) {
      const pick = measureColumnPick(table, measure) || measureFigure(table, measure);
      if ('index' in pick) return column(pick.index);
      if ('value' in pick) return formulaCell(pick.value, dayToDate);
      if (pick.ambiguous) throw new AmbiguousFieldError(field, pick.ambiguous);
    }
  } catch (error) {
    throw error instanceof AmbiguousFieldError ? new FormulaError(error.message) : error;
  }
  throw new FormulaError(unknownFieldMessage(table, field, functionName));
}

/** Keep the hover note readable: the names a formula may use, cut after a few hundred characters. */
const MAX_LISTED_CHARS = 300;

function unknownFieldMessage(table: ReportTable, field: string, functionName: string): string {
  const keyAt = table.columns.findIndex((column) => column.key === 'key');
  const keys =
    table.layout === 'metric-value'
      ? table.rows.map((row) => String(row[keyAt]))
      : [...table.columns, ...(table.facts || [])].map((named) => named.key);
  let listed = '';
  for (const key of new Set(keys)) {
    if (key === '') continue;
    const next = listed ? `${listed}, ${key}` : key;
    if (next.length > MAX_LISTED_CHARS) {
      listed += ', …';
      break;
    }
    listed = next;
  }
  const what = `${functionName} has no field "${field.slice(0, 40)}".`;
  return listed ? `${what} Available: ${listed}.` : `${what} This response has no fields.`;
}
