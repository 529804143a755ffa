// The demo account's report bodies arranged the ways another API might arrange the same figures: the
// add-on must read each one, with no code change, into the same figures. Each is a pure function
// of any JSON body (it knows no endpoint and no field name of ours), so tests apply it to the demo server's
// answers (`shape` option) and to fixtures alike. The documented envelope (`period`, `currency`, `meta`)
// is left as it is.

export type ResponseShape =
  | 'demo'
  | 'named-figures'
  | 'column-wise'
  | 'keyed-by-id'
  | 'attributes'
  | 'decimal-strings';

export const RESPONSE_SHAPES: readonly ResponseShape[] = [
  'demo',
  'named-figures',
  'column-wise',
  'keyed-by-id',
  'attributes',
  'decimal-strings',
];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

const ENVELOPE = new Set(['period', 'currency', 'meta']);
/** Field names that say an amount of money: these get a currency beside them as a named figure. */
const MONEY = /royalt|spend|profit|price|revenue|earning/;

function isObj(value: Json | undefined): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isListOfObjects(value: Json | undefined): value is Obj[] {
  return Array.isArray(value) && value.length > 0 && value.every(isObj);
}

/** The body in `shape`; the envelope untouched. */
export function reshape(body: unknown, shape: ResponseShape): unknown {
  if (shape === 'demo' || !isObj(body as Json)) return body;
  const root = body as Obj;
  const out: Obj = {};
  const currency = typeof root.currency === 'string' ? root.currency : null;
  for (const [key, value] of Object.entries(root)) {
    out[key] = ENVELOPE.has(key) ? value : SHAPES[shape](value, key, currency);
  }
  if (shape === 'named-figures') return namedAtRoot(out);
  return out;
}

type Transform = (value: Json, key: string, currency: string | null) => Json;

const SHAPES: Record<Exclude<ResponseShape, 'demo'>, Transform> = {
  'named-figures': namedFigures,
  'column-wise': columnWise,
  'keyed-by-id': keyedById,
  attributes: attributes,
  'decimal-strings': decimalStrings,
};

/** `f` applied to each item of a list, or each field of an object (under its name). */
function mapInner(value: Json, f: (inner: Json, key: string) => Json): Json {
  if (Array.isArray(value)) return value.map((item) => f(item, ''));
  if (!isObj(value)) return value;
  const out: Obj = {};
  for (const [key, inner] of Object.entries(value)) out[key] = f(inner, key);
  return out;
}

/** Every number of an object goes into a list of `{name, value}` (money with its currency); an object of
 * nothing but numbers becomes that list itself. In a list of records, a field that is a number in any of
 * them is a figure in all of them (a book outside a series has a null position among its figures). */
function namedFigures(value: Json, _key: string, currency: string | null, figureFields?: Set<string>): Json {
  if (isListOfObjects(value)) {
    const fields = new Set<string>();
    for (const item of value)
      for (const [k, v] of Object.entries(item)) if (typeof v === 'number') fields.add(k);
    return value.map((item) => namedFigures(item, '', currency, fields));
  }
  const inner = mapInner(value, (v, k) => namedFigures(v, k, currency));
  if (!isObj(inner)) return inner;
  const figures: Obj[] = [];
  const rest: Obj = {};
  for (const [name, v] of Object.entries(inner)) {
    if (typeof v === 'number' || (v === null && figureFields?.has(name))) {
      figures.push(currency && MONEY.test(name) ? { name, value: v, currency } : { name, value: v });
    } else {
      rest[name] = v;
    }
  }
  if (figures.length === 0) return inner;
  if (Object.keys(rest).length === 0) return figures;
  return { ...rest, figures };
}

function namedAtRoot(root: Obj): Obj {
  const figures: Obj[] = [];
  const out: Obj = {};
  for (const [name, v] of Object.entries(root)) {
    if (!ENVELOPE.has(name) && typeof v === 'number') figures.push({ name, value: v });
    else out[name] = v;
  }
  return figures.length === 0 ? out : { ...out, figures };
}

/** Every list of objects as `columns` (names) beside rows that are arrays of values. */
function columnWise(value: Json, key: string, currency: string | null): Json {
  if (isListOfObjects(value)) {
    const rows = value.map((item) => mapInner(item, (v, k) => columnWise(v, k, currency)) as Obj);
    const names: string[] = [];
    for (const row of rows) for (const name of Object.keys(row)) if (!names.includes(name)) names.push(name);
    return { columns: names, [key]: rows.map((row) => names.map((name) => row[name] ?? null)) };
  }
  return mapInner(value, (v, k) => columnWise(v, k, currency));
}

/** The field a record is known by: the first whose name ends in `id`, else a day, else its position. */
function idField(rows: readonly Obj[]): string | null {
  const first = rows[0]!;
  const candidates = Object.keys(first).filter((k) => /id$/i.test(k));
  candidates.push('date', 'position');
  for (const name of candidates) {
    const ids = rows.map((row) => row[name]);
    if (
      ids.every((id) => typeof id === 'string' || typeof id === 'number') &&
      new Set(ids).size === ids.length
    ) {
      return name;
    }
  }
  return null;
}

/** Every list of objects as one object keyed by each record's id, the id field itself left out. */
function keyedById(value: Json, _key: string, currency: string | null): Json {
  const inner = mapInner(value, (v, k) => keyedById(v, k, currency));
  if (!isListOfObjects(inner)) return inner;
  const id = idField(inner);
  if (id === null) return inner;
  const out: Obj = {};
  for (const row of inner) {
    const { [id]: own, ...rest } = row;
    out[String(own)] = rest;
  }
  return out;
}

/** The first text field whose values tell every record apart, or null. */
function textKey(rows: readonly Obj[]): string | null {
  const names = Object.keys(rows[0]!).filter((name) => rows.every((row) => typeof row[name] === 'string'));
  return names.find((name) => new Set(rows.map((row) => row[name])).size === rows.length) ?? null;
}

/** Every record of a list as `{id, type, attributes: {…its fields}}`. */
function attributes(value: Json, key: string, currency: string | null): Json {
  const inner = mapInner(value, (v, k) => attributes(v, k, currency));
  if (!isListOfObjects(inner)) return inner;
  // A resource's id is stable: its id field, else a text that tells the records apart (a marketplace), so a
  // record keeps its id on whichever page it is sent; its place in the list only when nothing else does.
  const id = idField(inner) ?? textKey(inner);
  return inner.map((row, i) => ({
    type: key.replace(/s$/, '') || 'record',
    id: id === null ? String(i + 1) : String(row[id]),
    attributes: row,
  }));
}

/** Every number as its decimal text (`412.37` → `"412.37"`). */
function decimalStrings(value: Json, _key: string, currency: string | null): Json {
  if (typeof value === 'number') return String(value);
  return mapInner(value, (v, k) => decimalStrings(v, k, currency));
}
