// Emulator.sheetSnapshot: everything about one sheet, read straight from the model for assertions.
import { displayed } from './spreadsheet/display.ts';
import type { Cell, SpreadsheetModel } from './spreadsheet/model.ts';
import type { SheetSnapshot } from './types.ts';

export function snapshotOf(spreadsheet: SpreadsheetModel, name: string): SheetSnapshot {
  const sheet = spreadsheet.sheetByName(name);
  if (!sheet)
    throw new Error(
      `No sheet named "${name}" (sheets: ${spreadsheet.sheets.map((s) => s.name).join(', ')}).`,
    );
  // Formats count too: a header row formatted but empty still shows in the snapshot.
  let rows = 0;
  let columns = 0;
  sheet.rows.forEach((cells, r) => {
    cells?.forEach((c, i) => {
      if (c === undefined) return;
      rows = Math.max(rows, r + 1);
      columns = Math.max(columns, i + 1);
    });
  });
  const grid = <T>(read: (c: Cell | undefined) => T): T[][] =>
    Array.from({ length: rows }, (_, r) =>
      Array.from({ length: columns }, (_, c) => read(sheet.cell(r + 1, c + 1))),
    );
  let shown: string[][] | null = null;
  return {
    name: sheet.name,
    sheetId: sheet.sheetId,
    index: spreadsheet.sheets.indexOf(sheet) + 1,
    maxRows: sheet.maxRows,
    maxColumns: sheet.maxColumns,
    values: grid((c) => {
      const v = c?.value ?? '';
      return v instanceof Date ? new Date(v.getTime()) : v;
    }),
    formulas: grid((c) => c?.formula ?? ''),
    // Formatting every date is the costly part of a snapshot (a ledger holds thousands): made when read.
    get displayed() {
      shown ??= grid((c) => displayed(c, spreadsheet.timeZone));
      return shown;
    },
    numberFormats: grid((c) => c?.numberFormat ?? 'General'),
    fontWeights: grid((c) => c?.fontWeight ?? 'normal'),
    fontColors: grid((c) => c?.fontColor ?? '#000000'),
    backgrounds: grid((c) => c?.background ?? '#ffffff'),
    notes: grid((c) => c?.note ?? ''),
    frozenRows: sheet.frozenRows,
    frozenColumns: sheet.frozenColumns,
    columnWidths: Object.fromEntries(sheet.columnWidths),
    developerMetadata: sheet.metadata.map((m) => ({ ...m })),
  };
}
