// Coverage per layer against a floor that only rises. The plain-input run writes vitest's json-summary
// (a total per source file); this adds the files up by layer, says where a layer fell below its floor,
// and what floor a run may raise it to. Whole percents, rounded down: property tests draw new inputs
// each run, so a branch or two may come and go without anything having changed.

/** The layers of src/ (docs/architecture.md), each measured on its own. */
export const LAYERS = ['src/core', 'src/platform', 'src/entrypoints', 'src/sidebar'] as const;
export type Layer = (typeof LAYERS)[number];

export const METRICS = ['statements', 'branches', 'functions', 'lines'] as const;
export type Metric = (typeof METRICS)[number];

interface Count {
  readonly total: number;
  readonly covered: number;
}
/** One file's entry in vitest's json-summary (coverage-summary.json), keyed by absolute path. */
export type FileSummary = Record<Metric, Count>;
export type LayerCoverage = Record<Metric, number>;
export type Coverage = Record<Layer, LayerCoverage>;
/** The floor file (local/coverage/floor.json): a whole percent per layer and metric. */
export type Floor = Coverage;

/** Percent covered per layer and metric, from the summary's per-file entries (its `total` ignored). */
export function coverageByLayer(summary: Readonly<Record<string, FileSummary>>, root: string): Coverage {
  const prefix = root.endsWith('/') ? root : `${root}/`;
  const coverage = {} as Coverage;
  for (const layer of LAYERS) {
    const files = Object.entries(summary)
      .filter(([file]) => file.startsWith(`${prefix}${layer}/`))
      .map(([, entry]) => entry);
    if (files.length === 0) throw new Error(`The coverage summary names no file under ${layer}/`);
    coverage[layer] = {} as LayerCoverage;
    for (const metric of METRICS) {
      const total = files.reduce((sum, f) => sum + f[metric].total, 0);
      const covered = files.reduce((sum, f) => sum + f[metric].covered, 0);
      coverage[layer][metric] = total === 0 ? 100 : (100 * covered) / total;
    }
  }
  return coverage;
}

/** Every layer and metric measured below its floor, as a sentence each. */
export function belowFloor(measured: Coverage, floor: Floor): string[] {
  return LAYERS.flatMap((layer) =>
    METRICS.filter((metric) => measured[layer][metric] < floor[layer][metric]).map(
      (metric) =>
        `${layer} ${metric}: ${measured[layer][metric].toFixed(1)}% is below its floor of ${floor[layer][metric]}%`,
    ),
  );
}

/** The floor raised to what was measured (whole percents, rounded down), never lowered. */
export function raisedFloor(measured: Coverage, floor: Floor): Floor {
  const raised = {} as Floor;
  for (const layer of LAYERS) {
    raised[layer] = {} as LayerCoverage;
    for (const metric of METRICS)
      raised[layer][metric] = Math.max(floor[layer][metric], Math.floor(measured[layer][metric]));
  }
  return raised;
}

/** The per-layer table a run prints. */
export function coverageTable(measured: Coverage, floor: Floor): string {
  const header = `${'layer'.padEnd(16)}${METRICS.map((m) => m.padStart(18)).join('')}`;
  const rows = LAYERS.map(
    (layer) =>
      `${layer.padEnd(16)}${METRICS.map((m) =>
        `${measured[layer][m].toFixed(1)}% (≥ ${floor[layer][m]}%)`.padStart(18),
      ).join('')}`,
  );
  return [header, ...rows].join('\n');
}
