// Every custom function, declared once: one per endpoint (endpoints.ts), and those answered from our own
// tabs rather than an endpoint (the year's, from the history tab's days). The registry's custom functions
// (entrypoints/registry.ts) are read from this list; plain data, so the Node build can read it too.
import { ENDPOINT_IDS, ENDPOINTS, type FormulaName, type FormulaSpec } from './endpoints';

/** The calendar year by month from the history tab (docs/guide/alerts-and-the-year.md), as the year's tab
 * shows it. */
export const YEAR_FORMULA = {
  name: 'ROYALTIES_YEAR',
  summary:
    'One calendar year by month and currency from the history tab: royalties, ad spend, net, units; an estimate of what was paid in it.',
  example: '=ROYALTIES_YEAR(2025, 60, RoyaltiesRefreshed)',
  params: ['year', 'payment_delay', 'refreshed'],
} as const satisfies FormulaSpec<'ROYALTIES_YEAR'>;

/** Any custom function's name. */
export type CustomFunctionName = FormulaName | typeof YEAR_FORMULA.name;

/** In the order autocomplete lists them: the endpoints', then the year's. */
export const CUSTOM_FUNCTIONS: readonly FormulaSpec<CustomFunctionName>[] = [
  ...ENDPOINT_IDS.map((id) => ENDPOINTS[id].formula),
  YEAR_FORMULA,
];
