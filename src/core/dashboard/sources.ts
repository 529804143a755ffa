// The report tables the dashboard reads, from the same two fetchAll rounds as the tabs (whether or not their
// own tabs are chosen). All or nothing: a dashboard drawn from some sources but not others would mix
// periods, so when one failed the dashboard keeps its previous figures under the amber banner.
import { ENDPOINTS, type EndpointId } from '../endpoints';
import { type Measure, measureValues } from '../figures';
import { type CellValue, moneyDecimals, type ReportTable } from '../report';
import { breakdownOf, lastSegment, words } from '../report/keys';
import type { TabContent } from '../tabs';

export interface DashboardSources {
  readonly summary: ReportTable;
  readonly timeline: ReportTable;
  readonly books: ReportTable;
  readonly marketplaces: ReportTable;
  readonly catalog: ReportTable;
  readonly series: ReportTable;
  readonly kenp: ReportTable;
  readonly freeUnits: ReportTable;
  readonly readThrough: ReportTable;
}

/** Each source's report, in the order the dashboard reads them (refresh/plan.ts asks for these). */
export const DASHBOARD_FIELDS: Readonly<Record<keyof DashboardSources, EndpointId>> = {
  summary: 'summary',
  timeline: 'timeline',
  books: 'books-report',
  marketplaces: 'marketplaces-report',
  catalog: 'catalog',
  series: 'series',
  kenp: 'kenp',
  freeUnits: 'free-units',
  readThrough: 'read-through',
};

type SourcesOutcome =
  | { readonly ok: true; readonly sources: DashboardSources }
  | { readonly ok: false; readonly reason: string };

export function dashboardSources(contents: readonly TabContent[]): SourcesOutcome {
  const out: Partial<Record<keyof DashboardSources, ReportTable>> = {};
  for (const [field, tab] of Object.entries(DASHBOARD_FIELDS) as [keyof DashboardSources, EndpointId][]) {
    const content = contents.find((c) => c.tab === tab);
    if (!content || content.kind === 'failed') {
      const why = content ? content.reason : 'It was not fetched.';
      return { ok: false, reason: `${ENDPOINTS[tab].title} could not be read: ${why}` };
    }
    out[field] = content.table;
  }
  return { ok: true, sources: out as DashboardSources };
}

/** Where a books or series table names a book's series. */
export const SERIES_ID = ['series_id', 'series.series_id', 'series.id'];
/** Where a books table names a book: its id, and its title. */
export const BOOK_ID = ['book_id', 'id', 'asin'];
export const BOOK_TITLE = ['title', 'book_title', 'name'];

/** The first column whose key is one of `keys` (in that order of preference), or -1. A key is matched
 * exactly, else by its last segment as the figure catalogue spells it (`figures.kenpc`, `seriesPosition`),
 * so the dashboard reads every shape the tabs do. */
export function columnOf(table: ReportTable, keys: readonly string[]): number {
  // A breakdown's part (`by_market[US].royalties`) is never the figure itself.
  const spelled = (key: string) => (breakdownOf(key) === null ? words(lastSegment(key)).join('_') : null);
  for (const spell of [(key: string) => key, spelled]) {
    for (const key of keys) {
      const at = table.columns.findIndex((c) => spell(c.key) === key);
      if (at >= 0) return at;
    }
  }
  return -1;
}

/** A cell as an id or name: text or a number as text; anything else is no id. Never empty, so `||` can
 * pick the next candidate. */
export function idText(value: CellValue | undefined): string | null {
  if (typeof value === 'string') return value || null;
  return numberOrNull(value) === null ? null : String(value);
}

/** Each row's two ids or names (idText) at the first column of `keys` and of `otherKeys`, where it has both
 * (a missing column, -1, has no value in any row). */
export function idPairs(
  table: ReportTable,
  keys: readonly string[],
  otherKeys: readonly string[],
): [string, string][] {
  const at = columnOf(table, keys);
  const otherAt = columnOf(table, otherKeys);
  const out: [string, string][] = [];
  for (const row of table.rows) {
    const id = idText(row[at]);
    const other = idText(row[otherAt]);
    if (id !== null && other !== null) out.push([id, other]);
  }
  return out;
}

export function numberOrNull(value: CellValue | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Money sums rounded to the currency's cents, so a sum of cents reads as the API's own figures do. */
export function roundTo(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

export function roundMoney(value: number, currency: string | null): number {
  return roundTo(value, moneyDecimals(currency || ''));
}

/** top ÷ bottom; null when either is missing or bottom is not above 0. */
export function ratio(top: number | null, bottom: number | null): number | null {
  return top !== null && bottom !== null && bottom > 0 ? top / bottom : null;
}

/** Row i's figure of a measure's column (i: an index of the table's rows, as every caller passes); null when
 * the row has none or the table no such column. */
export function measureAt(table: ReportTable, measure: Measure): (i: number) => number | null {
  const found = measureValues(table, measure);
  return (i) => (found.found ? found.value[i]! : null);
}
