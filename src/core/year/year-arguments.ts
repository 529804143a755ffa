// The year's custom function's arguments (ROYALTIES_YEAR): the calendar year and the payment delay, each
// refused in the author's words with what to type instead; empty means the default.
import { singleCell } from '../formulas/arguments';
import { FormulaError } from '../formulas/errors';
import { MAX_PAYMENT_DELAY_DAYS, PAYMENT_DELAY_ADVICE } from '../settings';

/** A whole number typed or in a cell (digits as text too, a minus sign included, so "-5" is refused as -5
 * typed is); undefined when empty. */
function wholeNumber(value: unknown, name: string, advice: string): number | undefined {
  const cell = singleCell(value, name);
  if (cell == null || cell === '') return undefined;
  const text = typeof cell === 'string' ? cell.trim() : cell;
  if (text === '') return undefined;
  const n = typeof text === 'number' ? text : /^-?\d+$/.test(String(text)) ? Number(text) : Number.NaN;
  if (Number.isSafeInteger(n)) return n;
  const shown = cell instanceof Date ? 'a date' : JSON.stringify(String(cell).slice(0, 40));
  throw new FormulaError(`${name} is ${shown}, not a whole number. ${advice}`);
}

/** The calendar year asked for; empty: `thisYear`. */
export function readYear(value: unknown, thisYear: number): number {
  const advice = `Type a calendar year such as ${thisYear - 1}, or leave it empty for this year.`;
  const year = wholeNumber(value, 'year', advice);
  if (year === undefined) return thisYear;
  if (year < 1970 || year > thisYear + 1)
    throw new FormulaError(`year ${year} is not a year with royalties to show. ${advice}`);
  return year;
}

/** Days from the end of a month of sale to its payment; empty: undefined (the sidebar's setting). */
export function readPaymentDelay(value: unknown): number | undefined {
  const advice = PAYMENT_DELAY_ADVICE;
  const days = wholeNumber(value, 'payment_delay', advice);
  if (days !== undefined && (days < 0 || days > MAX_PAYMENT_DELAY_DAYS))
    throw new FormulaError(`payment_delay ${days} is not 0 to ${MAX_PAYMENT_DELAY_DAYS} days. ${advice}`);
  return days;
}
