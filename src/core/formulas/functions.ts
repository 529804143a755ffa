// Which endpoint each custom function reads and which arguments it takes, in the order Sheets passes
// them. The names match src/entrypoints/registry.ts (core cannot import it; a test checks they agree).
import type { EndpointId } from '../endpoints';

export type FormulaParam = 'series_id' | 'range' | 'currency' | 'interval' | 'field';

export interface FormulaFunction {
  readonly endpoint: EndpointId;
  readonly params: readonly FormulaParam[];
}

const REPORT: readonly FormulaParam[] = ['range', 'currency', 'field'];

export const FORMULA_FUNCTIONS = {
  ROYALTIES_ACCOUNT: { endpoint: 'account', params: ['field'] },
  ROYALTIES_SUMMARY: { endpoint: 'summary', params: REPORT },
  ROYALTIES_TIMELINE: { endpoint: 'timeline', params: ['range', 'currency', 'interval', 'field'] },
  ROYALTIES_BOOKS: { endpoint: 'books-report', params: REPORT },
  ROYALTIES_MARKETPLACES: { endpoint: 'marketplaces-report', params: REPORT },
  ROYALTIES_CATALOG: { endpoint: 'catalog', params: REPORT },
  ROYALTIES_SERIES: { endpoint: 'series', params: REPORT },
  ROYALTIES_KENP: { endpoint: 'kenp', params: REPORT },
  ROYALTIES_KENP_BOOKS: { endpoint: 'kenp-books', params: REPORT },
  ROYALTIES_FREE_UNITS: { endpoint: 'free-units', params: REPORT },
  ROYALTIES_READ_THROUGH: { endpoint: 'read-through', params: ['series_id', 'range', 'currency', 'field'] },
} as const satisfies Readonly<Record<string, FormulaFunction>>;

export type FormulaName = keyof typeof FORMULA_FUNCTIONS;
