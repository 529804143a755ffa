// Money sent in two parts, put back together to the cent before anything else reads it. The figure is one
// column, never two columns neither of which is the figure. Two spellings:
// - Google's Money type, `{currency_code, units, nanos}`: whole units (an int64, often sent as text) and
//   billionths of a unit, both of the same sign; proto3 leaves a zero part out;
// - a whole and a minor part side by side under one name: `royalties_units` + `royalties_nanos`,
//   `amount_units` + `amount_cents`, `royaltiesMajor` + `royaltiesMinor` (minor units: the currency's own
//   decimals, so only with a known currency).
// Parts that do not fit together (a minor part as large as a unit, opposite signs) become a text that says
// so: kept, never read as a figure.

import { type JsonObject, ownField } from '../base/unknown';
import { snakeCase } from './keys';
import { moneyDecimals } from './money';
import { wordSet } from './word-lists';

const MONEY_FIELDS = wordSet('units nanos currency_code currency');
const WHOLE_WORDS = wordSet('units major whole');
/** Each minor part's scale in digits after the point; `minor`: the currency's. */
const MINOR_DIGITS: Readonly<Record<string, number | 'currency'>> = { nanos: 9, cents: 2, minor: 'currency' };
/** The whole part's last word and the separator before it: what is left is the figure's name. */
const WHOLE_SUFFIX = /[_\s-]*(units|major|whole)$/i;
const MINOR_SUFFIX = /(nanos|cents|minor)$/i;
const INTEGER_TEXT = /^-?\d{1,18}$/;

function integerOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  return typeof value === 'string' && INTEGER_TEXT.test(value) && Number.isSafeInteger(Number(value))
    ? Number(value)
    : null;
}

/** `whole` and `minor` (of `digits` decimals) as one number, built as text so it is exactly the decimal
 * written (412 and 37 cents is 412.37, not 412 + 0.37's nearest double); null when they do not fit. */
function joined(whole: number, minor: number, digits: number): number | null {
  if (Math.abs(minor) >= 10 ** digits || (whole < 0 && minor > 0) || (whole > 0 && minor < 0)) return null;
  if (digits === 0) return whole;
  const sign = whole < 0 || minor < 0 ? '-' : '';
  return Number(`${sign}${Math.abs(whole)}.${String(Math.abs(minor)).padStart(digits, '0')}`);
}

/** A field by its name in any casing (`currencyCode`, `Currency Code`, `currency-code`). */
function field(obj: JsonObject, name: string): unknown {
  const own = ownField(obj, name);
  if (own !== undefined) return own;
  const found = Object.keys(obj).find((key) => snakeCase(key) === name);
  return found === undefined ? undefined : obj[found];
}

function currencyOf(obj: JsonObject): string | null {
  const code = field(obj, 'currency_code') ?? field(obj, 'currency');
  return typeof code === 'string' && /^[A-Za-z]{3}$/.test(code) ? code.toUpperCase() : null;
}

function misfit(whole: unknown, minor: unknown, minorName: string): string {
  return `${String(whole)} and ${String(minor)} ${minorName}: money in two parts that do not fit together, not read as an amount`;
}

/** A Money object as `{amount, currency}` (or its number when it names no currency), or null when the
 * object is not one: only `units`, `nanos` and a currency, and both parts or one beside `currency_code`. */
function moneyObject(obj: JsonObject): unknown {
  const fields = Object.keys(obj);
  if (!fields.length || fields.length > 4 || !fields.every((name) => MONEY_FIELDS.has(snakeCase(name))))
    return null;
  const units = field(obj, 'units');
  const nanos = field(obj, 'nanos');
  const currency = currencyOf(obj);
  // One part alone is Money only beside Money's own `currency_code`: `{currency, units}` may be units sold.
  if (
    (units === undefined && nanos === undefined) ||
    ((units === undefined || nanos === undefined) && field(obj, 'currency_code') === undefined)
  )
    return null;
  const whole = units === undefined ? 0 : integerOf(units);
  const minor = nanos === undefined ? 0 : integerOf(nanos);
  const amount = whole === null || minor === null ? null : joined(whole, minor, 9);
  if (amount === null) return misfit(units, nanos, 'nanos');
  return currency === null ? amount : { amount, currency };
}

/** The object with Money objects and split pairs put back together, or null when it holds neither. */
export function joinedMoney(obj: JsonObject, responseCurrency: string | null): unknown {
  const money = moneyObject(obj);
  if (money !== null) return money;
  const fields = Object.keys(obj);
  // Cheap first look (this runs on every object of a response): a minor part's name ends the field.
  if (fields.length < 2 || !fields.some((field) => MINOR_SUFFIX.test(field))) return null;
  // Each field's words, split once: `royaltiesUnits` → royalties, units.
  const byStem = new Map<string, { whole?: string; minor?: string; minorWord?: string }>();
  for (const field of fields) {
    const words = snakeCase(field).split('_');
    const last = words.pop()!;
    const stem = words.join('_');
    if (!stem) continue;
    const pair = byStem.get(stem) || {};
    if (WHOLE_WORDS.has(last)) pair.whole = field;
    else if (MINOR_DIGITS[last] !== undefined) {
      pair.minor = field;
      pair.minorWord = last;
    } else continue;
    byStem.set(stem, pair);
  }
  let out: Record<string, unknown> | null = null;
  const currency = currencyOf(obj) || responseCurrency;
  for (const { whole, minor, minorWord } of byStem.values()) {
    if (whole === undefined || minor === undefined) continue;
    const spec = MINOR_DIGITS[minorWord!]!;
    if (spec === 'currency' && currency === null) continue;
    const digits = spec === 'currency' ? moneyDecimals(currency!) : spec;
    const [w, m] = [integerOf(obj[whole]), integerOf(obj[minor])];
    // The figure takes the whole part's place and the stem's name in the field's own spelling.
    const name = whole.replace(WHOLE_SUFFIX, '');
    if (ownField(obj, name) !== undefined) continue;
    const amount = w === null || m === null ? null : joined(w, m, digits);
    out ||= { ...obj };
    const value = amount === null ? misfit(obj[whole], obj[minor], minorWord!) : amount;
    // Rebuilt in the object's order: the figure where its whole part was, the minor part gone.
    const rebuilt: Record<string, unknown> = {};
    for (const field of Object.keys(out)) {
      if (field === whole) rebuilt[name] = value;
      else if (field !== minor) rebuilt[field] = out[field];
    }
    out = rebuilt;
  }
  return out;
}
