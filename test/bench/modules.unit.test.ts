// The bench's modules import one another in one direction only: no circle (a section imports the table
// helpers, never the report that gathers the sections).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const BENCH = path.resolve(import.meta.dirname, '../../local/bench');

function benchFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return benchFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Relative imports of each bench file, type-only ones included: a circle of types is a circle too. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^(?:import|export)[^'";]*?from\s+'(\.[^']+)'/gm)]
    .map((m) => path.resolve(path.dirname(file), m[1]!))
    .filter((target) => target.startsWith(BENCH));
}

/** The first circle found, as a path of files, or null. */
function circle(graph: ReadonlyMap<string, readonly string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (file: string): string[] | null => {
    if (state.get(file) === 'done') return null;
    if (state.get(file) === 'open') return [...trail.slice(trail.indexOf(file)), file];
    state.set(file, 'open');
    trail.push(file);
    for (const next of graph.get(file) ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    trail.pop();
    state.set(file, 'done');
    return null;
  };
  for (const file of graph.keys()) {
    const found = visit(file);
    if (found) return found;
  }
  return null;
}

describe('local/bench modules', () => {
  it('import one another without a circle', () => {
    const graph = new Map(benchFiles(BENCH).map((f) => [f, importsOf(f)]));
    expect(graph.size).toBeGreaterThan(10);
    expect([...graph.values()].flat().length).toBeGreaterThan(20);
    expect((circle(graph) ?? []).map((f) => path.relative(BENCH, f))).toEqual([]);
  });

  it('finds a circle where there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
    ]);
    expect(circle(graph)).toEqual(['a', 'b', 'c', 'a']);
  });
});
