// The import graph read folder by folder: each file belongs to a unit (a folder just below a root, or a
// file at the root itself), and a declared order of layers says which units may import which.
import path from 'node:path';
import { circles, type ImportGraph } from '../support/import-graph.ts';

/** Layers, bottom first; each a list of units (folder names, or file names at the root). */
export type Layers = readonly (readonly string[])[];

/** The unit a file belongs to below `root`: its first folder, or its own name at the root; null outside. */
export function unitOf(root: string, file: string): string | null {
  const relative = path.relative(root, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0] ?? null;
}

/** The units below `root` and the units each imports (itself left out). */
export function unitGraph(graph: ImportGraph, root: string): Map<string, string[]> {
  const units = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = unitOf(root, file);
    if (from === null) continue;
    const edges = units.get(from) ?? new Set<string>();
    units.set(from, edges);
    for (const target of targets) {
      const to = unitOf(root, target);
      if (to !== null && to !== from) edges.add(to);
    }
  }
  return new Map([...units].map(([unit, edges]) => [unit, [...edges].sort()]));
}

/**
 * What breaks the layers: a unit no layer names, and an import of a unit in a higher layer. Units of one
 * layer may import one another, never in a circle (which `circles` on the unit graph finds).
 */
export function layerBreaches(units: ReadonlyMap<string, readonly string[]>, layers: Layers): string[] {
  const level = new Map(layers.flatMap((layer, i) => layer.map((unit) => [unit, i] as const)));
  const breaches: string[] = [];
  for (const [unit, targets] of [...units].sort(([a], [b]) => a.localeCompare(b))) {
    const at = level.get(unit);
    if (at === undefined) {
      breaches.push(`${unit} is in no layer: place it in the declared order`);
      continue;
    }
    for (const target of targets) {
      const to = level.get(target);
      if (to !== undefined && to > at) breaches.push(`${unit} imports ${target}, a layer above it`);
    }
  }
  return breaches;
}

/** Groups of units that import one another, each sorted. */
export function unitCircles(units: ReadonlyMap<string, readonly string[]>): string[][] {
  return circles(units);
}
