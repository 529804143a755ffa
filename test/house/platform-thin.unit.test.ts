// The platform layer wires ports and translates Google's types; every flow and decision is core's
// (core/flows/ on top). Three checkable proxies for that, read from the TypeScript AST of src/platform/:
// 1. every function (declaration, method, arrow, accessor) is at most MAX_LINES lines long;
// 2. what a platform file imports from src/core as a value comes from core/flows/ (the flows and their
//    ports) or core/ports.ts: a rule, a wording or a policy imported from elsewhere in core is a decision
//    taken in platform. Type imports are free (they translate nothing and decide nothing);
// 3. every function has at most MAX_BRANCHES branch points (McCabe's count: if, ?:, case, loop, catch, &&,
//    || and ??; a nested function counted on its own): translating Google's types checks a missing value
//    or a refusal a few times, while a decision taken with core's types only (which chart is ours, which
//    rows come out again) branches more.
// All three hold for every file: a flow or rule added to platform fails here, and moves to core/flows/.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../support/import-graph.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PLATFORM = path.join(ROOT, 'src/platform');
const MAX_LINES = 40;
const MAX_BRANCHES = 4;

interface PlatformFunction {
  readonly name: string;
  readonly lines: number;
  readonly branches: number;
}

const BRANCHING_OPERATORS = new Set([
  ts.SyntaxKind.AmpersandAmpersandToken,
  ts.SyntaxKind.BarBarToken,
  ts.SyntaxKind.QuestionQuestionToken,
]);

/** Whether a node is a branch point of the function it lies in. */
function branches(node: ts.Node): boolean {
  if (ts.isBinaryExpression(node)) return BRANCHING_OPERATORS.has(node.operatorToken.kind);
  return (
    ts.isIfStatement(node) ||
    ts.isConditionalExpression(node) ||
    ts.isCaseClause(node) ||
    ts.isIterationStatement(node, false) ||
    ts.isCatchClause(node)
  );
}

/** The branch points of a function's own body (a function inside it has its own count). */
function branchesOf(fn: ts.Node): number {
  let count = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) return;
    if (branches(node)) count += 1;
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn, visit);
  return count;
}

/** Every function of a source text, named by its declaration, variable or property, with its length. */
function functionsOf(file: string, text: string): PlatformFunction[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: PlatformFunction[] = [];
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const nameOf = (node: ts.Node): string => {
    const named = node as ts.Node & { name?: ts.Node };
    if (named.name) return named.name.getText(source);
    const parent = node.parent;
    if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)))
      return parent.name.getText(source);
    return `<anonymous>:${lineOf(node.getStart(source)) + 1}`;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && (node as ts.Node & { body?: ts.Node }).body) {
      const lines = lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1;
      found.push({ name: nameOf(node), lines, branches: branchesOf(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The core modules (relative to src/core, no extension) a source text imports as values. */
function coreValueImports(file: string, text: string, coreDir: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const modules: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier)) continue;
    const resolved = path.resolve(path.dirname(file), specifier.text);
    const relative = path.relative(coreDir, resolved).split(path.sep).join('/');
    if (relative.startsWith('..')) continue;
    if (valueImported(statement)) modules.push(relative.replace(/\.ts$/, '').replace(/\/index$/, ''));
  }
  return modules;
}

/** Whether a declaration brings in anything but types. */
function valueImported(statement: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(statement)) return !statement.isTypeOnly;
  const clause = statement.importClause;
  if (!clause) return true; // a bare import runs the module
  if (clause.isTypeOnly) return false;
  if (clause.name) return true;
  const bindings = clause.namedBindings;
  if (!bindings) return false;
  if (ts.isNamespaceImport(bindings)) return true;
  return bindings.elements.some((element) => !element.isTypeOnly);
}

/** Whether a core module is one a platform file may import as a value. */
function mayImport(module: string): boolean {
  return module === 'ports' || module === 'flows' || module.startsWith('flows/');
}

function platformFiles() {
  return sourceFiles([PLATFORM])
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => ({ file, name: path.relative(ROOT, file).split(path.sep).join('/') }));
}

describe('the platform layer', () => {
  const files = platformFiles().map(({ file, name }) => ({ file, name, text: readFileSync(file, 'utf8') }));

  it(`keeps every function within ${MAX_LINES} lines`, () => {
    expect(files.length).toBeGreaterThan(30);
    const long = files.flatMap(({ file, name, text }) =>
      functionsOf(file, text)
        .filter((f) => f.lines > MAX_LINES)
        .map((f) => `${name}#${f.name}`),
    );
    expect(long).toEqual([]);
  });

  it(`keeps every function within ${MAX_BRANCHES} branch points`, () => {
    const branching = files.flatMap(({ file, name, text }) =>
      functionsOf(file, text)
        .filter((f) => f.branches > MAX_BRANCHES)
        .map((f) => `${name}#${f.name} (${f.branches})`),
    );
    expect(branching).toEqual([]);
  });

  it('imports from core, as values, only the flows and the ports', () => {
    const coreDir = path.join(ROOT, 'src/core');
    const deciding: Record<string, string[]> = {};
    for (const { file, name, text } of files) {
      const modules = [...new Set(coreValueImports(file, text, coreDir).filter((m) => !mayImport(m)))].sort();
      if (modules.length) deciding[name] = modules;
    }
    expect(deciding).toEqual({});
  });
});

describe('the proxies themselves', () => {
  it('measure a function by its lines, whatever its kind, and name it', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const text = [
      `export function long() {\n${body(41)}\n}`,
      `const arrow = () => {\n${body(3)}\n};`,
      `const ports = {\n  method() {\n${body(2)}\n  },\n  wired: (x: number) => x,\n};`,
    ].join('\n');
    expect(functionsOf('x.ts', text)).toEqual([
      { name: 'long', lines: 43, branches: 0 },
      { name: 'arrow', lines: 5, branches: 0 },
      { name: 'method', lines: 4, branches: 0 },
      { name: 'wired', lines: 1, branches: 0 },
    ]);
  });

  it('count the branches a decision takes, not the checks a translation makes', () => {
    // Which charts are ours, decided with core's types only: it passes the import proxy.
    const decides = [
      'export function syncCharts(sheet: Sheet, charts: readonly PlacedChart[], known: Known) {',
      '  for (const [key, id] of Object.entries(known)) {',
      '    const gone = byId.get(id);',
      '    if (gone && !charts.some((c) => c.spec.key === key)) sheet.removeChart(gone);',
      '  }',
      '  for (const chart of charts) {',
      '    const existing = byId.get(known[chart.spec.key]) ?? orphans(chart);',
      '    if (existing) sheet.updateChart(existing.modify().build());',
      '    else sheet.insertChart(newChart(sheet, chart));',
      '  }',
      '}',
    ].join('\n');
    const translates = [
      'function read(rule: Rule) {',
      '  const condition = rule.getBooleanCondition();',
      '  if (!condition) return null;',
      '  return { ranges: rule.getRanges().map((r) => (r ? r.getA1Notation() : null)) };',
      '}',
    ].join('\n');
    const measured = functionsOf('x.ts', `${decides}\n${translates}`);
    expect(measured.map((f) => [f.name, f.branches])).toEqual([
      ['syncCharts', 6],
      ['<anonymous>:4', 0],
      ['read', 1],
      ['<anonymous>:15', 1],
    ]);
    expect(measured.filter((f) => f.branches > MAX_BRANCHES).map((f) => f.name)).toEqual(['syncCharts']);
  });

  it('read value imports of core, not type imports, from a platform file', () => {
    const file = path.join(ROOT, 'src/platform/x.ts');
    const text = [
      "import type { A } from '../core/refresh';",
      "import { type B, c } from '../core/tabs';",
      "import { type D } from '../core/history';",
      "import { e } from '../core/flows/night';",
      "import { f } from './document';",
      "export { g } from '../core/morning/index';",
    ].join('\n');
    const modules = coreValueImports(file, text, path.join(ROOT, 'src/core'));
    expect(modules).toEqual(['tabs', 'flows/night', 'morning']);
    expect(modules.filter((m) => !mayImport(m))).toEqual(['tabs', 'morning']);
  });
});
