// Labels an author reads. Keys stay as the API spells them (what a layout and a formula remember); labels
// are sentence case with the trade's acronyms ("KENP pages", "Book ID", "Read-through from previous").

import { breakdownOf, lastSegment, listPlaceOf, words } from './keys';
import { wordMap, wordSet } from './word-lists';

// Sets and maps, not object literals: a key such as `constructor` must not find Object.prototype's.
/** Acronyms written in capitals; then those written otherwise. */
const ACRONYMS = wordSet('id asin isbn kenp kenpc sku api url utc uuid ean upc gtin');
const SPELLED = wordMap('ids=IDs isbn10=ISBN-10 isbn13=ISBN-13 acos=ACoS');
/** Whole segments the author calls something else (lower case: `sentence` capitalises the first word). */
const SEGMENT_WORDS = wordMap('free_units=free_downloads is_demo=demo_account');
/** Parents that only group figures, here and in the figure catalogue (each adds its own). */
export const GROUP_WORDS =
  'totals total summary metrics figures values stats data attributes report result results';
/** Parent segments that only group figures: `totals.royalties` reads "Royalties", not "Totals royalties". */
const CONTAINER_SEGMENTS: ReadonlySet<string> = wordSet(`${GROUP_WORDS} item items record records row rows`);

/** A place in a list of numbers (`daily_units.2`): read with the list's name, "Daily units 2". An entry of
 * a breakdown (`by_market[US].royalties`) is read with its name first, "US royalties". */
function listPlace(key: string, label: (key: string) => string): string | null {
  const at = listPlaceOf(key);
  if (at) return `${label(at.list)} ${at.place}`;
  const entry = breakdownOf(key);
  if (!entry) return null;
  return `${entry.name} ${inSentence(label(entry.field))}`;
}

/** A label inside a sentence: "royalties", but "KENP pages read" (an acronym keeps its capitals). */
export function inSentence(label: string): string {
  return /^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

/** Text with its first letter a capital: the start of a sentence. */
export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The label of the last segment: 'net_profit' → 'Net profit', 'totals.kenp_pages' → 'KENP pages'. */
export function columnLabel(key: string): string {
  return listPlace(key, columnLabel) ?? sentence(segmentWords(lastSegment(key)));
}

/** The label with its parents' names, for figures listed together: 'api_key.name' → 'API key name',
 * 'books.title' → 'Book title', 'totals.royalties' → 'Royalties'. */
export function figureLabel(key: string): string {
  const place = listPlace(key, figureLabel);
  if (place !== null) return place;
  const segments = key.split('.');
  const own = segmentWords(segments.pop()!);
  const all = segments.flatMap((segment) => {
    const parent = words(segment);
    return CONTAINER_SEGMENTS.has(parent.join('_')) ? [] : singular(parent);
  });
  // `series.series_id` reads "Series ID", not "Series series ID".
  const repeats = all.length && all.every((word, i) => own[i] === word);
  return sentence(repeats ? own : [...all, ...own]);
}

/** A part of a figure keeps the figure's name: where `royalties` is itself a key beside
 * `royalties.ebook`, the part reads "Royalties ebook" (and "Royalties KENP"), never "Ebook" or "KENP". */
export function withPartsNamed(
  keys: readonly string[],
  firstChoice: (key: string) => string,
): (key: string) => string {
  const all = new Set(keys);
  return (key) => {
    const parent = key.slice(0, Math.max(0, key.lastIndexOf('.')));
    return parent && all.has(parent)
      ? `${firstChoice(parent)} ${inSentence(columnLabel(lastSegment(key)))}`
      : firstChoice(key);
  };
}

/** Labels that tell every column (or figure) apart: a repeated label takes its parents' names, and if
 * that is still not enough, its key. Compared the way `findColumn` compares. */
export function distinctLabels(keys: readonly string[], firstChoice: (key: string) => string): string[] {
  let labels = keys.map(firstChoice);
  for (const retry of [figureLabel, (key: string, label: string) => `${label} (${key})`]) {
    const names = labels.map(fieldName);
    const counts = new Map<string, number>();
    for (const name of names) counts.set(name, (counts.get(name) || 0) + 1);
    labels = labels.map((label, i) => (counts.get(names[i]!)! > 1 ? retry(keys[i]!, label) : label));
  }
  return labels;
}

/** Case, spaces, underscores and hyphens do not count when a formula names a field. */
export function fieldName(text: string): string {
  return text.toLowerCase().replace(/[ _\t-]/g, '');
}

function segmentWords(segment: string): string[] {
  const tokens = words(segment);
  const special = SEGMENT_WORDS.get(tokens.join('_'));
  if (special !== undefined) return special.split('_');
  // "last_sync_at" reads "Last sync": the suffix only says it is a timestamp.
  if (tokens.length > 1 && tokens[tokens.length - 1] === 'at') tokens.pop();
  // "read through" is one word, "read-through" (tokens hold no space: words()).
  const text = tokens.join(' ').replace(/\bread through\b/g, 'read-through');
  return text ? text.split(' ') : [];
}

function singular(tokens: readonly string[]): readonly string[] {
  const last = tokens[tokens.length - 1];
  // "Previous", "Status", "Analysis", "Series" are not plurals.
  return last === undefined || last === 'series' || /(ss|us|is)$/.test(last)
    ? tokens
    : [...tokens.slice(0, -1), last.replace(/ies$/, 'y').replace(/s$/, '')];
}

function sentence(tokens: readonly string[]): string {
  if (!tokens.length) return '(blank)';
  return tokens
    .map((token, i) =>
      ACRONYMS.has(token)
        ? token.toUpperCase()
        : SPELLED.get(token) || (i === 0 ? capitalised(token) : token),
    )
    .join(' ');
}
