// The platform layer wires ports and translates Google's types; every flow and decision is core's
// (core/flows/ on top). Two checkable proxies for that, read from the TypeScript AST of src/platform/:
// 1. every function (declaration, method, arrow, accessor) is at most MAX_LINES lines long;
// 2. what a platform file imports from src/core as a value comes from core/flows/ (the flows and their
//    ports) or core/ports.ts: a rule, a wording or a policy imported from elsewhere in core is a decision
//    taken in platform. Type imports are free (they translate nothing and decide nothing).
// Both hold for every file: a flow or rule added to platform fails here, and moves to core/flows/.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../support/import-graph.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PLATFORM = path.join(ROOT, 'src/platform');
const MAX_LINES = 40;

interface PlatformFunction {
  readonly name: string;
  readonly lines: number;
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
      found.push({ name: nameOf(node), lines: lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1 });
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
      { name: 'long', lines: 43 },
      { name: 'arrow', lines: 5 },
      { name: 'method', lines: 4 },
      { name: 'wired', lines: 1 },
    ]);
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
