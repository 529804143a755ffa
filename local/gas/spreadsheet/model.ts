// The spreadsheet itself, in memory. It persists across executions; the service objects in
// spreadsheet.ts, sheet.ts and range.ts are views of it made per execution.
import { GasError, messages } from '../messages.ts';
import type { CellValue } from '../types.ts';
import type { GridRect } from './a1.ts';

export interface Cell {
  value: CellValue;
  formula?: string;
  numberFormat?: string;
  fontWeight?: 'bold' | 'normal';
  fontColor?: string;
  background?: string;
  note?: string;
  wrap?: boolean;
  horizontalAlignment?: string;
}

export interface MetadataModel {
  id: number;
  key: string;
  value: string | null;
  visibility: 'DOCUMENT' | 'PROJECT';
}

/** A named range: a name, a sheet and a rectangle on it (named-range.ts has the class and the rules). */
export interface NamedRangeModel {
  name: string;
  sheet: SheetModel;
  rect: GridRect;
}

const DEFAULT_ROWS = 1000;
const DEFAULT_COLUMNS = 26;
export const DEFAULT_COLUMN_WIDTH = 100;

export class SheetModel {
  readonly rows: Array<Array<Cell | undefined> | undefined> = [];
  maxRows = DEFAULT_ROWS;
  maxColumns = DEFAULT_COLUMNS;
  frozenRows = 0;
  frozenColumns = 0;
  readonly columnWidths = new Map<number, number>();
  readonly metadata: MetadataModel[] = [];
  tabColor: string | null = null;
  hidden = false;
  deleted = false;

  constructor(
    readonly sheetId: number,
    public name: string,
  ) {}

  cell(row: number, column: number): Cell | undefined {
    return this.rows[row - 1]?.[column - 1];
  }

  /** The cell, created empty when missing. */
  at(row: number, column: number): Cell {
    let r = this.rows[row - 1];
    if (!r) {
      r = [];
      this.rows[row - 1] = r;
    }
    let c = r[column - 1];
    if (!c) {
      c = { value: '' };
      r[column - 1] = c;
    }
    return c;
  }

  hasContent(row: number, column: number): boolean {
    const c = this.cell(row, column);
    return c !== undefined && (c.value !== '' || c.formula !== undefined);
  }

  lastRow(): number {
    for (let r = this.rows.length; r >= 1; r--) {
      const cells = this.rows[r - 1];
      if (cells?.some((c) => c !== undefined && (c.value !== '' || c.formula !== undefined))) return r;
    }
    return 0;
  }

  lastColumn(): number {
    let last = 0;
    this.rows.forEach((cells) => {
      cells?.forEach((c, i) => {
        if (c !== undefined && (c.value !== '' || c.formula !== undefined) && i + 1 > last) last = i + 1;
      });
    });
    return last;
  }

  checkBounds(row: number, column: number, numRows: number, numColumns: number): void {
    if (this.deleted) throw new GasError(messages.sheetGone);
    if (numRows < 1) throw new GasError(messages.rowsAtLeastOne);
    if (numColumns < 1) throw new GasError(messages.columnsAtLeastOne);
    if (
      !Number.isInteger(row) ||
      !Number.isInteger(column) ||
      !Number.isInteger(numRows) ||
      !Number.isInteger(numColumns) ||
      row < 1 ||
      column < 1 ||
      numRows < 1 ||
      numColumns < 1 ||
      row + numRows - 1 > this.maxRows ||
      column + numColumns - 1 > this.maxColumns
    ) {
      throw new GasError(messages.outOfBounds);
    }
  }

  insertRows(after: number, howMany: number): void {
    this.rows.splice(after, 0, ...new Array<undefined>(howMany).fill(undefined));
    this.maxRows += howMany;
  }

  deleteRows(start: number, howMany: number): void {
    if (start < 1 || howMany < 1 || start + howMany - 1 > this.maxRows)
      throw new GasError(messages.rowsOutOfBounds);
    if (howMany >= this.maxRows - this.frozenRows) throw new GasError(messages.deleteAllRows);
    this.rows.splice(start - 1, howMany);
    this.maxRows -= howMany;
  }

  insertColumns(after: number, howMany: number): void {
    for (const cells of this.rows) cells?.splice(after, 0, ...new Array<undefined>(howMany).fill(undefined));
    this.maxColumns += howMany;
  }

  deleteColumns(start: number, howMany: number): void {
    if (start < 1 || howMany < 1 || start + howMany - 1 > this.maxColumns)
      throw new GasError(messages.columnsOutOfBounds);
    for (const cells of this.rows) cells?.splice(start - 1, howMany);
    this.maxColumns -= howMany;
  }
}

export class SpreadsheetModel {
  readonly sheets: SheetModel[] = [];
  readonly metadata: MetadataModel[] = [];
  readonly namedRanges: NamedRangeModel[] = [];
  activeSheet: SheetModel;
  #nextSheetId = 0;
  #nextMetadataId = 1;

  constructor(
    readonly id: string,
    public name: string,
    readonly owner: string,
    public timeZone: string,
    readonly locale = 'en_US',
  ) {
    this.activeSheet = this.insertSheet('Sheet1', 0);
  }

  sheetByName(name: string): SheetModel | undefined {
    return this.sheets.find((s) => s.name === name);
  }

  checkNewName(name: string, except?: SheetModel): void {
    // Sheets compares names case-insensitively.
    const clash = this.sheets.find((s) => s !== except && s.name.toLowerCase() === name.toLowerCase());
    if (clash) throw new GasError(messages.sheetExists(name));
    if (name.trim() === '') throw new GasError(messages.invalidArgument('sheetName'));
    if (name.length > 100) throw new GasError(messages.invalidArgument('sheetName'));
  }

  insertSheet(name: string | undefined, index: number): SheetModel {
    let sheetName = name;
    if (sheetName === undefined) {
      let n = this.sheets.length + 1;
      while (this.sheetByName(`Sheet${n}`)) n++;
      sheetName = `Sheet${n}`;
    }
    this.checkNewName(sheetName);
    if (!Number.isInteger(index) || index < 0 || index > this.sheets.length)
      throw new GasError(messages.invalidArgument('sheetIndex'));
    const id = this.#nextSheetId === 0 ? 0 : this.#nextSheetId * 7919 + 100_000;
    this.#nextSheetId++;
    const sheet = new SheetModel(id, sheetName);
    this.sheets.splice(index, 0, sheet);
    return sheet;
  }

  deleteSheet(sheet: SheetModel): void {
    if (this.sheets.length === 1) throw new GasError(messages.removeAllSheets);
    const i = this.sheets.indexOf(sheet);
    if (i < 0) throw new GasError(messages.sheetGone);
    this.sheets.splice(i, 1);
    sheet.deleted = true;
    if (this.activeSheet === sheet) this.activeSheet = this.sheets[Math.max(0, i - 1)] ?? this.sheets[0]!;
  }

  newMetadata(key: string, value: string | null, visibility: 'DOCUMENT' | 'PROJECT'): MetadataModel {
    return { id: this.#nextMetadataId++, key, value, visibility };
  }
}
