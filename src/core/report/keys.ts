// What a field's name says about it: an identifier (always text), money, a count, a fraction. Decided once
// per column from the last segment of its dotted key, never per cell. The real API's field names are not
// documented, so the word lists cover the demo names and the usual synonyms.

import { wordSet } from './word-lists';

/** `figure`: a number of no particular kind (a `total` beside rows). */
type FieldRole = 'identifier' | 'money' | 'integer' | 'percent' | 'figure' | 'other';

export interface KeyInfo {
  readonly role: FieldRole;
  /** The name says words, not a figure (`book_title`, `series_name`): numbers sent as text stay text. */
  readonly wordy: boolean;
  /** Column order: identifiers, then title or name, then the date, then everything else. */
  readonly rank: 0 | 1 | 2 | 3;
  /** The name says a day or a moment (`date`, `created_at`, `published_on`, `timestamp`): a number of the
   * size of Unix seconds or milliseconds in it is an instant (cells.ts). */
  readonly temporal: boolean;
  /** The name says percent (`percent`, `pct`, `percentage`): its rates are on a 0 to 100 scale. */
  readonly percentName: boolean;
}

const IDENTIFIER_WORDS: ReadonlySet<string> = wordSet(
  'id ids uuid guid code asin isbn isbn10 isbn13 sku ean ean8 ean13 upc gtin gtin8 gtin12 gtin13 gtin14 marketplace country currency locale key number version year week quarter zip zipcode postcode',
);
/** Identifiers wherever they stand in a name. */
const ANY_WORD_IDENTIFIERS: ReadonlySet<string> = wordSet('asin isbn sku');
/** Words that make a field text whatever its values (a title "1984"). */
const WORDY_WORDS: ReadonlySet<string> = wordSet(
  'title subtitle name label description note notes imprint publisher author',
);
/** Text, but not worth moving to the front of the table. */
const CODE_ONLY_SEGMENTS: ReadonlySet<string> = wordSet('currency currency_code locale');
const MONEY_WORDS: ReadonlySet<string> = wordSet(
  'royalties royalty revenue revenues profit profits spend spent cost costs price prices amount amounts earnings income payout payouts fee fees',
);
const INTEGER_WORDS: ReadonlySet<string> = wordSet(
  'units unit pages page downloads download readers reader count position kenpc orders borrows quantity qty sold clicks impressions reviews ratings',
);
const FIGURE_WORDS: ReadonlySet<string> = wordSet('total totals sum subtotal value figure');
const PERCENT_WORDS: ReadonlySet<string> = wordSet('rate ratio share percent percentage pct conversion acos');
const TITLE_SEGMENTS: ReadonlySet<string> = wordSet('title name display_name');
const DATE_SEGMENTS: ReadonlySet<string> = wordSet('date day week month');
/** A name's last word that says a day or a moment. */
const TEMPORAL_WORDS: ReadonlySet<string> = wordSet('date day time timestamp ts at on datetime epoch');
const PERCENT_NAME_WORDS: ReadonlySet<string> = wordSet('percent percentage pct');

const CAMEL_BOUNDARY = /([a-z0-9])([A-Z])/g;
/** `KENPPages` → `KENP_Pages`: an acronym ends where a capitalised word starts. */
const ACRONYM_BOUNDARY = /([A-Z]+)([A-Z][a-z])/g;
const WORD = /[a-z0-9]+/g;

/** The last segment of a dotted key: `totals.netProfit` → `netProfit`. */
export function lastSegment(key: string): string {
  return key.slice(key.lastIndexOf('.') + 1);
}

/** A name in snake case: `netProfit` → `net_profit`, `KENPPages` → `kenp_pages`. */
export function snakeCase(name: string): string {
  return words(name).join('_');
}

export function words(segment: string): string[] {
  return (
    segment.replace(ACRONYM_BOUNDARY, '$1_$2').replace(CAMEL_BOUNDARY, '$1_$2').toLowerCase().match(WORD) ||
    []
  );
}

export function describeKey(key: string): KeyInfo {
  const at = listPlaceOf(key);
  // The segment that names a field: its last, or for a place in a list of numbers (`daily_royalties.2`)
  // the list's name, so each number is read as what the list holds.
  const tokens = words(lastSegment(at ? at.list : key));
  const snake = tokens.join('_');
  const says = (list: ReadonlySet<string>) => tokens.some((t) => list.has(t));
  // An identifier: the last word names one, or an identifier's word stands anywhere (`asin_us`).
  const role: FieldRole =
    IDENTIFIER_WORDS.has(tokens[tokens.length - 1] || '') || says(ANY_WORD_IDENTIFIERS)
      ? 'identifier'
      : snake.includes('read_through') || says(PERCENT_WORDS)
        ? 'percent'
        : says(MONEY_WORDS)
          ? 'money'
          : says(INTEGER_WORDS)
            ? 'integer'
            : says(FIGURE_WORDS)
              ? 'figure'
              : 'other';
  // A currency or locale is an identifier, but not worth moving to the front.
  const rank =
    role === 'identifier' && !CODE_ONLY_SEGMENTS.has(snake)
      ? 0
      : TITLE_SEGMENTS.has(snake)
        ? 1
        : DATE_SEGMENTS.has(snake)
          ? 2
          : 3;
  return {
    role,
    wordy: says(WORDY_WORDS),
    rank,
    temporal: TEMPORAL_WORDS.has(tokens[tokens.length - 1] || ''),
    percentName: role === 'percent' && says(PERCENT_NAME_WORDS),
  };
}

/** A place in a list of numbers, keyed `list.N` by flatten.ts: `daily_units.2` → `daily_units`, `2`. */
export function listPlaceOf(key: string): { readonly list: string; readonly place: string } | null {
  const dot = key.lastIndexOf('.');
  const place = key.slice(dot + 1);
  return dot > 0 && /^\d+$/.test(place) ? { list: key.slice(0, dot), place } : null;
}

/** The key of one named entry of a breakdown (flatten.ts): `by_market`, `US` → `by_market[US]`. */
export function breakdownKey(list: string, name: string): string {
  return `${list}[${name}]`;
}

/** A field of a breakdown's entry, `by_market[US].royalties` → `by_market`, `US`, `royalties`. */
export function breakdownOf(
  key: string,
): { readonly list: string; readonly name: string; readonly field: string } | null {
  const m = BREAKDOWN_FIELD.exec(key);
  return m === null ? null : { list: key.slice(0, m.index), name: m[1]!, field: m[2]! };
}

const BREAKDOWN_FIELD = /\[([^[\]]+)\]\.([^[\]]+)$/;

/** A currency or locale: it says what an amount is in, never which entry of a list a record is. */
export function describesAmount(key: string): boolean {
  return CODE_ONLY_SEGMENTS.has(snakeCase(lastSegment(key)));
}
