// The import graph of our own TypeScript files, read with the TypeScript compiler's parser so that every
// edge counts: `import`, `import type`, `export … from`, `import('…')` in a type, and `import x = require`.
// A circle of types is a circle too: it ties two files' meanings together even when nothing loops at run time.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** Every .ts file under the folders, skipping node_modules. */
export function sourceFiles(folders: readonly string[]): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      if (name === 'node_modules') return [];
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) return walk(file);
      return file.endsWith('.ts') ? [file] : [];
    });
  return folders.flatMap(walk).sort();
}

/** The module names one file's text names, in order, whatever the kind of import. */
export function moduleNames(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const names: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      names.push(node.moduleSpecifier.text);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      names.push(node.moduleReference.expression.text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      names.push(node.argument.literal.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      names.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** The file a relative module name points at (with or without `.ts`, or a folder's index.ts), or null. */
function resolve(from: string, name: string): string | null {
  if (!name.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), name);
  const candidates = [base, `${base}.ts`, path.join(base, 'index.ts')];
  return candidates.find((file) => file.endsWith('.ts') && existsSync(file)) ?? null;
}

/** The graph of the files: each file to the files of ours it imports. */
export function importGraph(files: readonly string[]): ImportGraph {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const targets = moduleNames(file, readFileSync(file, 'utf8'))
        .map((name) => resolve(file, name))
        .filter((target): target is string => target !== null && known.has(target));
      return [file, [...new Set(targets)]];
    }),
  );
}

/**
 * Groups of two or more files that reach one another (Tarjan's strongly connected components), each sorted,
 * plus any file that imports itself. Empty when the graph has no circle.
 */
export function circles(graph: ImportGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}
