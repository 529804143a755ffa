// Arguments as Sheets passes them to a custom function: a typed value or a single cell's value (string,
// number, boolean, Date), '' or undefined for an empty cell or a left-out argument, a 2D array for a
// range. Each reader returns the cleaned value, or undefined for "use the default".

import { LIST_SERIES } from '../base/phrases';
import { isScalar } from '../base/unknown';
import {
  CURRENCY_ADVICE,
  normaliseCurrency,
  normalisePeriod,
  OR_DEFAULT,
  PERIOD_ADVICE,
  SettingsError,
} from '../settings';
import { FormulaError } from './errors';

type FormulaScalar = string | number | boolean | Date | null | undefined;

/** One cell's value, or an error naming the parameter when Sheets handed a range (or anything no cell
 * holds). */
export function singleCell(value: unknown, name: string): FormulaScalar {
  // A 1×1 range is unambiguous; anything larger is not one value.
  if (Array.isArray(value) && value.length === 1 && Array.isArray(value[0]) && value[0].length === 1)
    return singleCell(value[0][0], name);
  if (value === undefined || value instanceof Date || isScalar(value)) return value;
  throw new FormulaError(`${name} must be one value: type it, or point at one cell.`);
}

/** Trimmed text, undefined when empty; other kinds refused with `accepted` in the message. */
function textArgument(value: unknown, name: string, accepted: string): string | undefined {
  const cell = singleCell(value, name);
  if (typeof cell === 'string') return cell.trim() || undefined;
  if (cell == null) return undefined;
  const kind = cell instanceof Date ? 'a date' : typeof cell === 'number' ? `the number ${cell}` : cell;
  throw new FormulaError(`${name} is ${kind}, not text. ${accepted}`);
}

/** An argument checked by `check` (the settings' own, whose refusal is worded for the cell's note). */
function setting<T>(value: unknown, name: string, advice: string, check: (text: string) => T): T | undefined {
  const text = textArgument(value, name, advice);
  try {
    return text === undefined ? undefined : check(text);
  } catch (err) {
    throw err instanceof SettingsError ? new FormulaError(err.message) : err;
  }
}

export function readPeriod(value: unknown): string | undefined {
  return setting(value, 'range', PERIOD_ADVICE, normalisePeriod);
}

/** Never null in fact: empty text is undefined before normaliseCurrency sees it. */
export function readCurrency(value: unknown): string | null | undefined {
  return setting(value, 'currency', CURRENCY_ADVICE, normaliseCurrency);
}

/** The demo API's values; the real API's name and values for this choice are not documented. */
const INTERVALS = ['day', 'month'] as const;

export function readInterval(value: unknown): (typeof INTERVALS)[number] | undefined {
  const accepted = `Use "day" or "month"${OR_DEFAULT}`;
  return setting(value, 'interval', accepted, (text) => {
    const interval = INTERVALS.find((i) => i === text.toLowerCase());
    if (!interval) throw new FormulaError(`interval "${text.slice(0, 40)}" is not known. ${accepted}`);
    return interval;
  });
}

export function readField(value: unknown): string | undefined {
  return textArgument(value, 'field', 'Use a column key or label, such as "net_profit".');
}

/** Required. A whole number in a cell is taken as its digits, since ids may be numeric. */
export function readSeriesId(value: unknown): string {
  const cell = singleCell(value, 'series_id');
  if (typeof cell === 'number' && Number.isSafeInteger(cell) && cell >= 0) return String(cell);
  const text = textArgument(cell, 'series_id', LIST_SERIES);
  if (text === undefined) throw new FormulaError(`series_id is required. ${LIST_SERIES}`);
  return text;
}
