// One direction of dependency, everywhere: no file of src/ or local/ reaches, through its imports (type
// imports and re-exports included), a file that imports it back. A shared thing moves down to where both
// sides can import it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { circles, importGraph, moduleNames, sourceFiles } from '../support/import-graph.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('the import graph of src/ and local/', () => {
  it('has no circle', () => {
    const files = sourceFiles([path.join(ROOT, 'src'), path.join(ROOT, 'local')]);
    const graph = importGraph(files);
    expect(graph.size).toBeGreaterThan(250);
    expect([...graph.values()].flat().length).toBeGreaterThan(500);
    const named = circles(graph).map((group) => group.map((file) => path.relative(ROOT, file)));
    expect(named).toEqual([]);
  });
});

describe('the circle detector', () => {
  it('reads every kind of import as an edge', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from './b.ts';",
      "export { c } from './c.ts';",
      "export type * from './d.ts';",
      "let e: import('./e.ts').E;",
      "import fs from 'node:fs';",
    ].join('\n');
    expect(moduleNames('x.ts', text)).toEqual(['./a.ts', './b.ts', './c.ts', './d.ts', './e.ts', 'node:fs']);
  });

  it('finds a circle in a small graph, and none once it is broken', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(circles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
    expect(
      circles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['d']],
          ['d', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('fails on a circle of type imports added on purpose to real files', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rfs-import-circle-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    mkdirSync(path.join(dir, 'low'));
    writeFileSync(
      path.join(dir, 'low', 'index.ts'),
      "export type { Up } from '../up.ts';\nexport type Low = 1;\n",
    );
    writeFileSync(path.join(dir, 'up.ts'), "import type { Low } from './low';\nexport type Up = Low;\n");
    writeFileSync(
      path.join(dir, 'apart.ts'),
      "import type { Low } from './low/index.ts';\nexport type A = Low;\n",
    );
    const found = circles(importGraph(sourceFiles([dir])));
    expect(found.map((group) => group.map((file) => path.relative(dir, file)))).toEqual([
      [path.join('low', 'index.ts'), 'up.ts'],
    ]);
  });
});
