// Plain formulas a script writes (`=C9*$B$9`, `=IFERROR(C10*$B$9,"")`): numbers, same-sheet cell
// references, + - * /, parentheses, and IFERROR. Enough for the add-on's what-if cells, evaluated after every
// execution as Sheets recalculates a formula when a cell it references changes (developers.google.com/
// apps-script/guides/sheets, "a formula is recalculated when a referenced cell changes"). Anything else is
// left as written, showing nothing: the emulator's limit, not Google's.
import type { CellValue } from '../types.ts';

type Lookup = (row: number, column: number) => CellValue | undefined;

/** Sheets' error values, shown in the cell as text. */
class SheetsError extends Error {}

type Token =
  | { kind: 'num'; value: number }
  | { kind: 'str'; value: string }
  | { kind: 'ref'; row: number; column: number }
  | { kind: 'name'; value: string }
  | { kind: 'op'; value: string };

function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

function tokens(text: string): Token[] | null {
  const out: Token[] = [];
  const pattern =
    /\s*(?:(\d+(?:\.\d+)?(?:E[+-]?\d+)?)|"((?:[^"]|"")*)"|\$?([A-Za-z]{1,3})\$?(\d+)(?![A-Za-z0-9_(])|([A-Za-z_][A-Za-z0-9_.]*)|([-+*/(),]))/y;
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    pattern.lastIndex = at;
    const m = pattern.exec(text);
    if (!m) return null;
    at = pattern.lastIndex;
    if (m[1] !== undefined) out.push({ kind: 'num', value: Number(m[1]) });
    else if (m[2] !== undefined) out.push({ kind: 'str', value: m[2].replace(/""/g, '"') });
    else if (m[3] !== undefined) out.push({ kind: 'ref', row: Number(m[4]), column: columnNumber(m[3]) });
    else if (m[5] !== undefined) out.push({ kind: 'name', value: m[5].toUpperCase() });
    else out.push({ kind: 'op', value: m[6]! });
  }
  return out;
}

type Node =
  | { kind: 'value'; value: number | string }
  | { kind: 'ref'; row: number; column: number }
  | { kind: 'neg'; of: Node }
  | { kind: 'bin'; op: string; left: Node; right: Node }
  | { kind: 'iferror'; value: Node; fallback: Node };

/** The formula's tree, or null when it is not plain arithmetic of this kind. */
export function parseArithmetic(formula: string): Node | null {
  if (!formula.startsWith('=')) return null;
  const list = tokens(formula.slice(1));
  if (!list || list.length === 0) return null;
  let i = 0;
  const peek = () => list[i];
  const isOp = (v: string) => {
    const t = peek();
    return t?.kind === 'op' && t.value === v;
  };
  const expect = (v: string) => {
    if (!isOp(v)) throw new SyntaxError(v);
    i++;
  };
  const factor = (): Node => {
    const t = list[i++];
    if (!t) throw new SyntaxError('end');
    if (t.kind === 'num' || t.kind === 'str') return { kind: 'value', value: t.value };
    if (t.kind === 'ref') return t;
    if (t.kind === 'op' && t.value === '-') return { kind: 'neg', of: factor() };
    if (t.kind === 'op' && t.value === '+') return factor();
    if (t.kind === 'op' && t.value === '(') {
      const inner = sum();
      expect(')');
      return inner;
    }
    if (t.kind === 'name' && t.value === 'IFERROR') {
      expect('(');
      const value = sum();
      expect(',');
      const fallback = sum();
      expect(')');
      return { kind: 'iferror', value, fallback };
    }
    throw new SyntaxError('token');
  };
  const product = (): Node => {
    let left = factor();
    while (isOp('*') || isOp('/')) {
      const op = (list[i++] as { value: string }).value;
      left = { kind: 'bin', op, left, right: factor() };
    }
    return left;
  };
  const sum = (): Node => {
    let left = product();
    while (isOp('+') || isOp('-')) {
      const op = (list[i++] as { value: string }).value;
      left = { kind: 'bin', op, left, right: product() };
    }
    return left;
  };
  try {
    const tree = sum();
    return i === list.length ? tree : null;
  } catch {
    return null;
  }
}

function numberOf(value: CellValue | undefined | number | string): number {
  if (value === '' || value === undefined || value === null) return 0;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.startsWith('#')) throw new SheetsError(value);
  // Text in arithmetic: Sheets shows #VALUE!.
  throw new SheetsError('#VALUE!');
}

function evaluate(node: Node, lookup: Lookup): number | string {
  switch (node.kind) {
    case 'value':
      return node.value;
    case 'ref': {
      const v = lookup(node.row, node.column);
      if (v === undefined || v === null || v === '') return 0;
      return typeof v === 'number' || typeof v === 'string' ? v : numberOf(v as boolean);
    }
    case 'neg':
      return -numberOf(evaluate(node.of, lookup));
    case 'bin': {
      const a = numberOf(evaluate(node.left, lookup));
      const b = numberOf(evaluate(node.right, lookup));
      if (node.op === '/' && b === 0) throw new SheetsError('#DIV/0!');
      return node.op === '+' ? a + b : node.op === '-' ? a - b : node.op === '*' ? a * b : a / b;
    }
    case 'iferror':
      try {
        const v = evaluate(node.value, lookup);
        if (typeof v === 'string' && v.startsWith('#')) throw new SheetsError(v);
        return v;
      } catch (err) {
        if (!(err instanceof SheetsError)) throw err;
        return evaluate(node.fallback, lookup);
      }
  }
}

/** The value the cell shows: a number, text, or one of Sheets' error values ("#VALUE!", "#DIV/0!"). */
export function evaluateArithmetic(tree: Node, lookup: Lookup): number | string {
  try {
    return evaluate(tree, lookup);
  } catch (err) {
    if (err instanceof SheetsError) return err.message;
    throw err;
  }
}
