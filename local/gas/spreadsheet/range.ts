// Range and RangeList: reads and writes of a rectangle of one sheet, with Google's checks (dimensions,
// bounds) and typed input on write.
import type { Env } from '../env.ts';
import { GasObject } from '../gas-object.ts';
import { GasError, messages, typeNames } from '../messages.ts';
import { a1Of, type GridRect } from './a1.ts';
import { checkCellText } from './cell-limit.ts';
import { displayed } from './display.ts';
import type { SheetHandle } from './handles.ts';
import type { Cell, SheetModel } from './model.ts';
import { typedInput } from './typed-input.ts';

type Grid<T> = T[][];

const FONT_WEIGHTS = new Set(['bold', 'normal']);
const ALIGNMENTS = new Set(['left', 'center', 'right', 'normal', 'general', 'general-left']);

/** Writes one value as Sheets stores it: strings are typed input unless the cell is plain text ('@'). */
export function writeCell(env: Env, cell: Cell, raw: unknown): void {
  checkCellText(raw);
  delete cell.formula;
  if (raw === null || raw === undefined) {
    cell.value = '';
    return;
  }
  if (typeof raw === 'number') {
    cell.value = keptDigits(env, raw);
    return;
  }
  if (typeof raw === 'boolean' || raw instanceof Date) {
    cell.value = raw instanceof Date ? new Date(raw.getTime()) : raw;
    return;
  }
  const text = String(raw);
  env.capture(text);
  if (cell.numberFormat === '@') {
    cell.value = text;
    return;
  }
  const typed = typedInput(text, {
    timeZone: env.world.spreadsheet.timeZone,
    now: env.world.clock.now(),
  });
  cell.value = typeof typed.value === 'number' ? keptDigits(env, typed.value) : typed.value;
  if (typed.formula !== undefined) cell.formula = typed.formula;
  if (typed.format && (cell.numberFormat === undefined || cell.numberFormat === 'General'))
    cell.numberFormat = typed.format;
}

/** A number as the sheet keeps it: to 15 significant digits under the pessimistic reading
 * (switch `numbersKeep15Digits`, docs/google-rules.md), else exactly. */
function keptDigits(env: Env, n: number): number {
  return env.world.readings.numbersKeep15Digits && Number.isFinite(n) ? Number(n.toPrecision(15)) : n;
}

function copyValue(cell: Cell | undefined): Cell['value'] {
  const v = cell?.value ?? '';
  return v instanceof Date ? new Date(v.getTime()) : v;
}

export class Range extends GasObject {
  readonly _class = 'Range';

  constructor(
    env: Env,
    readonly _sheet: SheetHandle<Range>,
    readonly _rect: GridRect,
  ) {
    super(env);
  }

  get _model(): SheetModel {
    return this._sheet._model;
  }

  override _cellCount(): number {
    return this._rect.numRows * this._rect.numColumns;
  }

  _grid<T>(read: (cell: Cell | undefined) => T): Grid<T> {
    const { row, column, numRows, numColumns } = this._rect;
    const out: Grid<T> = [];
    for (let r = 0; r < numRows; r++) {
      const line: T[] = [];
      for (let c = 0; c < numColumns; c++) line.push(read(this._model.cell(row + r, column + c)));
      out.push(line);
    }
    return out;
  }

  _each(write: (cell: Cell) => void): this {
    const { row, column, numRows, numColumns } = this._rect;
    this._model.checkBounds(row, column, numRows, numColumns);
    for (let r = 0; r < numRows; r++)
      for (let c = 0; c < numColumns; c++) write(this._model.at(row + r, column + c));
    return this;
  }

  /** Like _each, for clearing: cells that were never written stay absent. */
  _eachExisting(write: (cell: Cell) => void): this {
    const { row, column, numRows, numColumns } = this._rect;
    this._model.checkBounds(row, column, numRows, numColumns);
    for (let r = row; r < row + numRows; r++) {
      for (let c = column; c < column + numColumns; c++) {
        const cell = this._model.cell(r, c);
        if (cell) write(cell);
      }
    }
    return this;
  }

  /** Writes a 2-D array cell by cell after Google's shape checks. */
  _each2d<T>(method: string, values: unknown, write: (cell: Cell, value: T) => void): this {
    if (!Array.isArray(values) || !values.every((line) => Array.isArray(line)))
      throw new GasError(messages.signature(`SpreadsheetApp.Range.${method}`, typeNames([values])));
    const { row, column, numRows, numColumns } = this._rect;
    if (values.length !== numRows) throw new GasError(messages.rowsMismatch(values.length, numRows));
    for (const line of values as unknown[][]) {
      if (line.length !== numColumns) throw new GasError(messages.columnsMismatch(line.length, numColumns));
    }
    this._model.checkBounds(row, column, numRows, numColumns);
    // A refused call changes nothing: every cell's length is checked before any is written.
    for (const line of values as unknown[][]) for (const v of line) checkCellText(v);
    (values as T[][]).forEach((line, r) => {
      line.forEach((v, c) => {
        write(this._model.at(row + r, column + c), v);
      });
    });
    return this;
  }

  _first<T>(grid: Grid<T>): T {
    return grid[0]![0]!;
  }

  // Position
  getA1Notation(): string {
    return a1Of(this._rect);
  }
  getRow(): number {
    return this._rect.row;
  }
  getColumn(): number {
    return this._rect.column;
  }
  getNumRows(): number {
    return this._rect.numRows;
  }
  getNumColumns(): number {
    return this._rect.numColumns;
  }
  getLastRow(): number {
    return this._rect.row + this._rect.numRows - 1;
  }
  getLastColumn(): number {
    return this._rect.column + this._rect.numColumns - 1;
  }
  getSheet(): SheetHandle<Range> {
    return this._sheet;
  }
  getCell(row: number, column: number): Range {
    if (row > this._rect.numRows || column > this._rect.numColumns) throw new GasError(messages.outOfBounds);
    return this._sheet.getRange(this._rect.row + row - 1, this._rect.column + column - 1);
  }
  offset(rowOffset: number, columnOffset: number, numRows?: number, numColumns?: number): Range {
    return this._sheet.getRange(
      this._rect.row + rowOffset,
      this._rect.column + columnOffset,
      numRows ?? this._rect.numRows,
      numColumns ?? this._rect.numColumns,
    );
  }
  isBlank(): boolean {
    return this._grid((c) => c === undefined || (c.value === '' && c.formula === undefined))
      .flat()
      .every(Boolean);
  }
  activate(): Range {
    this._env.world.spreadsheet.activeSheet = this._model;
    return this;
  }

  // Values and formulas. A formula is stored, not evaluated: its value reads as '' ('#ERROR!' for the
  // formulas Sheets makes of text starting with + or -).
  getValues(): Grid<Cell['value']> {
    return this._grid(copyValue);
  }
  getValue(): Cell['value'] {
    return this._first(this.getValues());
  }
  getDisplayValues(): Grid<string> {
    return this._grid((c) => displayed(c, this._env.world.spreadsheet.timeZone));
  }
  getDisplayValue(): string {
    return this._first(this.getDisplayValues());
  }
  getFormulas(): Grid<string> {
    return this._grid((c) => c?.formula ?? '');
  }
  getFormula(): string {
    return this._first(this.getFormulas());
  }
  setValues(values: unknown[][]): Range {
    return this._each2d<unknown>('setValues', values, (cell, v) => writeCell(this._env, cell, v));
  }
  setValue(value: unknown): Range {
    return this._each((cell) => writeCell(this._env, cell, value));
  }
  setFormula(formula: string): Range {
    return this._each((cell) =>
      writeCell(this._env, cell, String(formula).startsWith('=') ? formula : `=${formula}`),
    );
  }
  setFormulas(formulas: string[][]): Range {
    return this._each2d<string>('setFormulas', formulas, (cell, f) => writeCell(this._env, cell, f));
  }

  // Formats
  getNumberFormats(): Grid<string> {
    return this._grid((c) => c?.numberFormat ?? 'General');
  }
  getNumberFormat(): string {
    return this._first(this.getNumberFormats());
  }
  setNumberFormat(format: string): Range {
    return this._each((cell) => {
      cell.numberFormat = String(format);
    });
  }
  setNumberFormats(formats: string[][]): Range {
    return this._each2d<string>('setNumberFormats', formats, (cell, f) => {
      cell.numberFormat = String(f);
    });
  }
  getFontWeights(): Grid<string> {
    return this._grid((c) => c?.fontWeight ?? 'normal');
  }
  getFontWeight(): string {
    return this._first(this.getFontWeights());
  }
  setFontWeight(weight: string | null): Range {
    return this._each((cell) => setFontWeight(cell, weight));
  }
  setFontWeights(weights: Array<Array<string | null>>): Range {
    return this._each2d<string | null>('setFontWeights', weights, setFontWeight);
  }
  getFontColors(): Grid<string> {
    return this._grid((c) => c?.fontColor ?? '#000000');
  }
  getFontColor(): string {
    return this._first(this.getFontColors());
  }
  setFontColor(color: string | null): Range {
    return this._each((cell) => setColor(cell, 'fontColor', color));
  }
  setFontColors(colors: Array<Array<string | null>>): Range {
    return this._each2d<string | null>('setFontColors', colors, (cell, c) => setColor(cell, 'fontColor', c));
  }
  getBackgrounds(): Grid<string> {
    return this._grid((c) => c?.background ?? '#ffffff');
  }
  getBackground(): string {
    return this._first(this.getBackgrounds());
  }
  setBackground(color: string | null): Range {
    return this._each((cell) => setColor(cell, 'background', color));
  }
  setBackgrounds(colors: Array<Array<string | null>>): Range {
    return this._each2d<string | null>('setBackgrounds', colors, (cell, c) =>
      setColor(cell, 'background', c),
    );
  }
  setWrap(wrap: boolean): Range {
    return this._each((cell) => {
      cell.wrap = Boolean(wrap);
    });
  }
  getWraps(): Grid<boolean> {
    return this._grid((c) => c?.wrap ?? false);
  }
  setHorizontalAlignment(alignment: string | null): Range {
    return this._each((cell) => setAlignment(cell, alignment));
  }
  setHorizontalAlignments(alignments: Array<Array<string | null>>): Range {
    return this._each2d<string | null>('setHorizontalAlignments', alignments, setAlignment);
  }
  getHorizontalAlignments(): Grid<string> {
    return this._grid((c) => c?.horizontalAlignment ?? 'general');
  }

  // Notes
  getNotes(): Grid<string> {
    return this._grid((c) => c?.note ?? '');
  }
  getNote(): string {
    return this._first(this.getNotes());
  }
  setNote(note: string | null): Range {
    return this._each((cell) => this._setNote(cell, note));
  }
  setNotes(notes: Array<Array<string | null>>): Range {
    return this._each2d<string | null>('setNotes', notes, (cell, n) => this._setNote(cell, n));
  }
  clearNote(): Range {
    return this._eachExisting((cell) => {
      delete cell.note;
    });
  }
  _setNote(cell: Cell, note: string | null): void {
    if (note === null || note === '') {
      delete cell.note;
      return;
    }
    cell.note = String(note);
    this._env.capture(cell.note);
  }

  // Clearing
  clear(options?: { contentsOnly?: boolean; formatOnly?: boolean }): Range {
    const contents = !options?.formatOnly || options.contentsOnly === true;
    const formats = !options?.contentsOnly || options.formatOnly === true;
    return this._eachExisting((cell) => {
      if (contents) clearContent(cell);
      if (formats) clearFormat(cell);
    });
  }
  clearContent(): Range {
    return this._eachExisting(clearContent);
  }
  clearFormat(): Range {
    return this._eachExisting(clearFormat);
  }
}

function setFontWeight(cell: Cell, weight: string | null): void {
  if (weight === null) {
    delete cell.fontWeight;
    return;
  }
  if (!FONT_WEIGHTS.has(weight)) throw new GasError(messages.invalidArgument('fontWeight'));
  cell.fontWeight = weight as 'bold' | 'normal';
}

function setColor(cell: Cell, which: 'fontColor' | 'background', color: string | null): void {
  if (color === null || color === '') delete cell[which];
  else cell[which] = String(color).toLowerCase();
}

function setAlignment(cell: Cell, alignment: string | null): void {
  if (alignment === null) {
    delete cell.horizontalAlignment;
    return;
  }
  if (!ALIGNMENTS.has(String(alignment).toLowerCase()))
    throw new GasError(messages.invalidArgument('alignment'));
  cell.horizontalAlignment = String(alignment).toLowerCase();
}

function clearContent(cell: Cell): void {
  cell.value = '';
  delete cell.formula;
}

function clearFormat(cell: Cell): void {
  delete cell.numberFormat;
  delete cell.fontWeight;
  delete cell.fontColor;
  delete cell.background;
  delete cell.wrap;
  delete cell.horizontalAlignment;
}

/** Several ranges formatted or cleared in one call. */
export class RangeList extends GasObject {
  readonly _class = 'RangeList';

  constructor(
    env: Env,
    readonly _ranges: Range[],
  ) {
    super(env);
  }

  _all(apply: (r: Range) => void): RangeList {
    for (const r of this._ranges) apply(r);
    return this;
  }

  getRanges(): Range[] {
    return [...this._ranges];
  }
  setNumberFormat(format: string): RangeList {
    return this._all((r) => r.setNumberFormat(format));
  }
  setFontWeight(weight: string | null): RangeList {
    return this._all((r) => r.setFontWeight(weight));
  }
  setFontColor(color: string | null): RangeList {
    return this._all((r) => r.setFontColor(color));
  }
  setBackground(color: string | null): RangeList {
    return this._all((r) => r.setBackground(color));
  }
  setWrap(wrap: boolean): RangeList {
    return this._all((r) => r.setWrap(wrap));
  }
  setHorizontalAlignment(alignment: string | null): RangeList {
    return this._all((r) => r.setHorizontalAlignment(alignment));
  }
  setValue(value: unknown): RangeList {
    return this._all((r) => r.setValue(value));
  }
  setNote(note: string | null): RangeList {
    return this._all((r) => r.setNote(note));
  }
  clear(options?: { contentsOnly?: boolean; formatOnly?: boolean }): RangeList {
    return this._all((r) => r.clear(options));
  }
  clearContent(): RangeList {
    return this._all((r) => r.clearContent());
  }
  clearFormat(): RangeList {
    return this._all((r) => r.clearFormat());
  }
}
