// The report tables the dashboard reads, from the same two fetchAll rounds as the tabs (whether or not their
// own tabs are chosen). All or nothing: a dashboard drawn from some sources but not others would mix
// periods, so when one failed the dashboard keeps its previous figures under the amber banner.
import { ENDPOINTS, type EndpointId } from '../endpoints';
import type { ReportTable } from '../report';
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
  | { readonly ok: false; readonly error: string };

export function dashboardSources(contents: readonly TabContent[]): SourcesOutcome {
  const out: Partial<Record<keyof DashboardSources, ReportTable>> = {};
  for (const [field, tab] of Object.entries(DASHBOARD_FIELDS) as [keyof DashboardSources, EndpointId][]) {
    const content = contents.find((c) => c.tab === tab);
    if (!content || content.kind === 'failed') {
      const why = content ? content.error : 'It was not fetched.';
      return { ok: false, error: `${ENDPOINTS[tab].title} could not be read: ${why}` };
    }
    out[field] = content.table;
  }
  return { ok: true, sources: out as DashboardSources };
}
