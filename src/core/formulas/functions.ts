// Which endpoint each custom function reads and which arguments it takes, in the order Sheets passes
// them. The names match src/entrypoints/registry.ts (core cannot import it; a test checks they agree).
import type { EndpointId } from '../endpoints';

/** `refreshed` comes last in every function: see refresh.ts. */
export type FormulaParam = 'series_id' | 'range' | 'currency' | 'interval' | 'field' | 'refreshed';

interface FormulaFunction {
  readonly endpoint: EndpointId;
  readonly params: readonly FormulaParam[];
}

/** Most functions read a report: range, currency, field. */
function report(endpoint: EndpointId, params: readonly FormulaParam[] = ['range', 'currency', 'field']) {
  return { endpoint, params: [...params, 'refreshed'] as readonly FormulaParam[] };
}

export const FORMULA_FUNCTIONS = {
  ROYALTIES_ACCOUNT: report('account', ['field']),
  ROYALTIES_SUMMARY: report('summary'),
  ROYALTIES_TIMELINE: report('timeline', ['range', 'currency', 'interval', 'field']),
  ROYALTIES_BOOKS: report('books-report'),
  ROYALTIES_MARKETPLACES: report('marketplaces-report'),
  ROYALTIES_CATALOG: report('catalog'),
  ROYALTIES_SERIES: report('series'),
  ROYALTIES_KENP: report('kenp'),
  ROYALTIES_KENP_BOOKS: report('kenp-books'),
  ROYALTIES_FREE_UNITS: report('free-units'),
  ROYALTIES_READ_THROUGH: report('read-through', ['series_id', 'range', 'currency', 'field']),
} satisfies Readonly<Record<string, FormulaFunction>>;

export type FormulaName = keyof typeof FORMULA_FUNCTIONS;
