// One Read-through tab for every series: rows carry the series id and name. One tab (rather than one per
// series) keeps the author's charts and formulas pointing at the same sheet as series come and go, and
// lets one filter or pivot compare series (docs/architecture.md, "Tabs").

import { type CellValue, type ReportColumn, type ReportFact, type ReportTable, TEXT } from '../report';
import type { SeriesRef } from '../report/table-reader';

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
  const columns = [...SERIES_COLUMNS];
  const at = (key: string) => columns.findIndex((c) => c.key === key);
  for (const { table } of parts) {
    for (const column of table.columns)
      if (!SERIES_KEYS.has(column.key) && at(column.key) < 0) columns.push(column);
  }
  const rows: CellValue[][] = [];
  const facts: ReportFact[] = [];
  for (const { series, table } of parts) {
    // Figures beside a series' rows (not its id and name, already in every row), under the series' name.
    for (const fact of table.facts || []) {
      if (!SERIES_KEYS.has(fact.key))
        facts.push({ ...fact, key: `${series.id}.${fact.key}`, label: `${series.name}: ${fact.label}` });
    }
    const from = columns.slice(2).map((c) => table.columns.findIndex((own) => own.key === c.key));
    for (const row of table.rows)
      rows.push([series.id, series.name, ...from.map((i) => (i < 0 ? null : row[i]!))]);
  }
  // The first series that says which period and currency speaks for all.
  const metas = parts.map((p) => p.table.meta);
  const first = <K extends 'period' | 'currency' | 'unread'>(key: K) =>
    metas.map((m) => m[key]).find(Boolean);
  const meta = {
    period: first('period') || null,
    currency: first('currency') || null,
    truncated: metas.some((m) => m.truncated),
    unread: first('unread'),
  };
  return { columns, rows, meta, facts };
}
