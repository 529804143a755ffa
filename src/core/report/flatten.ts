// Nested objects become dotted keys (`totals.royalties`); an amount given as `{amount, currency}` becomes
// its number; an array of numbers becomes one column per number, other plain values are joined with ", "; an array of objects is offered to the caller as
// possible child rows (or kept as JSON text); anything deeper than a sheet can show is kept as JSON text.

import { isObject, isScalar, type JsonObject, jsonText, ownField } from '../unknown';
import { describeKey } from './keys';
import { Amount, type Leaf, MadeText } from './values';
import { wordSet } from './word-lists';

export interface FlatSink {
  value(key: string, leaf: Leaf): void;
  /** An array of objects (possibly empty): child rows for whoever wants them. Absent: JSON text. */
  children?(key: string, items: readonly JsonObject[]): void;
}

/** A list of numbers up to this long gets a column per number (a month of daily figures); longer, one text. */
const MAX_NUMBER_LIST = 62;
/** Objects nested deeper than this (after the row itself) are kept whole, as JSON text. */
const MAX_DEPTH = 6;

export function flattenObject(obj: JsonObject, prefix: string, sink: FlatSink, depth = 0): void {
  for (const name of Object.keys(obj)) {
    flattenValue(obj[name], prefix + name, sink, depth);
  }
}

export function flattenValue(value: unknown, key: string, sink: FlatSink, depth: number): void {
  if (isScalar(value)) {
    sink.value(key, value);
  } else if (Array.isArray(value)) {
    flattenArray(value, key, sink);
  } else if (isObject(value)) {
    const amount = asAmount(value);
    if (amount !== null) sink.value(key, amount);
    else if (Object.keys(value).length === 0) sink.value(key, null);
    else if (depth >= MAX_DEPTH) sink.value(key, new MadeText(jsonText(value)));
    else flattenObject(value, `${key}.`, sink, depth + 1);
  } else {
    // Not JSON (undefined, a function): nothing a cell can hold.
    sink.value(key, null);
  }
}

function flattenArray(items: readonly unknown[], key: string, sink: FlatSink): void {
  // An empty list goes to `children` too: a series with no books yet is still one row.
  if (sink.children !== undefined && items.every(isObject)) {
    sink.children(key, items as readonly JsonObject[]);
  } else if (items.length === 0) {
    sink.value(key, null);
  } else if (
    items.length <= MAX_NUMBER_LIST &&
    items.every((x) => x === null || typeof x === 'number') &&
    describeKey(key).role !== 'identifier'
  ) {
    // Numbers stay numbers: one column each (`daily_units.1`, `daily_units.2`…), so the author can sum them
    // (a list of ids stays one text: nothing to sum).
    items.forEach((item, i) => {
      sink.value(`${key}.${i + 1}`, item as number | null);
    });
  } else if (items.every(isScalar)) {
    sink.value(key, new MadeText(items.map(plainText).join(', ')));
  } else {
    sink.value(key, new MadeText(jsonText(items)));
  }
}

function plainText(value: string | number | boolean | null): string {
  return value === null ? '' : String(value);
}

const AMOUNT_FIELDS = wordSet('amount value currency currency_code formatted display precision decimals');
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** `{amount: 12.5, currency: "USD"}` (or `value`, `currency_code`, a decimal string, a display string). */
function asAmount(obj: JsonObject): Amount | null {
  const currency = ownField(obj, 'currency') ?? ownField(obj, 'currency_code');
  if (typeof currency !== 'string') return null;
  const raw = ownField(obj, 'amount') ?? ownField(obj, 'value');
  let amount: number;
  if (typeof raw === 'number') amount = raw;
  // A decimal string inside a money object is still that amount (some APIs send money as strings).
  else if (typeof raw === 'string' && DECIMAL.test(raw)) amount = Number(raw);
  else return null;
  for (const name of Object.keys(obj)) if (!AMOUNT_FIELDS.has(name)) return null;
  return new Amount(amount, currency);
}
