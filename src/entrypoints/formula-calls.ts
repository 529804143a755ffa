// What a formula cell's execution calls: one implementation per custom function.
import { FORMULA_FUNCTIONS, type FormulaName } from '../core/formulas';
import { customFunction } from '../platform/formulas';

/** Named as FORMULA_FUNCTIONS names them (a test checks they match the registry). */
export const formulaEntryPoints = Object.fromEntries(
  Object.keys(FORMULA_FUNCTIONS).map((name) => [name, customFunction(name as FormulaName)]),
) as Record<FormulaName, ReturnType<typeof customFunction>>;
