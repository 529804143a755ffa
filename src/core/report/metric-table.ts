// A Metric/Value table: one figure per row. Columns `metric` (its label: what the author reads first),
// `value`, and last `key` (the dotted key a formula names, headed "Field": a column headed "Key" beside rows
// about the API key would read as the key itself). A column has one format, so the value column takes the
// format most rows share, and `rowFormats` gives each row its own.

import { TEXT } from './cells';
import type { CellValue, FormatHint, ReportFact, ReportMeta, ReportTable } from './types';

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

/** A Metric/Value table's rows as the figures they hold. */
export function metricFigures(table: ReportTable): { key: string; label: string; value: CellValue }[] {
  return table.rows.map((row) => ({
    key: String(row[METRIC_COLUMNS.key]),
    label: String(row[METRIC_COLUMNS.metric]),
    value: row[METRIC_COLUMNS.value] as CellValue,
  }));
}

/** One row in the order of METRIC_COLUMNS. */
export function metricRow(key: string, label: string, value: CellValue): CellValue[] {
  const row: CellValue[] = [];
  row[METRIC_COLUMNS.metric] = label;
  row[METRIC_COLUMNS.value] = value;
  row[METRIC_COLUMNS.key] = key;
  return row;
}
