// One Read-through tab for every series: rows carry the series id and name. One tab (rather than one per
// series) keeps the author's charts and formulas pointing at the same sheet as series come and go, and
// lets one filter or pivot compare series (docs/architecture.md, "Tabs").

import type { SeriesRef } from '../refresh/plan';
import {
  type CellValue,
  type ReportColumn,
  type ReportFact,
  type ReportMeta,
  type ReportTable,
  TEXT,
} from '../report';

const SERIES_COLUMNS: readonly ReportColumn[] = [
  { key: 'series_id', label: 'Series ID', format: TEXT },
  { key: 'series_name', label: 'Series', format: TEXT },
];
/** Keys a per-series table may carry that the two series columns already hold. */
const SERIES_KEYS = new Set(['series_id', 'series_name', 'series.series_id', 'series.id', 'series.name']);

interface SeriesReadThrough {
  readonly series: SeriesRef;
  readonly table: ReportTable;
}

/** The tables of all series as one: columns in first-seen order, missing cells empty. */
export function mergeReadThrough(parts: readonly SeriesReadThrough[]): ReportTable {
  const columns: ReportColumn[] = [...SERIES_COLUMNS];
  const at = new Map<string, number>(columns.map((c, i) => [c.key, i]));
  for (const { table } of parts) {
    for (const column of table.columns) {
      if (SERIES_KEYS.has(column.key) || at.has(column.key)) continue;
      at.set(column.key, columns.length);
      columns.push(column);
    }
  }
  const rows: CellValue[][] = [];
  const facts: ReportFact[] = [];
  for (const { series, table } of parts) {
    // Figures beside a series' rows (not its id and name, already in every row), under the series' name.
    for (const fact of table.facts || []) {
      if (SERIES_KEYS.has(fact.key)) continue;
      facts.push({ ...fact, key: `${series.id}.${fact.key}`, label: `${series.name}: ${fact.label}` });
    }
    const targets = table.columns.map((c) => (SERIES_KEYS.has(c.key) ? -1 : at.get(c.key)!));
    for (const source of table.rows) {
      const row = new Array<CellValue>(columns.length).fill(null);
      row[0] = series.id;
      row[1] = series.name;
      source.forEach((value, i) => {
        const target = targets[i]!;
        if (target >= 0) row[target] = value;
      });
      rows.push(row);
    }
  }
  // The first series that says which period and currency speaks for all.
  let period: ReportMeta['period'] = null;
  let currency: string | null = null;
  let truncated = false;
  let unread: string | undefined;
  for (const { meta } of parts.map((p) => p.table)) {
    period ||= meta.period;
    currency ||= meta.currency;
    truncated ||= meta.truncated;
    unread ||= meta.unread;
  }
  return { columns, rows, meta: { period, currency, truncated, ...(unread ? { unread } : {}) }, facts };
}
