// The emulator's view of one sheet → the tab the workbook writes.
import { parseArithmetic } from '../gas/spreadsheet/arithmetic.ts';
import type { SheetSnapshot } from '../gas/types.ts';
import type { SheetCell } from './cells.ts';
import type { ExportTab } from './workbook.ts';

type SnapshotParts = Pick<
  SheetSnapshot,
  | 'name'
  | 'values'
  | 'numberFormats'
  | 'fontWeights'
  | 'fontColors'
  | 'backgrounds'
  | 'frozenRows'
  | 'columnWidths'
> &
  Partial<Pick<SheetSnapshot, 'formulas'>>;

/** A formula Excel computes too (plain arithmetic); a custom function's cell keeps its value instead. */
function portableFormula(formula: string | undefined): string | undefined {
  return formula && parseArithmetic(formula) ? formula : undefined;
}

export function exportTabFrom(snapshot: SnapshotParts): ExportTab {
  const cells: SheetCell[][] = snapshot.values.map((row, r) =>
    row.map((value, c) => ({
      value,
      numberFormat: snapshot.numberFormats[r]?.[c],
      fontWeight: snapshot.fontWeights[r]?.[c],
      fontColor: snapshot.fontColors[r]?.[c],
      background: snapshot.backgrounds[r]?.[c],
      formula: portableFormula(snapshot.formulas?.[r]?.[c]),
    })),
  );
  const columns = Math.max(0, ...snapshot.values.map((row) => row.length));
  // Sheets numbers columns from 1.
  const columnWidths = Array.from({ length: columns }, (_, c) => snapshot.columnWidths[c + 1]);
  return { name: snapshot.name, cells, frozenRows: snapshot.frozenRows, columnWidths };
}
