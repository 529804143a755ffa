// The eleven endpoints of the Author Royalties Reporting API (../shared/api-reference.md §4), in the
// author's words. Everything that lists endpoints (client, tabs, custom functions) starts from here.

export type EndpointId =
  | 'account'
  | 'summary'
  | 'timeline'
  | 'books-report'
  | 'marketplaces-report'
  | 'catalog'
  | 'series'
  | 'kenp'
  | 'kenp-books'
  | 'free-units'
  | 'read-through';

export interface EndpointSpec {
  readonly id: EndpointId;
  /** Path below the base URL; `{series_id}` is filled with one encoded path segment. */
  readonly path: string;
  /** What the author calls it; also the default tab name. */
  readonly title: string;
  /** Whether `range` and `currency` apply (report endpoints). */
  readonly isReport: boolean;
}

export const ENDPOINTS: Readonly<Record<EndpointId, EndpointSpec>> = {
  account: { id: 'account', path: '/account', title: 'Account', isReport: false },
  summary: { id: 'summary', path: '/summary', title: 'Summary', isReport: true },
  timeline: { id: 'timeline', path: '/timeline', title: 'Timeline', isReport: true },
  'books-report': { id: 'books-report', path: '/reports/books', title: 'Books', isReport: true },
  'marketplaces-report': {
    id: 'marketplaces-report',
    path: '/reports/marketplaces',
    title: 'Marketplaces',
    isReport: true,
  },
  catalog: { id: 'catalog', path: '/books', title: 'Catalog', isReport: true },
  series: { id: 'series', path: '/series', title: 'Series', isReport: true },
  kenp: { id: 'kenp', path: '/kenp', title: 'KENP', isReport: true },
  'kenp-books': { id: 'kenp-books', path: '/kenp/books', title: 'KENP by book', isReport: true },
  'free-units': { id: 'free-units', path: '/free-units', title: 'Free downloads', isReport: true },
  'read-through': {
    id: 'read-through',
    path: '/series/{series_id}/read-through',
    title: 'Read-through',
    isReport: true,
  },
};

export const ENDPOINT_IDS = Object.keys(ENDPOINTS) as EndpointId[];
