// Reconciliation (tie-out) after every refresh: the figures that must agree across reports are compared,
// each check in the author's words. The API documents no response shape, so a report that leaves rows
// out, or a figure read from the wrong place, would otherwise look fine. A mismatch is a warning, never a
// correction: every figure stays as the API sent it.
//
// Checks: the Summary's totals against the sum of the books report, of the marketplaces report and of
// the timeline's days (each measure both sides send); the KENP total against KENP by book; the free
// downloads total against its rows; the read-through the API sends against readers ÷ readers of book 1
// (and of the previous book). Tolerance: rounding only, half a unit of the last decimal per rounded figure.
import type { EndpointId } from '../endpoints';
import { MEASURES, type Measure, measureFigure, measureValues } from '../figures';
import { capitalised, inSentence, moneyDecimals, type ReportTable } from '../report';
import { amountText, readThroughChecks } from './read-through';
import type { Check, CheckResult } from './types';

/** The report tables one refresh read; `failed` for a report that was asked for and could not be read.
 * A report not asked for is absent, and no check names it. */
export type ReconcileTables = Partial<Record<EndpointId, ReportTable | 'failed'>>;

/** The Summary's measures compared with the sum of each report's rows. */
const SUMMED: readonly Measure[] = [
  'royalties',
  'ad_spend',
  'net_profit',
  'units_sold',
  'kenp_pages',
  'free_downloads',
];

interface Side {
  readonly tab: EndpointId;
  /** "the Summary", "Books". */
  readonly name: string;
}

/** A report whose rows add up to a total: what the author calls it, and its rows. */
interface Part extends Side {
  readonly row: string;
}

const PARTS: readonly Part[] = [
  { tab: 'books-report', name: 'the book rows', row: 'book' },
  { tab: 'marketplaces-report', name: 'the marketplace rows', row: 'marketplace' },
  { tab: 'timeline', name: "the timeline's days", row: 'day' },
];

/** Why a side has no figure to compare (`notSent`: the report came, without this measure); or `absent`:
 * the report was not asked for. */
type Missing = { readonly missing: string; readonly notSent?: true } | { readonly absent: true };

/** A side's table, or why it has no figure to compare: not asked for, failed, or cut short. */
function tableOf(tables: ReconcileTables, side: Side, verb: 'was' | 'were'): ReportTable | Missing {
  const table = tables[side.tab];
  if (!table) return { absent: true };
  if (table === 'failed') return { missing: `${side.name} could not be read in this refresh` };
  if (table.meta.truncated) return { missing: `${side.name} ${verb} cut short (some rows were not read)` };
  return table;
}

/** `what`: the measure's label inside a sentence. */
function figureOf(
  tables: ReconcileTables,
  side: Side,
  measure: Measure,
  what: string,
): { readonly value: number } | Missing {
  const table = tableOf(tables, side, 'was');
  if (!('columns' in table)) return table;
  const found = measureFigure(table, measure);
  if (found.found && typeof found.value === 'number') return { value: found.value };
  if (!found.found && found.ambiguous)
    return {
      missing: `${side.name} sends two figures that could be its ${what} (${found.ambiguous.join(', ')})`,
    };
  return { missing: `${side.name} sends no ${what} total`, notSent: true };
}

function sumOf(
  tables: ReconcileTables,
  side: Side,
  measure: Measure,
  what: string,
): { readonly value: number; readonly rows: number } | Missing {
  const table = tableOf(tables, side, 'were');
  if (!('columns' in table)) return table;
  const found = measureValues(table, measure);
  if (!found.found) return { missing: `${side.name} hold no ${what}`, notSent: true };
  let sum = 0;
  let rows = 0;
  for (const value of found.value) {
    if (value === null) continue;
    sum += value;
    rows++;
  }
  return { value: sum, rows };
}

const NO_CURRENCY = 'no stated currency';

/** Rounding only: each rounded figure (every row, and the total) is off by at most half a unit of the last
 * decimal (2,000 books allow $10.00, so a missing $15 book never "agrees"). No tighter cap: honest roundings
 * need not cancel out (half-up rounding of a 50% share's odd cents goes up every time). */
function tolerance(money: boolean, currency: string | null, rows: number): number {
  return money ? 10 ** -moneyDecimals(currency || '') * ((rows + 1) / 2) + 1e-9 : 1e-9;
}

function sumCheck(tables: ReconcileTables, measure: Measure, total: Side, part: Part): Check | null {
  const { label, kind } = MEASURES[measure];
  const what = inSentence(label);
  const subject = `${label}: ${total.name} against ${part.name}`;
  const tabs = [total.tab, part.tab];
  const check = (result: CheckResult, text: string): Check => ({ subject, result, text, tabs });
  const cannot = (why: string) => check('unchecked', `Cannot be checked: ${why}.`);
  const whole = figureOf(tables, total, measure, what);
  const sum = sumOf(tables, part, measure, what);
  // A report not asked for, or a measure neither side sends: nothing to compare, nothing worth a line.
  if ('absent' in whole || 'absent' in sum) return null;
  if ('notSent' in whole && 'notSent' in sum) return null;
  if ('missing' in whole || 'missing' in sum)
    return cannot('missing' in whole ? whole.missing : (sum as { missing: string }).missing);
  const currency = (tables[total.tab] as ReportTable).meta.currency;
  const partCurrency = (tables[part.tab] as ReportTable).meta.currency;
  const money = kind === 'money';
  if (money && currency !== partCurrency)
    return cannot(
      `${total.name} is in ${currency ?? NO_CURRENCY} and ${part.name} in ${partCurrency ?? NO_CURRENCY}`,
    );
  const shown = (n: number) => amountText(n, money ? currency : null);
  const gap = whole.value - sum.value;
  if (Math.abs(gap) <= tolerance(money, currency, sum.rows))
    return check(
      'agrees',
      `${capitalised(part.name)} add up to ${total.name}'s ${what} (${shown(whole.value)}).`,
    );
  const where =
    gap > 0
      ? `${shown(gap)} is in no ${part.row} row. The API may send more rows than were read, or count ${what} no ${part.row} row shows.`
      : `${part.name} hold ${shown(-gap)} more. The API may count some ${what} twice, or ${total.name} may leave some out.`;
  return check(
    'differs',
    `${capitalised(part.name)} add up to ${shown(sum.value)} of ${what}; ${total.name} says ${shown(whole.value)}: ${where}`,
  );
}

/** Every check one refresh can make from the reports it read, in a stable order. */
export function reconcile(tables: ReconcileTables, readThrough: ReportTable | null = null): Check[] {
  const checks: Check[] = [];
  const add = (check: Check | null): void => {
    if (check) checks.push(check);
  };
  const summary: Side = { tab: 'summary', name: 'the Summary' };
  for (const measure of SUMMED) for (const part of PARTS) add(sumCheck(tables, measure, summary, part));
  add(
    sumCheck(
      tables,
      'kenp_pages',
      { tab: 'kenp', name: 'the KENP total' },
      { tab: 'kenp-books', name: 'the KENP-by-book rows', row: 'book' },
    ),
  );
  add(
    sumCheck(
      tables,
      'free_downloads',
      { tab: 'free-units', name: 'the free-downloads total' },
      { tab: 'free-units', name: 'the free-download rows', row: 'free-download' },
    ),
  );
  if (readThrough) checks.push(...readThroughChecks(readThrough));
  return checks;
}

/** The checks that do not add up. */
export function mismatches(checks: readonly Check[]): Check[] {
  return checks.filter((check) => check.result === 'differs');
}

/** What a tab's banner adds for the checks that do not add up on it, or null when none. */
export function checksBannerText(
  checks: readonly Check[],
  /** The tab's own report, or every report a tab of several (the dashboard) shows figures from. */
  tabs: EndpointId | readonly EndpointId[],
): string | null {
  const wanted: readonly EndpointId[] = typeof tabs === 'string' ? [tabs] : tabs;
  const own = mismatches(checks).filter((check) => check.tabs.some((tab) => wanted.includes(tab)));
  if (own.length === 0) return null;
  const first = own[0]!;
  const more =
    own.length > 1
      ? ` (and ${own.length - 1} more: see Checks on the status tab)`
      : ' (see Checks on the status tab)';
  return `Reports do not add up: ${first.subject}. ${first.text}${more}`;
}
