// Cells that hold a custom function, and Sheets' rule for recalculating them: "Sheets recalculates a
// custom function only when a cell passed directly as an argument changes or the formula is edited"
// (developers.google.com/apps-script/guides/sheets/functions, "Custom functions in Google Sheets";
// docs/apps-script.md). So after every execution the emulator re-runs exactly the formulas whose
// referenced cells (by address or by named range) now hold other values; the others keep what they show.
// Only what the add-on's formulas need is parsed: one custom function whose arguments are text in double
// quotes, numbers, TRUE/FALSE, left out, an A1 reference or range (with an optional sheet), or a range name.
// Anything else (NOW(), RAND(), nested calls) is refused as the emulator's limit, not Google's.
import { GasError, messages } from './messages.ts';
import { columnLetters, type GridRect, parseA1, splitSheetName } from './spreadsheet/a1.ts';
import { evaluateArithmetic, parseArithmetic } from './spreadsheet/arithmetic.ts';
import type { SheetModel, SpreadsheetModel } from './spreadsheet/model.ts';
import { findNamedRange } from './spreadsheet/named-range.ts';
import type { CellValue, FormulaCellState } from './types.ts';

type Argument =
  | { kind: 'value'; value: CellValue | undefined }
  | { kind: 'reference'; sheet: string | null; cells: string }
  | { kind: 'name'; name: string };

interface Parsed {
  readonly fn: string;
  readonly args: readonly Argument[];
}

interface FormulaCell {
  readonly sheet: SheetModel;
  readonly row: number;
  readonly column: number;
  readonly text: string;
  readonly parsed: Parsed;
  /** The argument values of the last run, compared to decide a recalculation. */
  inputs: string;
  state: FormulaCellState;
  /** The rows × columns the last result spilled into, to empty before the next, and what it wrote there
   * (a cell of it the author has since typed over is theirs, not the formula's). */
  spill: { rows: number; columns: number; written: CellValue[][] };
}

/** The arguments of a formula's call as written (`a, "b, c", , d`), split at the commas outside quotes. */
export function splitArguments(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') quoted = !quoted;
    if (ch === ',' && !quoted) {
      parts.push(current.trim());
      current = '';
    } else current += ch;
  }
  parts.push(current.trim());
  return parts;
}

function parseArgument(text: string): Argument {
  if (text === '') return { kind: 'value', value: undefined };
  if (/^"(?:[^"]|"")*"$/.test(text)) return { kind: 'value', value: text.slice(1, -1).replace(/""/g, '"') };
  if (/^-?\d+(\.\d+)?$/.test(text)) return { kind: 'value', value: Number(text) };
  if (/^(TRUE|FALSE)$/i.test(text)) return { kind: 'value', value: text.toUpperCase() === 'TRUE' };
  const { sheet, cells } = splitSheetName(text);
  if (/^\$?[A-Za-z]{1,3}\$?\d+(:\$?[A-Za-z]{1,3}\$?\d+)?$/.test(cells))
    return { kind: 'reference', sheet, cells };
  if (sheet === null && /^[A-Za-z_][A-Za-z0-9_]*$/.test(text)) return { kind: 'name', name: text };
  throw new Error(
    `The emulator cannot evaluate the argument ${text} (only text, numbers, references and names).`,
  );
}

function parseFormula(text: string): Parsed {
  const match = /^=\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(([\s\S]*)\)\s*$/.exec(text);
  if (!match) throw new Error(`The emulator evaluates only one custom function per cell, not ${text}`);
  const inner = match[2]!.trim();
  return { fn: match[1]!, args: inner === '' ? [] : splitArguments(inner).map(parseArgument) };
}

/** One cell's value as Sheets passes it, or a 2-D array for a range. */
function cellsValue(sheet: SheetModel, rect: GridRect): unknown {
  const grid: CellValue[][] = [];
  for (let r = 0; r < rect.numRows; r++) {
    const line: CellValue[] = [];
    for (let c = 0; c < rect.numColumns; c++) {
      const v = sheet.cell(rect.row + r, rect.column + c)?.value ?? '';
      line.push(v instanceof Date ? new Date(v.getTime()) : v);
    }
    grid.push(line);
  }
  return rect.numRows === 1 && rect.numColumns === 1 ? grid[0]![0] : grid;
}

function argumentValue(model: SpreadsheetModel, home: SheetModel, arg: Argument): unknown {
  switch (arg.kind) {
    case 'value':
      return arg.value;
    case 'reference': {
      const sheet = arg.sheet === null ? home : model.sheetByName(arg.sheet);
      if (!sheet) throw new GasError(messages.rangeNotFound);
      return cellsValue(sheet, parseA1(arg.cells, sheet.maxRows, sheet.maxColumns));
    }
    case 'name': {
      const named = findNamedRange(model.namedRanges, arg.name);
      // Sheets shows #NAME? for an unknown name: the function is not run at all.
      if (!named) throw new Error(`#NAME? Unknown range name: '${arg.name}'.`);
      return cellsValue(named.sheet, named.rect);
    }
  }
}

function fingerprint(values: readonly unknown[]): string {
  return JSON.stringify(values, (_key, v: unknown) => (v === undefined ? '\u0000undefined' : v));
}

function asGrid(result: unknown): CellValue[][] {
  if (Array.isArray(result))
    return result.map((line) => (Array.isArray(line) ? line : [line]) as CellValue[]);
  return [[(result ?? '') as CellValue]];
}

type RunCustomFunction = (name: string, args: unknown[]) => unknown;

export class FormulaCells {
  readonly #cells: FormulaCell[] = [];
  readonly #plain = new Map<string, ReturnType<typeof parseArithmetic>>();

  constructor(
    private readonly model: SpreadsheetModel,
    private readonly run: RunCustomFunction,
  ) {}

  /** Types a formula into a cell, as an author does: Sheets runs it at once. */
  enter(sheetName: string, a1: string, text: string): FormulaCellState {
    const sheet = this.model.sheetByName(sheetName);
    if (!sheet) throw new GasError(messages.rangeNotFound);
    const rect = parseA1(a1, sheet.maxRows, sheet.maxColumns);
    const existing = this.#cells.findIndex(
      (c) => c.sheet === sheet && c.row === rect.row && c.column === rect.column,
    );
    // An edited formula's previous result is its own to replace.
    const previous = existing >= 0 ? this.#cells.splice(existing, 1)[0]!.spill : null;
    const cell: FormulaCell = {
      sheet,
      row: rect.row,
      column: rect.column,
      text,
      parsed: parseFormula(text),
      inputs: '',
      state: { values: null, error: null, runs: 0 },
      spill: previous ?? { rows: 0, columns: 0, written: [] },
    };
    this.#cells.push(cell);
    this.evaluate(cell, this.inputsOf(cell));
    return cell.state;
  }

  /** What a formula cell shows now. */
  read(sheetName: string, a1: string): FormulaCellState {
    const sheet = this.model.sheetByName(sheetName);
    const rect = sheet && parseA1(a1, sheet.maxRows, sheet.maxColumns);
    const cell =
      rect && this.#cells.find((c) => c.sheet === sheet && c.row === rect.row && c.column === rect.column);
    if (!cell) throw new Error(`No formula in ${sheetName}!${a1}.`);
    return cell.state;
  }

  /** Sheets' recalculation after a change: only formulas whose arguments now hold other values run.
   * Returns how many ran. */
  recalculate(): number {
    this.recalculatePlain();
    let ran = 0;
    for (const cell of this.#cells) {
      if (cell.sheet.deleted) continue;
      const inputs = this.inputsOf(cell);
      if (inputs.key === cell.inputs) continue;
      this.evaluate(cell, inputs);
      ran++;
    }
    return ran;
  }

  /** Formulas a script wrote that are plain arithmetic (spreadsheet/arithmetic.ts): their values, in sheet
   * order, twice so that one referring to a later one settles. */
  private recalculatePlain(): void {
    for (let pass = 0; pass < 2; pass++)
      for (const sheet of this.model.sheets) {
        if (sheet.deleted) continue;
        sheet.rows.forEach((cells, r) => {
          cells?.forEach((cell, c) => {
            if (cell?.formula === undefined || this.isCustom(sheet, r + 1, c + 1)) return;
            let tree = this.#plain.get(cell.formula);
            if (tree === undefined) {
              tree = parseArithmetic(cell.formula);
              this.#plain.set(cell.formula, tree);
            }
            if (tree) cell.value = evaluateArithmetic(tree, (row, column) => sheet.cell(row, column)?.value);
          });
        });
      }
  }

  private isCustom(sheet: SheetModel, row: number, column: number): boolean {
    return this.#cells.some((c) => c.sheet === sheet && c.row === row && c.column === column);
  }

  private inputsOf(cell: FormulaCell): { key: string; values: unknown[] | null; error: string | null } {
    try {
      const values = cell.parsed.args.map((arg) => argumentValue(this.model, cell.sheet, arg));
      return { key: fingerprint(values), values, error: null };
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      return { key: `error:${error}`, values: null, error };
    }
  }

  private evaluate(
    cell: FormulaCell,
    inputs: { key: string; values: unknown[] | null; error: string | null },
  ): void {
    cell.inputs = inputs.key;
    let values: CellValue[][] | null = null;
    let error = inputs.error;
    if (inputs.values) {
      try {
        values = asGrid(this.run(cell.parsed.fn, inputs.values));
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
      }
    }
    const blocked = values ? this.blockedBy(cell, values) : null;
    if (blocked) {
      // Sheets spills an array result only into empty cells; otherwise the formula shows #REF!.
      error = `Array result was not expanded because it would overwrite data in ${blocked}.`;
      values = null;
    }
    this.spillInto(cell, values ?? [[blocked ? '#REF!' : '#ERROR!']]);
    cell.state = { values, error, runs: cell.state.runs + (inputs.values ? 1 : 0) };
  }

  /** The first cell (A1) a result would spill over that holds something not of this formula's last result. */
  private blockedBy(cell: FormulaCell, grid: CellValue[][]): string | null {
    const { sheet, row, column } = cell;
    for (let r = 0; r < grid.length; r++)
      for (let c = 0; c < (grid[r]?.length ?? 0); c++) {
        if ((r === 0 && c === 0) || this.holdsOwn(cell, r, c)) continue;
        if (sheet.hasContent(row + r, column + c)) return `${columnLetters(column + c)}${row + r}`;
      }
    return null;
  }

  /** Whether the cell at (r, c) from the formula still holds what its last result put there. */
  private holdsOwn(cell: FormulaCell, r: number, c: number): boolean {
    const at = cell.sheet.cell(cell.row + r, cell.column + c);
    return at !== undefined && at.formula === undefined && at.value === cell.spill.written[r]?.[c];
  }

  /** Writes the result where Sheets shows it, the formula in its cell, the previous spill emptied (what the
   * author typed over it stays). */
  private spillInto(cell: FormulaCell, grid: CellValue[][]): void {
    const { sheet, row, column } = cell;
    for (let r = 0; r < cell.spill.rows; r++)
      for (let c = 0; c < cell.spill.columns; c++) {
        const at = sheet.cell(row + r, column + c);
        if (at && ((r === 0 && c === 0) || this.holdsOwn(cell, r, c))) at.value = '';
      }
    const columns = Math.max(1, ...grid.map((line) => line.length));
    grid.forEach((line, r) => {
      line.forEach((v, c) => {
        sheet.at(row + r, column + c).value = v;
      });
    });
    sheet.at(row, column).formula = cell.text;
    cell.spill = { rows: grid.length, columns, written: grid.map((line) => [...line]) };
  }
}
