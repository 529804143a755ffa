// Which period a figure belongs to, read from its key: a response may send this period's figures beside
// the previous period's (`current.royalties`, `previous.royalties`) or beside changes (`change.royalties`,
// `royalties_pct`). A name that matches several figures is answered only when one is clearly this
// period's; otherwise the caller says which fields match and asks for one (never a guess between two).

import { snakeCase, words } from './keys';
import { wordSet } from './word-lists';

/** `current`: named as this period's; `comparison`: another period's, or a change between periods. */
type PeriodRole = 'current' | 'comparison' | 'plain';

const CURRENT_WORDS = wordSet('current this_period this present now');
/** Words of a change between periods. */
const CHANGE = 'change changes delta deltas pct diff difference growth variance yoy mom wow';
const CHANGE_WORDS = wordSet(CHANGE);
const COMPARISON_WORDS = wordSet(
  `previous prior comparison compare compared vs versus last_period previous_period prior_period ${CHANGE}`,
);

/** The role of a dotted key, read from its parents (`previous.royalties`) and from a last segment that is
 * only a period's name (`royalties.previous`); words inside a figure's own name do not count
 * (`read_through_from_previous` is this period's read-through). */
export function periodRole(key: string): PeriodRole {
  const segments = key.split('.');
  // The last segment whole; of each parent, every word and every two words joined (`last_period`).
  const names = [
    snakeCase(segments.pop()!),
    ...segments.flatMap((segment) => {
      const tokens = words(segment);
      return tokens.flatMap((token, i) => [token, tokens.slice(i, i + 2).join('_')]);
    }),
  ];
  const says = (list: ReadonlySet<string>) => names.some((name) => list.has(name));
  return says(COMPARISON_WORDS) ? 'comparison' : says(CURRENT_WORDS) ? 'current' : 'plain';
}

/** A comparison key that is another period's figure itself (`previous_period.royalties`,
 * `royalties.prior`), not a change between periods (`change.royalties`, `previous.royalties_pct`). */
export function isPreviousPeriodKey(key: string): boolean {
  return periodRole(key) === 'comparison' && !words(key).some((w) => CHANGE_WORDS.has(w));
}

/** Among several keys that a name matches: the one clearly this period's figure, else null.
 * Comparison figures never answer for this period; of the rest, the shallowest key (a total before a
 * part of it), then the one named `current`; two left standing is a tie nobody may break. */
export function thisPeriodsKey(keys: readonly string[]): number | null {
  const candidates = keys
    .map((key, index) => ({ index, role: periodRole(key), depth: key.split('.').length }))
    .filter((c) => c.role !== 'comparison');
  // None left: Math.min() is Infinity, and no key is that deep.
  const shallowest = Math.min(...candidates.map((c) => c.depth));
  const top = candidates.filter((c) => c.depth === shallowest);
  const named = top.length === 1 ? top : top.filter((c) => c.role === 'current');
  return named.length === 1 ? named[0]!.index : null;
}

/** `"royalties" matches current.royalties and previous.royalties: give one of them` (four keys at most
 * listed, then how many more). Every caller has two keys or more: one would be no ambiguity (lookup.ts,
 * the figure catalogue's picks). */
export function ambiguityText(field: string, keys: readonly string[]): string {
  const shown = Math.min(keys.length, 4);
  const more = keys.length > shown ? ` (and ${keys.length - shown} more)` : '';
  return `"${field.slice(0, 40)}" matches ${keys.slice(0, shown - 1).join(', ')} and ${keys[shown - 1]}${more}: give one of them.`;
}
