// Which endpoint each custom function reads and which arguments it takes, in the order Sheets passes
// them: read from the one declaration of each endpoint (core/endpoints.ts), which the registry's custom
// functions (src/entrypoints/registry.ts) read too.
import { ENDPOINT_IDS, ENDPOINTS, type EndpointId, type FormulaName, type FormulaParam } from '../endpoints';

export type { FormulaName, FormulaParam };

interface FormulaFunction {
  readonly endpoint: EndpointId;
  readonly params: readonly FormulaParam[];
}

export const FORMULA_FUNCTIONS = Object.fromEntries(
  ENDPOINT_IDS.map((endpoint) => [
    ENDPOINTS[endpoint].formula.name,
    { endpoint, params: ENDPOINTS[endpoint].formula.params },
  ]),
) as Readonly<Record<FormulaName, FormulaFunction>>;
