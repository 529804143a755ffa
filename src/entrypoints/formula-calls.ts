// What a formula cell's execution calls: one implementation per custom function.
import { YEAR_FORMULA } from '../core/custom-functions';
import { FORMULA_FUNCTIONS, type FormulaName } from '../core/formulas';
import { customFunction } from '../platform/formulas';
import { yearFunction } from '../platform/year-formula';

/** Named as FORMULA_FUNCTIONS names them, and the year's (a test checks they match the registry). */
export const formulaEntryPoints = {
  ...(Object.fromEntries(
    Object.keys(FORMULA_FUNCTIONS).map((name) => [name, customFunction(name as FormulaName)]),
  ) as Record<FormulaName, ReturnType<typeof customFunction>>),
  [YEAR_FORMULA.name]: yearFunction,
};
