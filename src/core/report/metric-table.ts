// A Metric/Value table: one figure per row. Columns `key` (the dotted key: what a formula names, and a
// column the sheet writer may hide), `metric` (its label) and `value`. A column has one format, so the
// value column takes the format most rows share, and `rowFormats` gives each row its own.

import { TEXT } from './cells';
import type { FormatHint, ReportFact, ReportMeta, ReportTable } from './types';

export const METRIC_COLUMNS = { key: 0, metric: 1, value: 2 } as const;

export function metricTable(facts: readonly ReportFact[], meta: ReportMeta): ReportTable {
  const rowFormats = facts.map((fact) => fact.format);
  return {
    columns: [
      { key: 'key', label: 'Key', format: TEXT },
      { key: 'metric', label: 'Metric', format: TEXT },
      { key: 'value', label: 'Value', format: mostCommon(rowFormats) },
    ],
    rows: facts.map((fact) => [fact.key, fact.label, fact.value]),
    meta,
    layout: 'metric-value',
    rowFormats,
    facts: [],
  };
}

function mostCommon(formats: readonly FormatHint[]): FormatHint {
  const counts = new Map<string, { format: FormatHint; count: number }>();
  let best: { format: FormatHint; count: number } | undefined;
  for (const format of formats) {
    const id = format.kind === 'money' ? `money:${format.currency}` : format.kind;
    const entry = counts.get(id) || { format, count: 0 };
    entry.count++;
    counts.set(id, entry);
    if (best === undefined || entry.count > best.count) best = entry;
  }
  return best ? best.format : TEXT;
}
