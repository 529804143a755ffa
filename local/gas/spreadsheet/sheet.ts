// Sheet: one tab of the spreadsheet.
import type { Env } from '../env.ts';
import { GasObject } from '../gas-object.ts';
import { GasError, messages, typeNames } from '../messages.ts';
import { parseA1, splitSheetName } from './a1.ts';
import { checkCellText } from './cell-limit.ts';
import { type EmbeddedChart, type EmbeddedChartBuilder, sheetCharts } from './charts.ts';
import { type ConditionalFormatRule, sheetRules } from './conditional-format.ts';
import type { SpreadsheetHandle } from './handles.ts';
import { addMetadata, type DeveloperMetadata, metadataOf } from './metadata.ts';
import { DEFAULT_COLUMN_WIDTH, type SheetModel } from './model.ts';
import { Range, RangeList, writeCell } from './range.ts';

export class Sheet extends GasObject {
  readonly _class = 'Sheet';

  constructor(
    env: Env,
    readonly _parent: SpreadsheetHandle,
    readonly _model: SheetModel,
  ) {
    super(env);
  }

  _live(): SheetModel {
    if (this._model.deleted) throw new GasError(messages.sheetGone);
    return this._model;
  }

  getName(): string {
    return this._live().name;
  }
  setName(name: string): Sheet {
    const model = this._live();
    const text = String(name);
    this._env.world.spreadsheet.checkNewName(text, model);
    model.name = text;
    this._env.capture(text);
    return this;
  }
  getSheetId(): number {
    return this._live().sheetId;
  }
  getIndex(): number {
    return this._env.world.spreadsheet.sheets.indexOf(this._live()) + 1;
  }
  getParent(): SpreadsheetHandle {
    return this._parent;
  }
  activate(): Sheet {
    this._env.world.spreadsheet.activeSheet = this._live();
    return this;
  }

  getRange(...args: unknown[]): Range {
    const model = this._live();
    if (args.length === 1 && typeof args[0] === 'string') {
      const { sheet, cells } = splitSheetName(args[0]);
      if (sheet !== null && sheet !== model.name) throw new GasError(messages.rangeNotFound);
      const rect = parseA1(cells, model.maxRows, model.maxColumns);
      model.checkBounds(rect.row, rect.column, rect.numRows, rect.numColumns);
      return new Range(this._env, this, rect);
    }
    if (args.length >= 2 && args.length <= 4 && args.every((a) => typeof a === 'number')) {
      const [row, column, numRows = 1, numColumns = 1] = args as number[];
      model.checkBounds(row!, column!, numRows, numColumns);
      return new Range(this._env, this, { row: row!, column: column!, numRows, numColumns });
    }
    throw new GasError(messages.signature('SpreadsheetApp.Sheet.getRange', typeNames(args)));
  }
  getRangeList(a1Notations: string[]): RangeList {
    if (!Array.isArray(a1Notations))
      throw new GasError(messages.signature('SpreadsheetApp.Sheet.getRangeList', typeNames([a1Notations])));
    return new RangeList(
      this._env,
      a1Notations.map((a1) => this.getRange(String(a1))),
    );
  }
  getDataRange(): Range {
    return this.getRange(1, 1, Math.max(1, this.getLastRow()), Math.max(1, this.getLastColumn()));
  }

  getLastRow(): number {
    return this._live().lastRow();
  }
  getLastColumn(): number {
    return this._live().lastColumn();
  }
  getMaxRows(): number {
    return this._live().maxRows;
  }
  getMaxColumns(): number {
    return this._live().maxColumns;
  }

  insertRowsAfter(afterPosition: number, howMany: number): Sheet {
    this._checkPosition(afterPosition, this._live().maxRows, howMany);
    this._model.insertRows(afterPosition, howMany);
    return this;
  }
  insertRowsBefore(beforePosition: number, howMany: number): Sheet {
    this._checkPosition(beforePosition - 1, this._live().maxRows, howMany);
    this._model.insertRows(beforePosition - 1, howMany);
    return this;
  }
  insertColumnsAfter(afterPosition: number, howMany: number): Sheet {
    this._checkPosition(afterPosition, this._live().maxColumns, howMany);
    this._model.insertColumns(afterPosition, howMany);
    return this;
  }
  insertColumnsBefore(beforePosition: number, howMany: number): Sheet {
    this._checkPosition(beforePosition - 1, this._live().maxColumns, howMany);
    this._model.insertColumns(beforePosition - 1, howMany);
    return this;
  }
  _checkPosition(after: number, max: number, howMany: number): void {
    if (!Number.isInteger(after) || after < 0 || after > max || !Number.isInteger(howMany) || howMany < 1)
      throw new GasError(messages.outOfBounds);
  }
  deleteRows(rowPosition: number, howMany: number): void {
    this._live().deleteRows(rowPosition, howMany);
  }
  deleteRow(rowPosition: number): Sheet {
    this._live().deleteRows(rowPosition, 1);
    return this;
  }
  deleteColumns(columnPosition: number, howMany: number): void {
    this._live().deleteColumns(columnPosition, howMany);
  }
  appendRow(rowContents: unknown[]): Sheet {
    const model = this._live();
    if (!Array.isArray(rowContents))
      throw new GasError(messages.signature('SpreadsheetApp.Sheet.appendRow', typeNames([rowContents])));
    for (const v of rowContents) checkCellText(v);
    const row = model.lastRow() + 1;
    // appendRow grows the grid where setValues would not.
    if (row > model.maxRows) model.insertRows(model.maxRows, row - model.maxRows);
    if (rowContents.length > model.maxColumns)
      model.insertColumns(model.maxColumns, rowContents.length - model.maxColumns);
    rowContents.forEach((v, i) => {
      writeCell(this._env, model.at(row, i + 1), v);
    });
    return this;
  }

  setFrozenRows(rows: number): void {
    const model = this._live();
    if (!Number.isInteger(rows) || rows < 0 || rows >= model.maxRows)
      throw new GasError(messages.outOfBounds);
    model.frozenRows = rows;
  }
  getFrozenRows(): number {
    return this._live().frozenRows;
  }
  setFrozenColumns(columns: number): void {
    const model = this._live();
    if (!Number.isInteger(columns) || columns < 0 || columns >= model.maxColumns)
      throw new GasError(messages.outOfBounds);
    model.frozenColumns = columns;
  }
  getFrozenColumns(): number {
    return this._live().frozenColumns;
  }
  setColumnWidth(columnPosition: number, width: number): Sheet {
    return this.setColumnWidths(columnPosition, 1, width);
  }
  setColumnWidths(startColumn: number, numColumns: number, width: number): Sheet {
    const model = this._live();
    model.checkBounds(1, startColumn, 1, numColumns);
    if (!Number.isFinite(width) || width < 0) throw new GasError(messages.invalidArgument('width'));
    for (let c = startColumn; c < startColumn + numColumns; c++) model.columnWidths.set(c, Math.round(width));
    return this;
  }
  getColumnWidth(columnPosition: number): number {
    return this._live().columnWidths.get(columnPosition) ?? DEFAULT_COLUMN_WIDTH;
  }
  /** Sheets measures the text; the emulator cannot, so it records nothing (README.md). */
  autoResizeColumns(startColumn: number, numColumns: number): Sheet {
    this._live().checkBounds(1, startColumn, 1, numColumns);
    return this;
  }

  clear(options?: { contentsOnly?: boolean; formatOnly?: boolean }): Sheet {
    this._whole().clear(options);
    return this;
  }
  clearContents(): Sheet {
    this._whole().clearContent();
    return this;
  }
  clearFormats(): Sheet {
    this._whole().clearFormat();
    return this;
  }
  clearNotes(): Sheet {
    this._whole().clearNote();
    return this;
  }
  _whole(): Range {
    const model = this._live();
    return new Range(this._env, this, {
      row: 1,
      column: 1,
      numRows: model.maxRows,
      numColumns: model.maxColumns,
    });
  }

  setTabColor(color: string | null): Sheet {
    this._live().tabColor = color === null ? null : String(color).toLowerCase();
    return this;
  }
  getTabColor(): string | null {
    return this._live().tabColor;
  }
  hideSheet(): Sheet {
    this._live().hidden = true;
    return this;
  }
  showSheet(): Sheet {
    this._live().hidden = false;
    return this;
  }
  isSheetHidden(): boolean {
    return this._live().hidden;
  }

  addDeveloperMetadata(...args: unknown[]): Sheet {
    addMetadata(this._env, this._live().metadata, args);
    return this;
  }
  getDeveloperMetadata(): DeveloperMetadata[] {
    return metadataOf(this._env, this._parent, this._live().metadata);
  }

  // Embedded charts: charts.ts.
  newChart(): EmbeddedChartBuilder {
    return sheetCharts.newChart(this._env, this);
  }
  insertChart(chart: unknown): void {
    sheetCharts.insertChart(this, chart);
  }
  updateChart(chart: unknown): void {
    sheetCharts.updateChart(this, chart);
  }
  removeChart(chart: unknown): void {
    sheetCharts.removeChart(this, chart);
  }
  getCharts(): EmbeddedChart[] {
    return sheetCharts.getCharts(this._env, this);
  }

  // Conditional format rules: conditional-format.ts.
  getConditionalFormatRules(): ConditionalFormatRule[] {
    return sheetRules.get(this._env, this._live());
  }
  setConditionalFormatRules(rules: unknown): void {
    sheetRules.set(this._live(), rules);
  }
}
