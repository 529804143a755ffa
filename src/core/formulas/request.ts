// A formula's arguments → the API request it makes. Empty arguments take the sidebar settings of this
// spreadsheet; a currency left empty everywhere is not sent, so the API answers in the account's own.
import type { ApiRequest } from '../api/types';
import { ENDPOINTS } from '../endpoints';
import type { RoyaltiesSettings } from '../settings';
import { readCurrency, readField, readInterval, readPeriod, readSeriesId } from './arguments';
import { FORMULA_FUNCTIONS, type FormulaName, type FormulaParam } from './functions';

/** Arguments by parameter name, as Sheets passed them (unchecked). */
export type FormulaArguments = Partial<Record<FormulaParam, unknown>>;

export interface FormulaCall {
  readonly request: ApiRequest;
  /** The one column or figure asked for, if any. */
  readonly field?: string;
}

/** Checks every argument (throws FormulaError with what is accepted) and builds the request. `args` holds
 * only the function's own parameters (customFunction names them), so one it does not take reads as empty. */
export function formulaCall(
  name: FormulaName,
  args: FormulaArguments,
  settings: RoyaltiesSettings,
): FormulaCall {
  const { endpoint, params } = FORMULA_FUNCTIONS[name];
  const request: { -readonly [K in keyof ApiRequest]: ApiRequest[K] } = { endpoint };
  if ((params as readonly FormulaParam[]).includes('series_id'))
    request.seriesId = readSeriesId(args.series_id);
  if (ENDPOINTS[endpoint].isReport) {
    request.period = readPeriod(args.range) || settings.period;
    const currency = readCurrency(args.currency) || settings.currency;
    if (currency) request.currency = currency;
  }
  const interval = readInterval(args.interval);
  // Passed as `interval`: the demo API's name; the real API does not document this parameter.
  if (interval) request.options = { interval };
  return { request, field: readField(args.field) };
}
