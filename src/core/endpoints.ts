// The eleven endpoints of the Author Royalties Reporting API (docs/api.md §1, Endpoints), in the
// author's words: each declared once, with the custom function that reads it (its name, autocomplete text,
// example and parameters). Everything that lists endpoints starts from here: the client, the tabs, the
// refresh plan, the formula table (formulas/functions.ts), the registry's custom functions
// (entrypoints/registry.ts) and the demo API's routes (local/demo-api/handler.ts). How to add one:
// docs/design-notes.md, "How to add an endpoint".

/** A custom function's arguments, by name, in the order Sheets passes them; `refreshed` is always last. */
export type FormulaParam =
  | 'series_id'
  | 'range'
  | 'currency'
  | 'interval'
  | 'field'
  | 'year'
  | 'payment_delay'
  | 'refreshed';

/** A custom function, as Sheets' autocomplete shows it. */
export interface FormulaSpec<Name extends string> {
  readonly name: Name;
  /** What it gives, one sentence (the autocomplete's description). */
  readonly summary: string;
  /** A formula an author can copy. */
  readonly example: string;
  readonly params: readonly FormulaParam[];
}

interface EndpointSpec<Name extends string = string> {
  /** Path below the base URL; `{series_id}` is filled with one encoded path segment. */
  readonly path: string;
  /** What the author calls it; also the default tab name. */
  readonly title: string;
  /** Whether `range` and `currency` apply (report endpoints). */
  readonly isReport: boolean;
  /** A list that does not change with the period or currency (the catalog, the series): its banner names
   * neither. */
  readonly timeless?: true;
  readonly formula: FormulaSpec<Name>;
}

/** What a formula is given beside its parameters: everything but `refreshed`, which comes last. */
interface FormulaOf<Name extends string> {
  readonly name: Name;
  readonly summary: string;
  readonly example: string;
  /** Its parameters before `refreshed`; a report's default: range, currency, field. */
  readonly params?: readonly FormulaParam[];
}

/** An endpoint and its custom function, the function's parameters ending in `refreshed`. */
function endpoint<const Name extends string>(
  path: string,
  title: string,
  isReport: boolean,
  { params = ['range', 'currency', 'field'], ...formula }: FormulaOf<Name>,
  timeless?: true,
): EndpointSpec<Name> {
  return {
    path,
    title,
    isReport,
    ...(timeless ? { timeless } : {}),
    formula: { ...formula, params: [...params, 'refreshed'] },
  };
}

/** Every endpoint but /account is a report: range and currency apply. */
function report<const Name extends string>(
  path: string,
  title: string,
  formula: FormulaOf<Name>,
  timeless?: true,
): EndpointSpec<Name> {
  return endpoint(path, title, true, formula, timeless);
}

/** The one list: its keys are the endpoint ids (EndpointId), and through them every tab kind (tab-ids.ts). */
const SPECS = {
  account: endpoint('/account', 'Account', false, {
    name: 'ROYALTIES_ACCOUNT',
    summary:
      "The owner's account: currency, subscription, key; per platform, last sync and data covered through.",
    example: '=ROYALTIES_ACCOUNT("reporting_currency", RoyaltiesRefreshed)',
    params: ['field'],
  }),
  summary: report('/summary', 'Summary', {
    name: 'ROYALTIES_SUMMARY',
    summary:
      'Period totals, one per row (Key, Metric, Value): royalties, ad spend, net profit, units, KENP pages, free downloads.',
    example: '=ROYALTIES_SUMMARY("last_30_days", "EUR", "net_profit", RoyaltiesRefreshed)',
  }),
  timeline: report('/timeline', 'Timeline', {
    name: 'ROYALTIES_TIMELINE',
    summary: 'The summary figures, one row per day or month.',
    example: '=ROYALTIES_TIMELINE("last_90_days", "USD", "month", , RoyaltiesRefreshed)',
    params: ['range', 'currency', 'interval', 'field'],
  }),
  'books-report': report('/reports/books', 'Books', {
    name: 'ROYALTIES_BOOKS',
    summary: 'One row per book: royalties, ad spend, net profit, units, pages read.',
    example: '=ROYALTIES_BOOKS("last_30_days", "USD", "net_profit", RoyaltiesRefreshed)',
  }),
  'marketplaces-report': report('/reports/marketplaces', 'Marketplaces', {
    name: 'ROYALTIES_MARKETPLACES',
    summary: 'One row per marketplace (amazon.com, …) with the summary figures.',
    example: '=ROYALTIES_MARKETPLACES("last_30_days", "GBP", , RoyaltiesRefreshed)',
  }),
  catalog: report(
    '/books',
    'Catalog',
    {
      name: 'ROYALTIES_CATALOG',
      summary: 'One row per book: title, ASIN, ISBN, series and position, formats, publication date.',
      example: '=ROYALTIES_CATALOG(, , "isbn", RoyaltiesRefreshed)',
    },
    true,
  ),
  series: report(
    '/series',
    'Series',
    {
      name: 'ROYALTIES_SERIES',
      summary: 'The series and their ids, one row per book in reading order (for ROYALTIES_READ_THROUGH).',
      example: '=ROYALTIES_SERIES(, , , RoyaltiesRefreshed)',
    },
    true,
  ),
  kenp: report('/kenp', 'KENP', {
    name: 'ROYALTIES_KENP',
    summary: 'KENP pages read, one row per date; field "kenp.pages_read" gives the total.',
    example: '=ROYALTIES_KENP("last_30_days", , , RoyaltiesRefreshed)',
  }),
  'kenp-books': report('/kenp/books', 'KENP by book', {
    name: 'ROYALTIES_KENP_BOOKS',
    summary: 'KENP pages read and their estimated royalties, one row per book.',
    example: '=ROYALTIES_KENP_BOOKS("last_30_days", "EUR", , RoyaltiesRefreshed)',
  }),
  'free-units': report('/free-units', 'Free downloads', {
    name: 'ROYALTIES_FREE_UNITS',
    summary: 'Free downloads, one row per book and marketplace; field "total" gives the sum.',
    example: '=ROYALTIES_FREE_UNITS("last_90_days", , , RoyaltiesRefreshed)',
  }),
  'read-through': report('/series/{series_id}/read-through', 'Read-through', {
    name: 'ROYALTIES_READ_THROUGH',
    summary:
      'Read-through of one series, one row per book: readers, and the share who went on from the previous and first book.',
    example: '=ROYALTIES_READ_THROUGH("sr_001", "last_90_days", , , RoyaltiesRefreshed)',
    params: ['series_id', 'range', 'currency', 'field'],
  }),
} satisfies Record<string, EndpointSpec>;

export type EndpointId = keyof typeof SPECS;
/** The custom functions' names, one per endpoint. */
export type FormulaName = (typeof SPECS)[EndpointId]['formula']['name'];
export const ENDPOINTS: Readonly<{
  [Id in EndpointId]: EndpointSpec<(typeof SPECS)[Id]['formula']['name']>;
}> = SPECS;

/** Whether a tab's figures depend on the period and currency asked for (what its banner names). */
export function showsPeriod(id: EndpointId): boolean {
  return ENDPOINTS[id].isReport && !ENDPOINTS[id].timeless;
}

export const ENDPOINT_IDS = Object.keys(ENDPOINTS) as EndpointId[];
