// Nested objects become dotted keys (`totals.royalties`); an amount given as `{amount, currency}` becomes
// its number; an array of numbers becomes one column per number, other plain values are joined with ", ".
// An array of objects is offered to the caller as possible child rows; otherwise, when each object names
// itself (a marketplace, a format), it becomes a breakdown, a column per name and figure
// (`by_market[US].royalties`), so its numbers stay numbers. Anything else is kept as JSON text.

import { isObject, isScalar, type JsonObject, jsonText, ownField } from '../unknown';
import { breakdownKey, describeKey } from './keys';
import { Amount, type Leaf, MadeText } from './values';
import { wordSet } from './word-lists';

export interface FlatSink {
  value(key: string, leaf: Leaf): void;
  /** An array of objects (possibly empty): child rows for whoever wants them. Absent: JSON text. */
  children?(key: string, items: readonly JsonObject[]): void;
}

/** A list of numbers up to this long gets a column per number (a month of daily figures); longer, one text.
 * A breakdown gets at most this many columns too. */
const MAX_LIST_COLUMNS = 62;
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
    flattenArray(value, key, sink, depth);
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

function flattenArray(items: readonly unknown[], key: string, sink: FlatSink, depth: number): void {
  // An empty list goes to `children` too: a series with no books yet is still one row.
  if (sink.children !== undefined && items.every(isObject)) {
    sink.children(key, items as readonly JsonObject[]);
  } else if (items.length === 0) {
    sink.value(key, null);
  } else if (
    items.length <= MAX_LIST_COLUMNS &&
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
  } else if (!(items.every(isObject) && flattenBreakdown(items as readonly JsonObject[], key, sink, depth))) {
    sink.value(key, new MadeText(jsonText(items)));
  }
}

/** A list of objects that is not the rows' children: a breakdown when it can be one, else JSON text. */
export function flattenObjectList(items: readonly JsonObject[], key: string, sink: FlatSink): void {
  flattenArray(items, key, { value: sink.value }, 0);
}

/**
 * Each object named by one text field whose values all differ (a marketplace, a format) becomes columns
 * `key[name].field`, at most MAX_LIST_COLUMNS of them. False (nothing written) when the list has no such
 * field, an object has nothing beside its name, or it would need more columns: then it stays JSON text.
 */
function flattenBreakdown(items: readonly JsonObject[], key: string, sink: FlatSink, depth: number): boolean {
  const nameField = namingField(items);
  if (nameField === null || depth >= MAX_DEPTH) return false;
  const leaves: [string, Leaf][] = [];
  const collect: FlatSink = { value: (k, leaf) => leaves.push([k, leaf]) };
  for (const item of items) {
    const before = leaves.length;
    const entry = breakdownKey(key, ownField(item, nameField) as string);
    for (const field of Object.keys(item)) {
      if (field !== nameField) flattenValue(item[field], `${entry}.${field}`, collect, depth + 1);
    }
    // An object that is only its name would leave no column: the list stays whole, as JSON text.
    if (leaves.length === before || leaves.length > MAX_LIST_COLUMNS) return false;
  }
  for (const [k, leaf] of leaves) sink.value(k, leaf);
  return true;
}

/** A name a column key can carry: short, no brackets, not a bare number (that reads as a list place). */
const BREAKDOWN_NAME = /^(?!\d+$)[^[\]]{1,40}$/;

/** The field that names every object, all values different: an identifier first (a marketplace before its
 * currency), then a title or name, then any other; in the objects' own order. Null when none does. */
function namingField(items: readonly JsonObject[]): string | null {
  const [first] = items;
  if (first === undefined) return null;
  const candidates = Object.keys(first).filter((field) => {
    const seen = new Set<string>();
    return items.every((item) => {
      const name = ownField(item, field);
      if (typeof name !== 'string' || !BREAKDOWN_NAME.test(name) || seen.has(name)) return false;
      seen.add(name);
      return true;
    });
  });
  const rank = (field: string) => Math.min(2, describeKey(field).rank);
  return candidates.sort((a, b) => rank(a) - rank(b))[0] ?? null;
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
