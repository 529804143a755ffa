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
import { fieldName, GROUP_WORDS } from '../report/labels';
import { metricFigures } from '../report/metric-table';
import { periodRole, thisPeriodsKey } from '../report/period-role';
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
const GROUPS = wordSet(`${GROUP_WORDS} metric statistics`);

interface Match {
  readonly measure: Measure;
  /** Lower is better: the spelling's place in its list, after how many segments had to be skipped. */
  readonly rank: number;
  /** Spelled under a parent that is neither a group nor the measure's family (`best_book.royalties`,
   * `refunds.units`, `royalties.net`): a part of something else, never the measure itself. */
  readonly part?: true;
}

const BY_SPELLING = new Map<string, Match>();
for (const measure of MEASURE_NAMES) {
  MEASURES[measure].spellings.forEach((spelling, rank) => {
    // The first measure to claim a spelling keeps it.
    BY_SPELLING.has(spelling) || BY_SPELLING.set(spelling, { measure, rank });
  });
}

/** The measure a key carries and how well, or undefined: see the rules at the top. */
function matchOf(key: string): Match | undefined {
  // One entry of a breakdown (`by_market[US].royalties`) is a part, never the figure itself.
  if (breakdownOf(key) !== null) return undefined;
  const segments = key.split('.').map(snakeCase);
  let own = segments.pop()!;
  // `royalties.amount`, `royalties.current`: the last segment only says which number of the parent (a
  // segment alone has a period's role only when it is a period's name).
  while (segments.length && (NUMBER_WORDS.has(own) || periodRole(own) !== 'plain')) own = segments.pop()!;
  let parent = segments.pop() || '';
  // A period's name (`current_period.royalties`) says which figure, not what it is a part of.
  if (GROUPS.has(parent) || periodRole(`${parent}.${own}`) !== 'plain') parent = '';
  const joined = parent && BY_SPELLING.get(`${parent}_${own}`);
  const alone = BY_SPELLING.get(own);
  if (joined || !parent || !alone) return joined || alone;
  // Under any other parent the field is a part of something else, unless the parent names the measure's
  // family, a word of its spellings (`kenp.estimated_royalties`).
  return MEASURES[alone.measure].spellings.some((spelling) => spelling.split('_').includes(parent))
    ? alone
    : { ...alone, part: true };
}

/** The measure a dotted key carries (`metrics.netProfit` → net_profit), or null. */
export function measureOfKey(key: string): Measure | null {
  const match = matchOf(key);
  return match && !match.part ? match.measure : null;
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
  let bestRank = Infinity;
  let best: number[] = [];
  const parts: string[] = [];
  keys.forEach((key, i) => {
    const match = matchOf(key);
    if (!match || match.measure !== measure || periodRole(key) === 'comparison') return;
    if (match.part) parts.push(key);
    else if (match.rank < bestRank) {
      bestRank = match.rank;
      best = [i];
    } else if (match.rank === bestRank) best.push(i);
  });
  // No figure itself: two parts could each be meant, so say so; one alone is missing (a best book's
  // royalties are not the period's).
  if (!best.length) return parts.length > 1 ? { ambiguous: parts, parts: true } : null;
  const at = thisPeriodsKey(best.map((i) => keys[i]!));
  return at === null ? { ambiguous: best.map((i) => keys[i]!) } : { index: best[at]! };
}

/** The measure a formula's `field` names: its name, its label or any of its spellings (case, spaces,
 * underscores, hyphens and camelCase do not count). Null when it names none. */
export function measureNamed(field: string): Measure | null {
  const wanted = fieldName(snakeCase(field));
  const names = (measure: Measure) => [measure, MEASURES[measure].label, ...MEASURES[measure].spellings];
  return (wanted && MEASURE_NAMES.find((m) => names(m).some((name) => fieldName(name) === wanted))) || null;
}

/** The index of the column that carries `measure`, or -1 when the response has none or has two that
 * could be it (this period's and another's, with nothing to say which: `measureColumnPick` says). */
export function measureColumn(table: ReportTable, measure: Measure): number {
  const pick = measureColumnPick(table, measure);
  return pick && 'index' in pick ? pick.index : -1;
}

export function measureColumnPick(table: ReportTable, measure: Measure): Pick {
  return table.layout === 'metric-value'
    ? null
    : pickMeasure(
        measure,
        table.columns.map((column) => column.key),
      );
}

/** The single figure `measure` of a table: a Metric/Value row, a fact beside the rows, or the cell of a
 * one-row table. Missing when the response does not send it. */
export function measureFigure(table: ReportTable, measure: Measure): Found<CellValue> {
  const ofRows = table.layout !== 'metric-value';
  const facts = table.facts || [];
  const [row] = table.rows;
  const candidates: readonly { readonly key: string; readonly value: CellValue }[] = [
    ...(!ofRows
      ? metricFigures(table)
      : table.rows.length === 1
        ? table.columns.map((column, i) => ({ key: column.key, value: row![i] as CellValue }))
        : []),
    ...facts,
  ];
  const pick = pickMeasure(
    measure,
    candidates.map((c) => c.key),
  );
  let best = pick && 'index' in pick ? candidates[pick.index] : undefined;
  if (pick && 'ambiguous' in pick) {
    // The same figure sent twice is no choice between two.
    const values = candidates.filter((c) => pick.ambiguous.includes(c.key)).map((c) => c.value);
    if ('parts' in pick || values.some((v) => v !== values[0]))
      return { found: false, ambiguous: pick.ambiguous };
    best = candidates.find((c) => c.key === pick.ambiguous[0]);
  }
  if (!best && ofRows) {
    // A bare `total` beside rows that carry this one measure, and only it, is its total.
    const carried = new Set(table.columns.map((column) => measureOfKey(column.key)));
    carried.delete(null);
    if (carried.size === 1 && carried.has(measure))
      best = facts.find((fact) => NUMBER_WORDS.has(snakeCase(lastSegment(fact.key))));
  }
  return best ? { found: true, value: best.value, key: best.key } : { found: false };
}

/** The numbers of a measure's column, row by row (null where a row has no number); missing when the
 * table has no such column. */
export function measureValues(table: ReportTable, measure: Measure): Found<readonly (number | null)[]> {
  // Money of several currencies is no column of one figure: whoever adds it up would add across them.
  const severalCurrencies = table.meta.currencies && MEASURES[measure].kind === 'money';
  const column = severalCurrencies ? -1 : measureColumn(table, measure);
  return column < 0
    ? { found: false }
    : {
        found: true,
        value: table.rows.map((row) => (typeof row[column] === 'number' ? (row[column] as number) : null)),
        key: table.columns[column]!.key,
      };
}
