// One direction of dependency, everywhere: no file of src/ or local/ reaches, through its imports (type
// imports and re-exports included), a file that imports it back. A shared thing moves down to where both
// sides can import it. Read folder by folder, src/'s parts and src/core's folders stand in a declared order
// of layers: none imports one above it, and no two folders import each other.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { circles, importGraph, moduleNames, sourceFiles } from '../support/import-graph.ts';
import { type Layers, layerBreaches, unitCircles, unitGraph } from './layers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SRC = path.join(ROOT, 'src');
const CORE = path.join(SRC, 'core');

/** src/'s parts, bottom first (docs/architecture.md, Layers). */
const SRC_LAYERS: Layers = [['core'], ['platform'], ['entrypoints'], ['sidebar', 'main.ts']];

/**
 * src/core's folders (and the files at its root), bottom first (docs/architecture.md, Layers). A folder
 * imports its own layer or those below; a new folder or root file takes its place here.
 */
const CORE_LAYERS: Layers = [
  // Helpers that know nothing of royalties: text, untyped JSON, days, instants, shared wording.
  ['base'],
  // What the add-on is about: the endpoints, tab kinds, periods, settings, features and ports.
  [
    'endpoints.ts',
    // Every custom function: the endpoints' and those answered from our own tabs.
    'custom-functions.ts',
    'tab-ids.ts',
    'periods.ts',
    'settings.ts',
    'permissions.ts',
    'ports.ts',
    'key-check.ts',
    // Google's own exceptions, classified (it names a permission in the words permissions.ts gives).
    'google-faults.ts',
  ],
  // Any response into a table; the client that fetches it (it reads the report's word lists for pages).
  ['report'],
  ['api', 'key-field.ts', 'freshness.ts'],
  ['figures'],
  ['checks'],
  ['tabs'],
  ['formulas', 'history'],
  // Alerts and the year: judged and laid out from the ledger's days and the reports, below what shows them.
  ['alerts', 'year'],
  ['dashboard'],
  ['morning'],
  ['refresh'],
  // The flows, each a sequence over ports: the top of core, which nothing in core imports.
  ['flows'],
];

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

describe('the layers of src/ and src/core/, folder by folder', () => {
  const graph = importGraph(sourceFiles([SRC]));

  it('keep src/ parts in their order, each imported only from above', () => {
    const parts = unitGraph(graph, SRC);
    expect(parts.size).toBeGreaterThanOrEqual(5);
    expect(unitCircles(parts)).toEqual([]);
    expect(layerBreaches(parts, SRC_LAYERS)).toEqual([]);
  });

  it('keep src/core/ folders in their order, no folder importing one above it', () => {
    const folders = unitGraph(graph, CORE);
    expect(folders.size).toBeGreaterThan(15);
    expect(unitCircles(folders)).toEqual([]);
    expect(layerBreaches(folders, CORE_LAYERS)).toEqual([]);
  });

  it('fail when a floor file imports the refresh, and when two folders import each other', () => {
    const text = path.join(CORE, 'base', 'text.ts');
    const refresh = path.join(CORE, 'refresh', 'index.ts');
    const tabs = path.join(CORE, 'tabs', 'cells.ts');
    const formulas = path.join(CORE, 'formulas', 'cells.ts');
    const broken = new Map(graph);
    broken.set(text, [...(graph.get(text) ?? []), refresh]);
    broken.set(tabs, [...(graph.get(tabs) ?? []), formulas]);
    const folders = unitGraph(broken, CORE);
    expect(layerBreaches(folders, CORE_LAYERS)).toEqual(
      expect.arrayContaining([
        'base imports refresh, a layer above it',
        'tabs imports formulas, a layer above it',
      ]),
    );
    expect(unitCircles(folders).flat()).toEqual(expect.arrayContaining(['base', 'refresh']));
    expect(layerBreaches(new Map([['newcomer', []]]), CORE_LAYERS)).toEqual([
      'newcomer is in no layer: place it in the declared order',
    ]);
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
