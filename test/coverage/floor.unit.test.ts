// Coverage per layer against its floor: the files add up by layer, a layer below its floor is named, and
// the floor only rises.
import { describe, expect, it } from 'vitest';
import {
  belowFloor,
  type Coverage,
  coverageByLayer,
  coverageTable,
  type FileSummary,
  LAYERS,
  METRICS,
  raisedFloor,
} from '../../local/coverage/floor.ts';

const ROOT = '/repo';

/** A file with `covered` of `total` in every metric. */
const file = (covered: number, total: number): FileSummary => ({
  statements: { covered, total },
  branches: { covered, total },
  functions: { covered, total },
  lines: { covered, total },
});

const every = (percent: number): Coverage =>
  Object.fromEntries(
    LAYERS.map((layer) => [layer, Object.fromEntries(METRICS.map((m) => [m, percent]))]),
  ) as Coverage;

const SUMMARY = {
  total: file(0, 1),
  '/repo/src/core/a.ts': file(9, 10),
  '/repo/src/core/b/c.ts': file(1, 10),
  '/repo/src/platform/d.ts': file(3, 4),
  '/repo/src/entrypoints/e.ts': file(0, 0),
  '/repo/src/sidebar/f.ts': file(1, 3),
  '/repo/src/main.ts': file(0, 100),
  '/repo/src/corex/g.ts': file(0, 100),
};

describe('coverage per layer', () => {
  it('adds up the files of each layer, and of it alone', () => {
    const measured = coverageByLayer(SUMMARY, ROOT);
    expect(measured['src/core'].lines).toBe(50);
    expect(measured['src/platform'].branches).toBe(75);
    expect(measured['src/entrypoints'].functions).toBe(100);
    expect(measured['src/sidebar'].statements).toBeCloseTo(33.33, 2);
  });

  it('refuses a summary that names no file of a layer', () => {
    expect(() => coverageByLayer({ '/repo/src/core/a.ts': file(1, 1) }, ROOT)).toThrow(
      'names no file under src/platform/',
    );
  });

  it('names each layer and metric below its floor, and only those', () => {
    const measured = coverageByLayer(SUMMARY, ROOT);
    const floor = { ...every(0), 'src/core': { ...every(0)['src/core'], lines: 51 } };
    expect(belowFloor(measured, floor)).toEqual(['src/core lines: 50.0% is below its floor of 51%']);
    expect(belowFloor(measured, every(0))).toEqual([]);
    const sidebar = belowFloor(measured, every(34));
    expect(sidebar).toHaveLength(METRICS.length);
    for (const line of sidebar) expect(line).toMatch(/^src\/sidebar /);
  });

  it('raises the floor to the whole percent measured, never lowers it', () => {
    const measured = coverageByLayer(SUMMARY, ROOT);
    const raised = raisedFloor(measured, every(40));
    expect(raised['src/core'].lines).toBe(50);
    expect(raised['src/sidebar'].lines).toBe(40);
    expect(raised['src/platform'].lines).toBe(75);
  });

  it('prints every layer with its figure and its floor', () => {
    const table = coverageTable(coverageByLayer(SUMMARY, ROOT), every(40));
    for (const layer of LAYERS) expect(table).toContain(layer);
    expect(table).toContain('50.0% (≥ 40%)');
  });
});
