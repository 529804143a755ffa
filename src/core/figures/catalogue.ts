// The figure catalogue: the measures authors reason in, and how each is found in any report table. History,
// the dashboard and the single-figure form of the custom functions read figures only through here, so a
// new spelling of a field is taught once (issue 16). A measure not in a response is said to be missing,
// never guessed.

import { lastSegment, words } from '../report/keys';
import { METRIC_COLUMNS } from '../report/metric-table';
import type { CellValue, ReportTable } from '../report/types';

export type Measure =
  | 'royalties'
  | 'sales_royalties'
  | 'kenp_royalties'
  | 'ad_spend'
  | 'net_profit'
  | 'units_sold'
  | 'kenp_pages'
  | 'free_downloads'
  | 'readers'
  | 'read_through';

export type MeasureKind = 'money' | 'count' | 'fraction';

export interface MeasureInfo {
  /** What the author reads. */
  readonly label: string;
  readonly kind: MeasureKind;
  /** Field names that carry it, as snake-case words joined by `_` (camelCase is folded to these). */
  readonly spellings: readonly string[];
}

export const MEASURES: Readonly<Record<Measure, MeasureInfo>> = {
  royalties: { label: 'Royalties', kind: 'money', spellings: ['royalties', 'total_royalties', 'royalty'] },
  sales_royalties: {
    label: 'Sales royalties',
    kind: 'money',
    spellings: ['sales_royalties', 'sales_royalty'],
  },
  kenp_royalties: {
    label: 'KENP royalties',
    kind: 'money',
    spellings: ['kenp_royalties', 'kenp_royalty', 'estimated_royalties', 'estimated_kenp_royalties'],
  },
  ad_spend: {
    label: 'Ad spend',
    kind: 'money',
    spellings: ['ad_spend', 'ads_spend', 'advertising_spend', 'ad_cost'],
  },
  net_profit: { label: 'Net profit', kind: 'money', spellings: ['net_profit', 'profit', 'net'] },
  units_sold: { label: 'Units sold', kind: 'count', spellings: ['units_sold', 'units', 'sold_units'] },
  kenp_pages: {
    label: 'KENP pages read',
    kind: 'count',
    spellings: ['kenp_pages', 'pages_read', 'kenp_pages_read'],
  },
  free_downloads: {
    label: 'Free downloads',
    kind: 'count',
    spellings: ['free_units', 'free_downloads', 'free_units_total'],
  },
  readers: { label: 'Readers', kind: 'count', spellings: ['readers', 'reader_count'] },
  read_through: {
    label: 'Read-through',
    kind: 'fraction',
    spellings: ['read_through_from_previous', 'read_through', 'read_through_rate'],
  },
};

export const MEASURE_NAMES = Object.keys(MEASURES) as Measure[];

/** A figure that was found, or why not: a missing figure is shown as missing, never guessed. */
export type Found<T> =
  | { readonly found: true; readonly value: T; readonly key: string }
  | { readonly found: false };

function spelledAs(key: string): string {
  return words(lastSegment(key)).join('_');
}

function matches(measure: Measure, key: string): number {
  const spelling = spelledAs(key);
  return MEASURES[measure].spellings.indexOf(spelling);
}

/** The index of the column that carries `measure`, or -1 when the response has none. The best spelling
 * wins (the first one listed), then the first column in table order. */
export function measureColumn(table: ReportTable, measure: Measure): number {
  let best = -1;
  let bestRank = Number.POSITIVE_INFINITY;
  table.columns.forEach((column, i) => {
    const rank = matches(measure, column.key);
    if (rank >= 0 && rank < bestRank) {
      best = i;
      bestRank = rank;
    }
  });
  return best;
}

/** The single figure `measure` of a table: a Metric/Value row, a fact beside the rows, or the cell of a
 * one-row table. Missing when the response does not send it. */
export function measureFigure(table: ReportTable, measure: Measure): Found<CellValue> {
  const candidates: { key: string; value: CellValue }[] = [];
  if (table.layout === 'metric-value') {
    for (const row of table.rows) {
      candidates.push({
        key: String(row[METRIC_COLUMNS.key]),
        value: row[METRIC_COLUMNS.value] as CellValue,
      });
    }
  } else if (table.rows.length === 1) {
    const [row] = table.rows;
    table.columns.forEach((column, i) => {
      candidates.push({ key: column.key, value: row![i] as CellValue });
    });
  }
  for (const fact of table.facts || []) candidates.push({ key: fact.key, value: fact.value });
  let best: { key: string; value: CellValue } | undefined;
  let bestRank = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const rank = matches(measure, candidate.key);
    if (rank >= 0 && rank < bestRank) {
      best = candidate;
      bestRank = rank;
    }
  }
  return best ? { found: true, value: best.value, key: best.key } : { found: false };
}

/** The numbers of a measure's column, row by row (null where a row has no number); missing when the
 * table has no such column. */
export function measureValues(table: ReportTable, measure: Measure): Found<readonly (number | null)[]> {
  const column = measureColumn(table, measure);
  if (column < 0) return { found: false };
  const values = table.rows.map((row) => {
    const cell = row[column];
    return typeof cell === 'number' ? cell : null;
  });
  return { found: true, value: values, key: table.columns[column]!.key };
}
