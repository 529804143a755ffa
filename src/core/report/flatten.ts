// Nested objects become dotted keys (`totals.royalties`); an amount given as `{amount, currency}` becomes
// its number (a whole one with `decimals` beside it stays text: it may be in cents); an array of numbers
// becomes one column per number, other plain values are joined with ", ".
// An array of objects is offered to the caller as possible child rows (rows.ts may also make it a
// breakdown: a column per name and figure, `by_market[US].royalties`, so its numbers stay numbers), or kept
// as JSON text; anything deeper than a sheet can show is kept as JSON text.

import { isObject, isScalar, type JsonObject, jsonText, ownField } from '../unknown';
import { breakdownKey, describeKey, describesAmount } from './keys';
import { Amount, type Leaf, MadeText, stringKind } from './values';
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

function flattenValue(value: unknown, key: string, sink: FlatSink, depth: number): void {
  if (isScalar(value)) {
    sink.value(key, value);
  } else if (Array.isArray(value)) {
    flattenArray(value, key, sink);
  } else if (isObject(value)) {
    const scaled = scaledAmount(value, key);
    const amount = scaled === null ? asAmount(value) : null;
    if (scaled !== null) sink.value(key, scaled);
    else if (amount !== null) sink.value(key, amount);
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
  } else {
    sink.value(key, new MadeText(jsonText(items)));
  }
}

/**
 * The field that names every entry of a list of objects, decided once for the whole table from every
 * record's copy of the list (rows.ts): a text field whose values differ within each copy, that is not a
 * currency or locale (those describe an amount) and not a date (a rolling window would add columns every
 * refresh); an identifier first (a marketplace), then a title or name, then any other, in the objects' own
 * order. Null, and the list stays JSON text, when no field names them all, an entry is only its name, or
 * the table would need more than MAX_LIST_COLUMNS columns.
 */
export function breakdownNaming(copies: readonly (readonly JsonObject[])[]): string | null {
  const first = copies[0]?.[0];
  if (first === undefined) return null;
  const names = (field: string) =>
    copies.every((items) => {
      const seen = new Set<string>();
      return items.every((item) => {
        const name = ownField(item, field);
        if (typeof name !== 'string' || !BREAKDOWN_NAME.test(name) || stringKind(name) !== 'text')
          return false;
        // Names that differ only in case would be one name to a formula's `field`.
        const folded = name.toLowerCase();
        if (seen.has(folded)) return false;
        seen.add(folded);
        return true;
      });
    });
  const rank = (field: string) => Math.min(2, describeKey(field).rank);
  const candidates = Object.keys(first).filter((field) => !describesAmount(field) && names(field));
  const nameField = candidates.sort((a, b) => rank(a) - rank(b))[0];
  if (nameField === undefined) return null;
  const columns = new Set<string>();
  for (const items of copies) {
    for (const item of items) {
      let leaves = 0;
      flattenEntry(item, '', nameField, {
        value: (k) => {
          leaves++;
          columns.add(k);
        },
      });
      // An entry that is only its name would leave no column for it.
      if (leaves === 0 || columns.size > MAX_LIST_COLUMNS) return null;
    }
  }
  return nameField;
}

/** Writes one copy of a list as its breakdown's columns, `key[name].field` (names from `nameField`). */
export function flattenBreakdown(
  items: readonly JsonObject[],
  key: string,
  nameField: string,
  sink: FlatSink,
): void {
  for (const item of items) flattenEntry(item, key, nameField, sink);
}

/** An entry's fields but its name. Lists inside stay JSON text (no `children`): breakdowns do not nest. */
function flattenEntry(item: JsonObject, key: string, nameField: string, sink: FlatSink): void {
  const entry = breakdownKey(key, ownField(item, nameField) as string);
  const plain: FlatSink = { value: sink.value };
  for (const field of Object.keys(item)) {
    if (field !== nameField) flattenValue(item[field], `${entry}.${field}`, plain, ENTRY_DEPTH);
  }
}

/** An entry's fields sit this deep: the record, its list, the entry. */
const ENTRY_DEPTH = 2;

/** A name a column key can carry: short; no brackets (they delimit it) nor `@` (the ledger's currency mark);
 * not a bare number (that reads as a list place). */
const BREAKDOWN_NAME = /^(?!\d+$)[^[\]@]{1,40}$/;

function plainText(value: string | number | boolean | null): string {
  return value === null ? '' : String(value);
}

const AMOUNT_FIELDS = wordSet(
  'amount value currency currency_code formatted display precision decimals exponent',
);
const SCALE_FIELDS = ['decimals', 'precision', 'exponent'];
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** `{amount: 123450, currency: "USD", decimals: 2}`: $1,234.50 in cents, or $123,450 with two decimals to
 * show? The API reference does not say, so it is no amount: a text that says why, never a guessed figure. */
function scaledAmount(obj: JsonObject, key: string): MadeText | null {
  const raw = ownField(obj, 'amount') ?? ownField(obj, 'value');
  const amount = typeof raw === 'string' && DECIMAL.test(raw) ? Number(raw) : raw;
  // A fraction says it is not in cents; 0 is the same in either unit.
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount === 0) return null;
  const scale = SCALE_FIELDS.map((name) => ownField(obj, name)).find((v) => Number(v) > 0);
  if (scale === undefined) return null;
  for (const name of Object.keys(obj)) if (!AMOUNT_FIELDS.has(name)) return null;
  const currency = ownField(obj, 'currency') ?? ownField(obj, 'currency_code');
  // Without a currency only a name that says money makes it an amount (a rating `{value: 4, precision: 1}`).
  if (typeof currency !== 'string' && describeKey(key).role !== 'money') return null;
  const what = typeof currency === 'string' ? `${amount} ${currency}` : String(amount);
  return new MadeText(`${what}, ${scale} decimals: may be in cents, not read as an amount`);
}

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
