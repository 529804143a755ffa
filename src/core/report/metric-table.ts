// A Metric/Value table: one figure per row. Columns `metric` (its label: what the author reads first),
// `value`, and last `key` (the dotted key a formula names, headed "Field": a column headed "Key" beside rows
// about the API key would read as the key itself). A column has one format, so the value column takes the
// format most rows share, and `rowFormats` gives each row its own.

import { TEXT } from './cells';
import type { CellValue, FormatHint, ReportFact, ReportMeta, ReportTable } from './types';

/** Where each column stands, for readers elsewhere; metricRow and metricFigures write and read this order. */
export const METRIC_COLUMNS = { metric: 0, value: 1, key: 2 } as const;

export function metricTable(facts: readonly ReportFact[], meta: ReportMeta): ReportTable {
  const rowFormats = facts.map((fact) => fact.format);
  return {
    columns: [
      { key: 'metric', label: 'Metric', format: TEXT },
      { key: 'value', label: 'Value', format: mostCommon(rowFormats) },
      { key: 'key', label: 'Field', format: TEXT },
    ],
    rows: facts.map((fact) => metricRow(fact.key, fact.label, fact.value)),
    meta,
    layout: 'metric-value',
    rowFormats,
    facts: [],
  };
}

/** The format most rows share (the first seen of a tie); text when there are none. */
function mostCommon(formats: readonly FormatHint[]): FormatHint {
  const counts = new Map<string, number>();
  let best = TEXT;
  let bestCount = 0;
  for (const format of formats) {
    const id = JSON.stringify(format);
    const count = (counts.get(id) || 0) + 1;
    counts.set(id, count);
    if (count > bestCount) {
      best = format;
      bestCount = count;
    }
  }
  return best;
}

/** A Metric/Value table's rows as the figures they hold. */
export function metricFigures(table: ReportTable): { key: string; label: string; value: CellValue }[] {
  return table.rows.map(([label, value, key]) => ({
    key: String(key),
    label: String(label),
    value: value as CellValue,
  }));
}

/** One row in the order of METRIC_COLUMNS: metric, value, key. */
export function metricRow(key: string, label: string, value: CellValue): CellValue[] {
  return [label, value, key];
}
