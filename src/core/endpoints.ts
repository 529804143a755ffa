// The eleven endpoints of the Author Royalties Reporting API (docs/api.md §1, Endpoints), in the
// author's words. Everything that lists endpoints (client, tabs, custom functions) starts from here.

interface EndpointSpec {
  /** Path below the base URL; `{series_id}` is filled with one encoded path segment. */
  readonly path: string;
  /** What the author calls it; also the default tab name. */
  readonly title: string;
  /** Whether `range` and `currency` apply (report endpoints). */
  readonly isReport: boolean;
  /** A list that does not change with the period or currency (the catalog, the series): its banner names
   * neither. */
  readonly timeless?: true;
}

/** Every endpoint but /account is a report: range and currency apply. */
function report(path: string, title: string, timeless?: true): EndpointSpec {
  return { path, title, isReport: true, timeless };
}

/** The one list: its keys are the endpoint ids (EndpointId), and through them every tab kind (tab-ids.ts). */
const SPECS = {
  account: { path: '/account', title: 'Account', isReport: false },
  summary: report('/summary', 'Summary'),
  timeline: report('/timeline', 'Timeline'),
  'books-report': report('/reports/books', 'Books'),
  'marketplaces-report': report('/reports/marketplaces', 'Marketplaces'),
  catalog: report('/books', 'Catalog', true),
  series: report('/series', 'Series', true),
  kenp: report('/kenp', 'KENP'),
  'kenp-books': report('/kenp/books', 'KENP by book'),
  'free-units': report('/free-units', 'Free downloads'),
  'read-through': report('/series/{series_id}/read-through', 'Read-through'),
} satisfies Record<string, EndpointSpec>;

export type EndpointId = keyof typeof SPECS;
export const ENDPOINTS: Readonly<Record<EndpointId, EndpointSpec>> = SPECS;

/** Whether a tab's figures depend on the period and currency asked for (what its banner names). */
export function showsPeriod(id: EndpointId): boolean {
  return ENDPOINTS[id].isReport && !ENDPOINTS[id].timeless;
}

export const ENDPOINT_IDS = Object.keys(ENDPOINTS) as EndpointId[];
