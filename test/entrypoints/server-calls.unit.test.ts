// The sidebar's server calls are typed from the entry point registry (src/entrypoints/server-calls.ts), so
// no file spells out again, by hand, the server functions the sidebar calls. What the compiler checks
// (a name, an argument list, an answer) it checks at typecheck; this finds a list kept in step by hand.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTRY_POINTS, type EntryPoint } from '../../src/entrypoints/registry.ts';
import { sourceFiles } from '../support/import-graph.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const REGISTRY = 'src/entrypoints/registry.ts';

const SERVER_NAMES = (ENTRY_POINTS as readonly EntryPoint[])
  .filter((e) => e.kind === 'server')
  .map((e) => e.name);

/** The server functions a text calls through the sidebar's door, `callServer('name', …)`. */
function serverCallsIn(text: string): string[] {
  return [...text.matchAll(/\bcallServer\(\s*'(\w+)'/g)].map((m) => m[1]!);
}

/** Files that name as an object's keys all the server functions the sidebar calls, or all but one. */
function handKeptLists(files: readonly string[], read: (file: string) => string, calls: readonly string[]) {
  return files.filter((file) => {
    if (file === REGISTRY) return false;
    const keys = new Set([...read(file).matchAll(/^\s*(?:readonly\s+)?(\w+)\??\s*:/gm)].map((m) => m[1]!));
    return calls.filter((name) => keys.has(name)).length >= calls.length - 1;
  });
}

describe("the sidebar's server calls", () => {
  const files = sourceFiles([path.join(ROOT, 'src')]).map((file) =>
    path.relative(ROOT, file).split(path.sep).join('/'),
  );
  const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
  const calls = [
    ...new Set(files.filter((f) => f.startsWith('src/sidebar/')).flatMap((f) => serverCallsIn(read(f)))),
  ];

  it('are server entry points of the registry', () => {
    expect(calls.length).toBeGreaterThan(10);
    expect(calls.filter((name) => !SERVER_NAMES.includes(name))).toEqual([]);
  });

  it('are not listed again by hand in src/', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(handKeptLists(files, read, calls)).toEqual([]);
  });

  it('finds a list kept by hand: the server interface the sidebar used to declare', () => {
    const asItWas = `interface ServerApi {\n${calls.map((name) => `  ${name}: { args: []; result: unknown };`).join('\n')}\n}`;
    const texts: Record<string, string> = {
      'a.ts': asItWas,
      'b.ts': calls.map((name) => `await callServer('${name}');`).join('\n'),
      [REGISTRY]: asItWas,
    };
    expect(handKeptLists(Object.keys(texts), (file) => texts[file] ?? '', calls)).toEqual(['a.ts']);
  });
});
