// Nested objects become dotted keys (`totals.royalties`); an amount given as `{amount, currency}` becomes
// its number (a whole one with `decimals` beside it stays text: it may be in cents); an array of numbers
// becomes one column per number, other plain values are joined with ", ".
// An array of objects is offered to the caller as possible child rows (rows.ts may also make it a
// breakdown: a column per name and figure, `by_market[US].royalties`, so its numbers stay numbers), or kept
// as JSON text; anything deeper than a sheet can show is kept as JSON text.

import { isObject, isScalar, type JsonObject, jsonText, ownField } from '../base/unknown';
import { breakdownKey, describeKey, describesAmount, lastSegment, words } from './keys';
import { GROUP_WORDS } from './labels';
import { Amount, type Leaf, MadeText, stringKind } from './values';
import { wordList, wordSet } from './word-lists';

/** Where each leaf goes, by its key. */
export type LeafSink = (key: string, leaf: Leaf) => void;
/** Where an array of objects (possibly empty) goes: child rows for whoever wants them. Absent: JSON text. */
export type ListSink = (key: string, items: readonly JsonObject[]) => void;

/** A list of numbers up to this long gets a column per number (a month of daily figures); longer, one text.
 * A breakdown gets at most this many columns too. */
const MAX_LIST_COLUMNS = 62;
/** Objects nested deeper than this (after the row itself) are kept whole, as JSON text. */
const MAX_DEPTH = 6;

export function flattenObject(
  obj: JsonObject,
  prefix: string,
  value: LeafSink,
  children?: ListSink,
  depth = 0,
): void {
  for (const name of Object.keys(obj)) {
    flattenValue(obj[name], prefix + name, value, children, depth);
  }
}

function flattenValue(
  value: unknown,
  key: string,
  sink: LeafSink,
  children: ListSink | undefined,
  depth: number,
): void {
  if (isScalar(value)) {
    sink(key, value);
  } else if (Array.isArray(value)) {
    flattenArray(value, key, sink, children);
  } else if (isObject(value)) {
    const amount = amountOf(value, key);
    const total = amount === null ? totalOfParts(value, key) : null;
    if (amount !== null) sink(key, amount);
    else if (total !== null) {
      // A figure in parts: its total is the figure itself (`royalties`), its parts keep its name
      // (`royalties.ebook`, labelled "Royalties ebook": labels.ts).
      flattenValue(value[total], key, sink, undefined, depth + 1);
      for (const name of Object.keys(value))
        if (name !== total) flattenValue(value[name], `${key}.${name}`, sink, undefined, depth + 1);
    } else if (!Object.keys(value).length) sink(key, null);
    else if (depth >= MAX_DEPTH) sink(key, new MadeText(jsonText(value)));
    else flattenObject(value, `${key}.`, sink, children, depth + 1);
  } else {
    // Not JSON (undefined, a function): nothing a cell can hold.
    sink(key, null);
  }
}

function flattenArray(items: readonly unknown[], key: string, sink: LeafSink, children?: ListSink): void {
  // An empty list goes to the list sink too: a series with no books yet is still one row.
  if (children !== undefined && items.every(isObject)) {
    children(key, items as readonly JsonObject[]);
  } else if (!items.length) {
    sink(key, null);
  } else if (
    items.length <= MAX_LIST_COLUMNS &&
    items.every((x) => x === null || typeof x === 'number') &&
    describeKey(key).role !== 'identifier'
  ) {
    // Numbers stay numbers: one column each (`daily_units.1`, `daily_units.2`…), so the author can sum them
    // (a list of ids stays one text: nothing to sum).
    items.forEach((item, i) => {
      sink(`${key}.${i + 1}`, item as number | null);
    });
  } else {
    // Plain values joined (a null as nothing), anything else as JSON.
    sink(key, new MadeText(items.every(isScalar) ? items.join(', ') : jsonText(items)));
  }
}

/**
 * The field that names every entry of a list of objects, decided once for the whole table from every
 * record's copy of the list (rows.ts: each copy holds entries): a text field whose values differ within
 * each copy, that is not a currency or locale (those describe an amount) and not a date (a rolling window
 * would add columns every refresh); an identifier first (a marketplace), then a title or name, then any
 * other, in the objects' own order. Null, and the list stays JSON text, when no field names them all, an
 * entry is only its name, or the table would need more than MAX_LIST_COLUMNS columns.
 */
export function breakdownNaming(copies: readonly (readonly JsonObject[])[]): string | null {
  const names = (field: string) =>
    copies.every((items) => {
      // Names that differ only in case would be one name to a formula's `field` ('' is no name).
      const folded = new Set(
        items.map((item) => {
          const name = ownField(item, field);
          return typeof name === 'string' && BREAKDOWN_NAME.test(name) && stringKind(name) === 'text'
            ? name.toLowerCase()
            : '';
        }),
      );
      return folded.size === items.length && !folded.has('');
    });
  const rank = (field: string) => Math.min(2, describeKey(field).rank);
  const candidates = Object.keys(copies[0]![0]!).filter((field) => !describesAmount(field) && names(field));
  const nameField = candidates.sort((a, b) => rank(a) - rank(b))[0];
  if (nameField === undefined) return null;
  const columns = new Set<string>();
  const sink: LeafSink = (k) => {
    columns.add(k);
  };
  for (const items of copies) {
    for (const item of items) {
      // An entry that is only its name would leave no column for it.
      if (Object.keys(item).length < 2) return null;
      flattenEntry(item, '', nameField, sink);
      if (columns.size > MAX_LIST_COLUMNS) return null;
    }
  }
  return nameField;
}

/** Writes one entry of a breakdown as its columns, `key[name].field` (its name from `nameField`), all its
 * fields but its name. Lists inside stay JSON text (no list sink): breakdowns do not nest. */
export function flattenEntry(item: JsonObject, key: string, nameField: string, sink: LeafSink): void {
  const entry = breakdownKey(key, ownField(item, nameField) as string);
  for (const field of Object.keys(item)) {
    if (field !== nameField) flattenValue(item[field], `${entry}.${field}`, sink, undefined, ENTRY_DEPTH);
  }
}

/** An entry's fields sit this deep: the record, its list, the entry. */
const ENTRY_DEPTH = 2;

/** A name a column key can carry: short; no brackets (they delimit it) nor `@` (the ledger's currency mark);
 * not a bare number (that reads as a list place). */
const BREAKDOWN_NAME = /^(?!\d+$)[^[\]@]{1,40}$/;

const GROUPS = wordSet(`${GROUP_WORDS} item items record records row rows`);
const AMOUNT_FIELDS = wordSet(
  'amount value currency currency_code formatted display precision decimals exponent',
);
const SCALE_FIELDS = wordList('decimals precision exponent');
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** The fields that hold a figure's total beside its parts, best first. */
const TOTAL_FIELDS = wordList('total amount value sum');

/** `{total, ebook, print, kenp}` under a figure's name: the field holding the total, or null. Every field
 * a figure (a number, a number as text, an amount), none describing an amount (`precision`, `currency`:
 * those are one amount, amountOf), and the parent no group of figures (`totals: {royalties, total}` are
 * figures side by side, not parts). */
function totalOfParts(obj: JsonObject, key: string): string | null {
  const names = Object.keys(obj);
  const total = TOTAL_FIELDS.find((name) => names.includes(name));
  if (total === undefined || names.length < 2 || GROUPS.has(words(lastSegment(key)).join('_'))) return null;
  const figure = (value: unknown): boolean =>
    typeof value === 'number' ||
    (typeof value === 'string' && DECIMAL.test(value)) ||
    (isObject(value) && amountOf(value, key) instanceof Amount);
  return names.every((name) => (name === total || !AMOUNT_FIELDS.has(name)) && figure(obj[name]))
    ? total
    : null;
}

/** `{amount: 12.5, currency: "USD"}` (or `value`, `currency_code`, a decimal string, a display string) is
 * an Amount. `{amount: 123450, currency: "USD", decimals: 2}`: $1,234.50 in cents, or $123,450 with two
 * decimals to show? The API reference does not say, so it is no amount: a text that says why, never a
 * guessed figure. Null: not an amount. */
function amountOf(obj: JsonObject, key: string): Amount | MadeText | null {
  const raw = ownField(obj, 'amount') ?? ownField(obj, 'value');
  // A decimal string inside a money object is still that amount (some APIs send money as strings).
  const amount = typeof raw === 'string' && DECIMAL.test(raw) ? Number(raw) : raw;
  if (typeof amount !== 'number' || Object.keys(obj).some((name) => !AMOUNT_FIELDS.has(name))) return null;
  const currency = ownField(obj, 'currency') ?? ownField(obj, 'currency_code');
  const money = typeof currency === 'string';
  const scale = SCALE_FIELDS.map((name) => ownField(obj, name)).find((v) => Number(v) > 0);
  // A fraction says it is not in cents; 0 is the same in either unit. Without a currency only a name that
  // says money makes it an amount (a rating `{value: 4, precision: 1}`).
  if (
    scale !== undefined &&
    Number.isInteger(amount) &&
    amount !== 0 &&
    (money || describeKey(key).role === 'money')
  )
    return new MadeText(
      `${money ? `${amount} ${currency}` : amount}, ${scale} decimals: may be in cents, not read as an amount`,
    );
  return money ? new Amount(amount, currency) : null;
}
