// The figure catalogue: the measures authors reason in, and how each is found in any report table. History,
// the dashboard and the single-figure form of the custom functions read figures only through here, so a
// new spelling of a field is taught once. A measure not in a response is said to be missing,
// never guessed.
//
// How a field finds its measure. The report layer has already made every response a table of dotted keys
// (`totals.royalties`, `metrics.netProfit`, `kenp.estimated_royalties`; an amount object `{amount,
// currency}` is its number), so only the key is read here:
//   1. camelCase and snake_case are the same words (`netProfit` = `net_profit`, `KENPPagesRead` =
//      `kenp_pages_read`);
//   2. a last segment that only says "the number" (`royalties.amount`, `royalties.value`) gives way to
//      its parent;
//   3. the last two segments joined are tried before the last alone, so `kenp.royalties` is KENP
//      royalties and `sales.royalties` sales royalties, never plain royalties; grouping parents
//      (`totals`, `metrics`, `data`…) and periods are skipped; under any other parent a field is a part
//      of something else (`best_book.royalties`, `royalties.net`), never the measure;
//   4. a `total` (or `sum`) beside rows is the total of the one measure those rows carry (the Free
//      downloads tab's `total` beside its `free_units` column).
//
// Adding a measure: add its name to `Measure`, then an entry to MEASURES with the author's label, its
// kind, and the spellings (snake_case words, best first) an API may use for it. Nothing else changes:
// lookups, the formulas' `field` and the tests that walk MEASURES pick it up (test/figures/).

import { breakdownOf, lastSegment, snakeCase } from '../report/keys';
import { fieldName } from '../report/labels';
import { metricFigures } from '../report/metric-table';
import { isPeriodWord, periodRole, thisPeriodsKey } from '../report/period-role';
import type { CellValue, ReportTable } from '../report/types';
import { wordList, wordSet } from '../report/word-lists';

export type Measure =
  | 'royalties'
  | 'sales_royalties'
  | 'kenp_royalties'
  | 'ad_spend'
  | 'net_profit'
  | 'units_sold'
  | 'kenp_pages'
  | 'free_downloads'
  | 'readers'
  | 'read_through';

export type MeasureKind = 'money' | 'count' | 'fraction';

interface MeasureInfo {
  /** What the author reads. */
  readonly label: string;
  readonly kind: MeasureKind;
  /** Field names that carry it, as snake-case words joined by `_` (camelCase is folded to these). */
  readonly spellings: readonly string[];
}

/** Spellings as one line of snake_case words, best first (written this way to keep the bundle small). */
function measure(label: string, kind: MeasureKind, spellings: string): MeasureInfo {
  return { label, kind, spellings: wordList(spellings) };
}

export const MEASURES: Readonly<Record<Measure, MeasureInfo>> = {
  royalties: measure('Royalties', 'money', 'royalties total_royalties royalty'),
  sales_royalties: measure('Sales royalties', 'money', 'sales_royalties sales_royalty'),
  kenp_royalties: measure(
    'KENP royalties',
    'money',
    'kenp_royalties kenp_royalty estimated_royalties estimated_kenp_royalties',
  ),
  ad_spend: measure('Ad spend', 'money', 'ad_spend ads_spend advertising_spend ad_cost'),
  net_profit: measure('Net profit', 'money', 'net_profit profit net'),
  units_sold: measure('Units sold', 'count', 'units_sold units sold_units'),
  kenp_pages: measure('KENP pages read', 'count', 'kenp_pages pages_read kenp_pages_read'),
  free_downloads: measure('Free downloads', 'count', 'free_units free_downloads free_units_total'),
  readers: measure('Readers', 'count', 'readers reader_count'),
  read_through: measure(
    'Read-through',
    'fraction',
    'read_through_from_previous read_through read_through_rate',
  ),
};

export const MEASURE_NAMES = Object.keys(MEASURES) as Measure[];

/** A figure that was found, or why not: a missing figure is shown as missing, never guessed. `ambiguous`
 * lists the keys when several could be this period's figure and nothing says which. */
type Found<T> =
  | { readonly found: true; readonly value: T; readonly key: string }
  | { readonly found: false; readonly ambiguous?: readonly string[] };

/** Last segments that only say "the number of the parent". */
const NUMBER_WORDS = wordSet('value amount total sum figure count');
/** Parents that only group figures (`totals.royalties` is royalties). */
const GROUPS = wordSet(
  'totals total summary metrics metric figures values stats statistics data attributes report result results',
);

interface Match {
  readonly measure: Measure;
  /** Lower is better: the spelling's place in its list, after how many segments had to be skipped. */
  readonly rank: number;
  /** Spelled under a parent that is neither a group nor the measure's family (`best_book.royalties`,
   * `refunds.units`, `royalties.net`): a part of something else, never the measure itself. */
  readonly part?: true;
}

const BY_SPELLING: ReadonlyMap<string, Match> = (() => {
  const map = new Map<string, Match>();
  for (const measure of MEASURE_NAMES) {
    MEASURES[measure].spellings.forEach((spelling, rank) => {
      if (!map.has(spelling)) map.set(spelling, { measure, rank });
    });
  }
  return map;
})();

/** The measure a key carries and how well, or null: see the rules at the top. */
function matchOf(key: string): Match | null {
  // One entry of a breakdown (`by_market[US].royalties`) is a part, never the figure itself.
  if (breakdownOf(key) !== null) return null;
  const segments = key.split('.').map(snakeCase);
  // `royalties.amount`, `royalties.current`: the last segment only says which number of the parent.
  while (
    segments.length > 1 &&
    (NUMBER_WORDS.has(segments[segments.length - 1]!) || isPeriodWord(segments[segments.length - 1]!))
  )
    segments.pop();
  const own = segments[segments.length - 1] || '';
  let parent = segments.length > 1 ? segments[segments.length - 2]! : '';
  // A period's name (`current_period.royalties`) says which figure, not what it is a part of.
  if (GROUPS.has(parent) || periodRole(`${parent}.${own}`) !== 'plain') parent = '';
  const joined = parent ? BY_SPELLING.get(`${parent}_${own}`) : undefined;
  if (joined || !parent) return joined || BY_SPELLING.get(own) || null;
  // Under any other parent the field is a part of something else, unless the parent names the measure's
  // family (`kenp.estimated_royalties`).
  const alone = BY_SPELLING.get(own);
  if (!alone) return null;
  return familyWords(alone.measure).has(parent) ? alone : { ...alone, part: true };
}

/** The words of a measure's spellings: `kenp` for KENP royalties. */
function familyWords(measure: Measure): ReadonlySet<string> {
  return new Set(MEASURES[measure].spellings.flatMap((spelling) => spelling.split('_')));
}

/** The measure a dotted key carries (`metrics.netProfit` → net_profit), or null. */
export function measureOfKey(key: string): Measure | null {
  const match = matchOf(key);
  return match && !match.part ? match.measure : null;
}

/** The spelling's place in its list (lower is better), or -1: not this measure. */
function matches(measure: Measure, key: string): number {
  const match = matchOf(key);
  return match && !match.part && match.measure === measure ? match.rank : -1;
}

/** `parts`: only parts of something else carry the measure (`store_a.royalties`, `store_b.royalties`). */
type Pick =
  | { readonly index: number }
  | { readonly ambiguous: readonly string[]; readonly parts?: true }
  | null;

/** Of the keys that carry `measure`: another period's figures and changes never answer; then the best
 * spelling; then `thisPeriodsKey` (the shallower key, a total before a part of it; then one named
 * `current`). Two figures still standing is ambiguous, never a guess. */
function pickMeasure(measure: Measure, keys: readonly string[]): Pick {
  let bestRank = Number.POSITIVE_INFINITY;
  let best: number[] = [];
  keys.forEach((key, i) => {
    const rank = matches(measure, key);
    if (rank < 0 || periodRole(key) === 'comparison') return;
    if (rank < bestRank) {
      bestRank = rank;
      best = [i];
    } else if (rank === bestRank) best.push(i);
  });
  if (best.length === 0) {
    // Two parts could each be meant: say so. One alone is missing (a best book's royalties are not the
    // period's).
    const parts = keys.filter((key) => matchOf(key)?.measure === measure && periodRole(key) !== 'comparison');
    return parts.length > 1 ? { ambiguous: parts, parts: true } : null;
  }
  const at = thisPeriodsKey(best.map((i) => keys[i]!));
  return at === null ? { ambiguous: best.map((i) => keys[i]!) } : { index: best[at]! };
}

/** The measure a formula's `field` names: its name, its label or any of its spellings (case, spaces,
 * underscores, hyphens and camelCase do not count). Null when it names none. */
export function measureNamed(field: string): Measure | null {
  const wanted = fieldName(snakeCase(field));
  if (wanted === '') return null;
  for (const measure of MEASURE_NAMES) {
    const info = MEASURES[measure];
    const names = [measure, info.label, ...info.spellings];
    if (names.some((name) => fieldName(name) === wanted)) return measure;
  }
  return null;
}

/** The index of the column that carries `measure`, or -1 when the response has none or has two that
 * could be it (this period's and another's, with nothing to say which: `measureColumnPick` says). */
export function measureColumn(table: ReportTable, measure: Measure): number {
  const pick = measureColumnPick(table, measure);
  return pick !== null && 'index' in pick ? pick.index : -1;
}

export function measureColumnPick(table: ReportTable, measure: Measure): Pick {
  if (table.layout === 'metric-value') return null;
  return pickMeasure(
    measure,
    table.columns.map((column) => column.key),
  );
}

/** The one measure the rows carry, when exactly one: what a bare `total` beside them adds up. */
function onlyMeasureOfRows(table: ReportTable): Measure | null {
  const found = new Set<Measure>();
  for (const column of table.columns) {
    const measure = measureOfKey(column.key);
    if (measure) found.add(measure);
  }
  return found.size === 1 ? [...found][0]! : null;
}

/** The single figure `measure` of a table: a Metric/Value row, a fact beside the rows, or the cell of a
 * one-row table. Missing when the response does not send it. */
export function measureFigure(table: ReportTable, measure: Measure): Found<CellValue> {
  const candidates: { key: string; value: CellValue }[] =
    table.layout === 'metric-value' ? metricFigures(table) : [];
  if (table.layout !== 'metric-value' && table.rows.length === 1) {
    const [row] = table.rows;
    table.columns.forEach((column, i) => {
      candidates.push({ key: column.key, value: row![i] as CellValue });
    });
  }
  const facts = table.facts || [];
  candidates.push(...facts);
  const pick = pickMeasure(
    measure,
    candidates.map((c) => c.key),
  );
  let best: { key: string; value: CellValue } | undefined;
  if (pick !== null && 'ambiguous' in pick) {
    // The same figure sent twice is no choice between two.
    const values = candidates.filter((c) => pick.ambiguous.includes(c.key)).map((c) => c.value);
    if ('parts' in pick || !values.every((v) => v === values[0]))
      return { found: false, ambiguous: pick.ambiguous };
    best = candidates.find((c) => c.key === pick.ambiguous[0]);
  } else if (pick !== null) best = candidates[pick.index];
  if (!best && table.layout !== 'metric-value' && onlyMeasureOfRows(table) === measure) {
    best = facts.find((fact) => NUMBER_WORDS.has(snakeCase(lastSegment(fact.key))));
  }
  return best ? { found: true, value: best.value, key: best.key } : { found: false };
}

/** The numbers of a measure's column, row by row (null where a row has no number); missing when the
 * table has no such column. */
export function measureValues(table: ReportTable, measure: Measure): Found<readonly (number | null)[]> {
  const column = measureColumn(table, measure);
  if (column < 0) return { found: false };
  const values = table.rows.map((row) => {
    const cell = row[column];
    return typeof cell === 'number' ? cell : null;
  });
  return { found: true, value: values, key: table.columns[column]!.key };
}
