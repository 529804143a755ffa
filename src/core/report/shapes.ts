// Common ways of arranging the same records, rewritten to the one arrangement the rest of this layer reads
// (lists of objects, figures as fields), before rows are looked for. Each rule looks at shape, not at the
// names of the figures: the real API documents none of this (docs/api.md).
//
// - a table given column-wise: a list of column names beside rows that are arrays of values;
// - a list of named figures: objects that each pair a name with a value (`{name, value, currency?}`);
// - rows given as an object keyed by id: the id becomes a column;
// - a resource wrapped in an `attributes` object beside its `id`/`type`: the attributes become its fields.
//
// Nothing is copied unless a rule applies, so the usual response costs one walk.

import { isObject, isScalar, type JsonObject, ownField } from '../base/unknown';
import { LIST_WORDS, withoutKeys } from './locate';
import { periodRole } from './period-role';
import { isCurrencyCode } from './several-currencies';
import { joinedMoney } from './split-money';
import { unixMidnight, unixUnit } from './unix';
import { stringKind } from './values';
import { wordList, wordSet } from './word-lists';

type Json = unknown;

/** Deeper than this the value is left as it is (flatten.ts keeps such values as JSON text anyway). */
const MAX_DEPTH = 8;

/** Field names that name a figure in a list of named figures, in order of preference. */
const NAME_WORDS = 'name key metric measure field label';
const NAME_FIELDS = wordList(NAME_WORDS);
/** Field names that hold its value. */
const VALUE_FIELDS = wordList('value amount figure total count');
/** Other fields a named figure may carry: read (currency) or only describing it. */
const DESCRIBING_FIELDS = wordSet(
  `${NAME_WORDS} currency currency_code unit units description format formatted display`,
);
/** Where a column-wise table's columns name themselves, when they are objects. */
const COLUMN_NAME_FIELDS = wordList('name key field id label');
/** Names of a column-wise table's list of columns (needed only to read a table with no rows). */
const COLUMN_LIST_NAMES = wordSet('columns fields headers header schema');
/** Wrappers of a resource's fields (JSON:API and the like). */
const WRAPPERS = wordSet('attributes attrs properties');
/** Names under which one object keyed by id is still a list. */
const LIST_NAMES = wordSet(`${LIST_WORDS} platforms`);

/** `currency`: the response's, for a minor part of money (split-money.ts) that names none. */
export function canonicalShape(value: Json, currency: string | null = null): Json {
  const out = rewrite(value, 0, currency);
  // A bare object of records keyed by id (no envelope beside them) is the list itself.
  return (isObject(out) && keyedRows(out, '')) || out;
}

function rewrite(value: Json, depth: number, currency: string | null): Json {
  if (depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    let items: unknown[] | null = null;
    value.forEach((item, i) => {
      const next = rewrite(item, depth + 1, currency);
      if (next !== item) {
        items ||= value.slice();
        items[i] = next;
      }
    });
    const out: readonly unknown[] = items || value;
    return namedFigures(out) || out;
  }
  if (!isObject(value)) return value;
  // A rule that applies returns a copy, so the fields below are copied only if they change.
  const shaped = unwrapped(columnWise(value) || value);
  // Money in two parts is one figure (or a text saying why not) before anything reads it.
  const joined = joinedMoney(shaped, currency);
  if (joined !== null && !isObject(joined)) return joined;
  const obj = (joined as JsonObject | null) || shaped;
  let out: Record<string, unknown> | null = null;
  for (const field of Object.keys(obj)) {
    const inner = obj[field];
    if (isScalar(inner)) continue;
    let next = rewrite(inner, depth + 1, currency);
    if (isObject(next)) next = keyedRows(next, field) || next;
    if (next !== inner) {
      out ||= withoutKeys(obj, []);
      out[field] = next;
    }
  }
  return out || obj;
}

function firstString(obj: JsonObject, fields: readonly string[]): string | null {
  for (const field of fields) {
    const value = ownField(obj, field);
    if (typeof value === 'string' && value) return value;
  }
  return null;
}

/** `[{name: "royalties", value: 412.37, currency: "USD"}, …]` → `{royalties: {amount: 412.37, currency}}`:
 * each item a distinct name, one value field, and nothing but fields that describe it. */
function namedFigures(items: readonly unknown[]): JsonObject | null {
  if (!items.length) return null;
  const out: Record<string, unknown> = Object.create(null);
  for (const item of items) {
    if (!isObject(item)) return null;
    const name = firstString(item, NAME_FIELDS);
    const fields = Object.keys(item);
    const valueFields = fields.filter((field) => VALUE_FIELDS.includes(field));
    const value = item[valueFields[0]!];
    if (
      name === null ||
      ownField(out, name) !== undefined ||
      valueFields.length !== 1 ||
      !fields.every((field) => VALUE_FIELDS.includes(field) || DESCRIBING_FIELDS.has(field)) ||
      !(isScalar(value) || isObject(value))
    )
      return null;
    const currency = currencyOf(item);
    out[name] =
      typeof currency === 'string' && (typeof value === 'number' || typeof value === 'string')
        ? { amount: value, currency }
        : value;
  }
  return out;
}

/** The names of a column-wise table's columns, or null. */
function columnNames(value: unknown): string[] | null {
  if (!Array.isArray(value) || !value.length) return null;
  // A Set, so a long list of records (each with a name) is tested in one pass, not one per record.
  const names = new Set<string>();
  for (const column of value) {
    const name =
      typeof column === 'string' ? column : isObject(column) ? firstString(column, COLUMN_NAME_FIELDS) : null;
    if (!name || names.has(name)) return null;
    names.add(name);
  }
  return [...names];
}

/** `{columns: ["date", "royalties"], rows: [["2026-11-01", 12.5], …]}` → `{rows: [{date, royalties}, …]}`. */
function columnWise(obj: JsonObject): JsonObject | null {
  const fields = Object.keys(obj);
  for (const namesField of fields) {
    const names = columnNames(obj[namesField]);
    if (names === null) continue;
    for (const dataField of fields) {
      const data = obj[dataField];
      if (dataField === namesField || !Array.isArray(data)) continue;
      if (!data.every((row) => Array.isArray(row) && row.length === names.length)) continue;
      // No rows at all: only a list named as a table's columns says this is an empty table.
      if (!data.length && !COLUMN_LIST_NAMES.has(namesField.toLowerCase())) continue;
      const out = withoutKeys(obj, [namesField]);
      // fromEntries defines each field as its own (a `__proto__` column stays an ordinary field).
      out[dataField] = data.map((row: readonly unknown[]) =>
        Object.fromEntries(names.map((n, i) => [n, row[i]])),
      );
      return out;
    }
  }
  return null;
}

/** `{id, type, attributes: {…}}` → `{id, type, …attributes}`: a wrapper beside the resource's id or type. */
function unwrapped(obj: JsonObject): JsonObject {
  if (ownField(obj, 'id') === undefined && ownField(obj, 'type') === undefined) return obj;
  let out: Record<string, unknown> | null = null;
  for (const field of Object.keys(obj)) {
    const inner = obj[field];
    if (!WRAPPERS.has(field) || !isObject(inner)) continue;
    out = withoutKeys(out || obj, [field]);
    for (const name of Object.keys(inner)) {
      // A field the wrapper shares with the resource keeps its place under the wrapper's name.
      out[ownField(out, name) === undefined ? name : `${field}.${name}`] = inner[name];
    }
  }
  return out || obj;
}

/** `{"bk_1": {title, royalties}, "bk_2": {…}}` → `[{id: "bk_1", title, royalties}, …]`: several records of
 * the same fields (or one, under a name lists go by), each under its id. */
function keyedRows(obj: JsonObject, name: string): readonly JsonObject[] | null {
  const ids = Object.keys(obj);
  const records = ids.map((id) => obj[id]);
  const listName = LIST_NAMES.has(name.toLowerCase());
  // Every record an object with fields, and not an amount (`{amount, currency}`: flatten.ts reads it as one
  // figure).
  // Nor a wrapper whose every field is a list of records (`{totals: [{…}, {…}]}`): its lists are the rows.
  const isRecord = (record: unknown) => {
    const fields = isObject(record) ? Object.values(record) : [];
    const size = fields.length;
    if (
      size > 0 &&
      fields.every((field) => Array.isArray(field) && field.length > 0 && field.every(isObject))
    )
      return false;
    return size > 4 || (size > 0 && typeof currencyOf(record as JsonObject) !== 'string');
  };
  if (ids.length < (listName ? 1 : 2) || !records.every(isRecord)) return null;
  const counts = new Map<string, number>();
  for (const record of records as JsonObject[]) {
    for (const field of Object.keys(record)) counts.set(field, (counts.get(field) || 0) + 1);
  }
  // This period's figures beside the previous period's (`{current: {…}, previous: {…}}`) are one record's
  // figures by period, not rows: period-role.ts tells them apart.
  if (ids.some((id) => periodRole(`${id}.figure`) !== 'plain')) return null;
  // Records of one kind share most of their fields; groups of different figures do not.
  const shared = [...counts.values()].filter((count) => count === ids.length).length;
  if (!listName && shared * 2 < counts.size) return null;
  const carriesId = (records as JsonObject[]).every((record, i) =>
    Object.keys(record).some((field) => {
      const value = record[field];
      return (
        (typeof value === 'string' || typeof value === 'number') &&
        String(value) === ids[i] &&
        /id$/i.test(field)
      );
    }),
  );
  if (carriesId) return records as JsonObject[];
  // Ids that are all days, months or timestamps are the rows' date (a timeline keyed by day, even as
  // `2026-11-01T00:00:00Z` or Unix time: unix.ts reads the column); anything else is an id.
  // Ids that are all currency codes are the rows' currency (totals keyed by currency).
  const wanted = ids.every((id) => stringKind(id) !== 'text' || unixDay(id))
    ? 'date'
    : ids.every((id) => /^[A-Z]{3}$/.test(id) && isCurrencyCode(id))
      ? 'currency'
      : 'id';
  const idField = counts.has(wanted) ? (counts.has('key') ? `${name || 'row'}_key` : 'key') : wanted;
  // Object spread defines each field as its own (a `__proto__` field stays an ordinary field).
  return (records as JsonObject[]).map((record, i) => ({ [idField]: ids[i], ...record }));
}

/** An id that is a day in Unix time: midnight UTC, so a number id (an ISBN) is never taken for one. */
function unixDay(id: string): boolean {
  const n = Number(id);
  return /^\d+$/.test(id) && unixUnit(n) !== null && unixMidnight(n);
}

function currencyOf(obj: JsonObject): unknown {
  return ownField(obj, 'currency') || ownField(obj, 'currency_code');
}
