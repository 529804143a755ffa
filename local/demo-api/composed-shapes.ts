// Response shapes composed from transformations, for the generative shape test: the demo account's
// figures arranged as an unknown API might arrange them. A spec is plain JSON (it crosses to the demo
// API's worker thread); `composeShape` applies it to any report body. The documented envelope (`period`,
// `currency`, `meta`) and the paging fields (paging.ts) are left as they are: they are read by name.
import { type ResponseShape, reshape } from './shapes.ts';
import { type UnseenClasses, withUnseenClasses } from './unseen-shapes.ts';

type KeyCasing = 'snake' | 'camel' | 'kebab' | 'title';

export interface ComposedShape {
  readonly kind: 'composed';
  /** How records are arranged (shapes.ts): objects ('demo'), column-wise, keyed by id, attributes. */
  readonly records: Extract<ResponseShape, 'demo' | 'column-wise' | 'keyed-by-id' | 'attributes'>;
  /** The rows' list renamed (`rows` → `data`…), or kept (null). */
  readonly listName: string | null;
  /** Everything but the envelope wrapped in one object (`{data: {…}}`), or not (null). */
  readonly nest: string | null;
  readonly casing: KeyCasing;
  /** Amounts as numbers, decimal strings, `{amount, currency}` objects, or written as an app displays them
   * with a decimal point (`€1,234.56`) or a decimal comma (`1.234,56 €`). */
  readonly amounts: 'number' | 'string' | 'object' | 'display-en' | 'display-de';
  /** Royalties as parts beside their total: `{total, ebook, print, kenp}` (rows and totals). Absent: not. */
  readonly parts?: boolean;
  /** Counts (pages, units, downloads) written with thousands grouped (`12,345`): read alone, a column of
   * them could be either way. Absent: numbers. */
  readonly countsAsText?: boolean;
  /** A summary's totals sent as this period's beside the previous period's. */
  readonly previous: boolean;
  /** Each row's amounts sent with the previous period's beside them (`previous_period.royalties`): made-up
   * figures, different for each row, so a change can be ranked. Absent: not sent. */
  readonly previousRows?: boolean;
  /** Timeline days as the keys of an object, at midnight UTC (`2026-11-01T00:00:00Z`). */
  readonly daysAsKeys: boolean;
  /** Fields nobody documented beside the figures (a request id, a generator's name). */
  readonly extra: boolean;
  /** Rates on a 0 to 100 scale, Unix dates, split money, several currencies (unseen-shapes.ts). */
  readonly unseen?: UnseenClasses;
}

/** The demo's own records, composed with nothing changed: the base a test varies one field of. */
export const PLAIN_COMPOSED: ComposedShape = {
  kind: 'composed',
  records: 'demo',
  listName: null,
  nest: null,
  casing: 'snake',
  amounts: 'number',
  previous: false,
  daysAsKeys: false,
  extra: false,
};

const ENVELOPE = new Set(['period', 'currency', 'meta']);
const PAGING = new Set([
  'next_cursor',
  'links',
  'pagination',
  'page',
  'total_pages',
  'has_more',
  'offset',
  'limit',
  'total_count',
  'next',
]);
const LISTS = ['rows', 'points', 'books', 'series'];
/** Field names of amounts of money (the demo's): what `amounts` changes. */
const MONEY = /royalt|spend|profit|price|revenue|earning/;
/** Field names of counts (the demo's): what `countsAsText` changes. */
const COUNTS = /pages|units|downloads/;
const SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥' };

/** An amount as an app displays it: `-€1,234.56` (a decimal point) or `-1.234,56 €` (a decimal comma). */
function displayed(value: number, currency: string | null, locale: 'en' | 'de'): string {
  const decimals = currency === 'JPY' ? 0 : 2;
  const [whole, fraction] = Math.abs(value).toFixed(decimals).split('.');
  const group = locale === 'en' ? ',' : '.';
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const digits = fraction === undefined ? grouped : `${grouped}${locale === 'en' ? '.' : ','}${fraction}`;
  const sign = value < 0 ? '-' : '';
  const mark = currency ? (SYMBOLS[currency] ?? currency) : '';
  return locale === 'en' ? `${sign}${mark}${digits}` : `${sign}${digits}${mark ? ` ${mark}` : ''}`;
}

/** Royalties split into parts beside their total, to the cent. */
function inParts(value: Json): Json {
  if (typeof value !== 'number') return value;
  const cents = Math.round(value * 100);
  const ebook = Math.round(cents * 0.6);
  const print = Math.round(cents * 0.3);
  return { total: value, ebook: ebook / 100, print: print / 100, kenp: (cents - ebook - print) / 100 };
}

function withParts(record: Json): Json {
  return isObj(record) && 'royalties' in record
    ? { ...record, royalties: inParts(record.royalties!) }
    : record;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function words(key: string): string[] {
  return key.split(/[_\s-]+/).filter((w) => w !== '');
}

function cased(key: string, casing: KeyCasing): string {
  const parts = words(key);
  if (casing === 'snake' || parts.length === 0) return key;
  if (casing === 'kebab') return parts.join('-');
  if (casing === 'title') return parts.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
  return parts.map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1))).join('');
}

/** Keys recased and amounts rewritten, all the way down (`money`: inside a figure of money in parts). */
function figures(value: Json, spec: ComposedShape, currency: string | null, name = '', money = false): Json {
  if (Array.isArray(value)) return value.map((item) => figures(item, spec, currency, name));
  if (typeof value === 'number' && (money || MONEY.test(name))) {
    if (spec.amounts === 'string') return String(value);
    if (spec.amounts === 'object' && currency) return { amount: value, currency };
    if (spec.amounts === 'display-en') return displayed(value, currency, 'en');
    if (spec.amounts === 'display-de') return displayed(value, currency, 'de');
    return value;
  }
  if (typeof value === 'number' && spec.countsAsText && COUNTS.test(name) && Number.isInteger(value))
    return value.toLocaleString('en-US');
  if (!isObj(value)) return value;
  const out: Obj = {};
  // Keys that are data (a day) keep their text: only field names are recased.
  for (const [key, inner] of Object.entries(value))
    out[/^\d/.test(key) ? key : cased(key, spec.casing)] = figures(
      inner,
      spec,
      currency,
      key,
      MONEY.test(name),
    );
  return out;
}

export function composeShape(body: unknown, spec: ComposedShape): unknown {
  if (!isObj(body)) return body;
  const currency = typeof body.currency === 'string' ? body.currency : null;
  const kept: Obj = {};
  let rest: Obj = {};
  for (const [key, value] of Object.entries(body)) {
    if (ENVELOPE.has(key) || PAGING.has(key)) kept[key] = value;
    else rest[key] = value;
  }
  if (
    spec.daysAsKeys &&
    Array.isArray(rest.points) &&
    rest.points.every((p) => isObj(p) && typeof p.date === 'string')
  ) {
    const days: Obj = {};
    for (const point of rest.points as Obj[]) {
      const { date, ...figuresOfDay } = point;
      days[`${String(date)}T00:00:00Z`] = figuresOfDay;
    }
    rest.points = days;
  }
  if (spec.previous && isObj(rest.totals)) {
    const previous: Obj = {};
    for (const [key, value] of Object.entries(rest.totals))
      previous[key] = typeof value === 'number' ? Math.round(value * 83) / 100 : value;
    const { totals, ...others } = rest;
    rest = { ...others, previous_period: previous, current_period: totals };
  }
  if (spec.previousRows && Array.isArray(rest.rows))
    rest.rows = rest.rows.map((row, i) => {
      if (!isObj(row)) return row;
      const previous: Obj = {};
      // 40% to 160% of this period's, varying by row: some books rose, others fell.
      const share = 0.4 + ((i * 37) % 121) / 100;
      for (const [key, value] of Object.entries(row))
        if (typeof value === 'number' && MONEY.test(key))
          previous[key] = Math.round(value * share * 100) / 100;
      return { ...row, previous_period: previous };
    });
  if (spec.parts) {
    for (const list of LISTS)
      if (Array.isArray(rest[list])) rest[list] = (rest[list] as Json[]).map(withParts);
    for (const group of ['totals', 'current_period'])
      if (isObj(rest[group])) rest[group] = withParts(rest[group]);
  }
  rest = withUnseenClasses(rest, spec.unseen, currency);
  if (spec.extra) rest = { request_id: 'req_7f3a', generated_by: 'reporting-v2', ...rest };
  // Field names cased while they are still field names (an arrangement keyed by id makes ids keys), then
  // records arranged, the list renamed and everything nested.
  let arranged = reshape(figures(rest, spec, currency), spec.records) as Obj;
  if (spec.listName) {
    const renamed: Obj = {};
    for (const [key, value] of Object.entries(arranged)) {
      const list = LISTS.includes(key.toLowerCase()) && key.toLowerCase() !== 'series';
      renamed[list ? cased(spec.listName, spec.casing) : key] = value;
    }
    arranged = renamed;
  }
  return { ...kept, ...(spec.nest ? { [cased(spec.nest, spec.casing)]: arranged } : arranged) };
}
