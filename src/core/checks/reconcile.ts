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
import { MEASURES, type Measure, measureColumn, measureFigure, measureValues } from '../figures';
import { capitalised, countText, inSentence, moneyDecimals, moneyText, type ReportTable } from '../report';
import { wordList } from '../report/word-lists';
import { readThroughChecks } from './read-through';
import type { Check, CheckResult } from './types';

/** The report tables one refresh read; `failed` for a report that was asked for and could not be read.
 * A report not asked for is absent, and no check names it. */
export type ReconcileTables = Partial<Record<EndpointId, ReportTable | 'failed'>>;

/** The Summary's measures compared with the sum of each report's rows. */
const SUMMED = wordList('royalties ad_spend net_profit units_sold kenp_pages free_downloads') as Measure[];

/** A total, or a report whose rows add up to one. */
interface Side {
  readonly tab: EndpointId;
  /** "the Summary", "the book rows". */
  readonly name: string;
}

const PARTS: readonly Side[] = [
  { tab: 'books-report', name: 'the book rows' },
  { tab: 'marketplaces-report', name: 'the marketplace rows' },
  { tab: 'timeline', name: "the timeline's days" },
];

/** A side's figure (the total's, or the sum of the part's rows, counting the rows summed) in its report's
 * currency; or why it has none (`notSent`: the report came, without this measure); or null: the report was
 * not asked for. `what`: the measure's label inside a sentence. */
function figureOf(
  tables: ReconcileTables,
  side: Side,
  measure: Measure,
  what: string,
  sum: boolean,
):
  | { readonly value: number; readonly rows: number; readonly currency: string | null }
  | { readonly missing: string; readonly notSent?: true }
  | null {
  const table = tables[side.tab];
  if (!table) return null;
  if (table === 'failed') return { missing: `${side.name} could not be read` };
  if (table.meta.truncated) {
    const rows = table.meta.rowsRead;
    const of = rows ? ` (${rows.read} of ${rows.inAll} rows)` : '';
    return { missing: `${side.name} ${sum ? 'were' : 'was'} not read in full${of}` };
  }
  const { currency, currencies } = table.meta;
  // Money is never added across currencies, nor compared with one currency's total.
  if (currencies && MEASURES[measure].kind === 'money') {
    const sent = measureColumn(table, measure) >= 0 || measureFigure(table, measure).found;
    return sent
      ? {
          missing: `${side.name} ${sum ? 'hold' : 'holds'} ${what} in several currencies (${currencies.join(', ')}), never added together`,
        }
      : { missing: `${side.name} ${sum ? 'hold' : 'sends'} no ${what}`, notSent: true };
  }
  if (sum) {
    const found = measureValues(table, measure);
    if (!found.found) return { missing: `${side.name} hold no ${what}`, notSent: true };
    const values = found.value.filter((value) => value !== null) as number[];
    return { value: values.reduce((a, b) => a + b, 0), rows: values.length, currency };
  }
  const found = measureFigure(table, measure);
  if (found.found && typeof found.value === 'number') return { value: found.value, rows: 0, currency };
  return !found.found && found.ambiguous
    ? { missing: `${side.name} sends two figures that could be its ${what} (${found.ambiguous.join(', ')})` }
    : { missing: `${side.name} sends no ${what} total`, notSent: true };
}

function sumCheck(tables: ReconcileTables, measure: Measure, total: Side, part: Side): Check | null {
  const { label, kind } = MEASURES[measure];
  const what = inSentence(label);
  const whole = figureOf(tables, total, measure, what, false);
  const sum = figureOf(tables, part, measure, what, true);
  // A report not asked for, or a measure neither side sends: nothing to compare, nothing worth a line.
  if (!whole || !sum || ('notSent' in whole && 'notSent' in sum)) return null;
  const check = (result: CheckResult, text: string): Check => ({
    subject: `${label}: ${total.name} against ${part.name}`,
    result,
    text,
    tabs: [total.tab, part.tab],
  });
  // The result ("Cannot be checked") is shown beside the text wherever the text is: the text says why.
  const cannot = (why: string) => check('unchecked', `${capitalised(why)}.`);
  if ('missing' in whole) return cannot(whole.missing);
  if ('missing' in sum) return cannot(sum.missing);
  const { currency } = whole;
  const money = kind === 'money';
  if (money && currency !== sum.currency)
    return cannot(
      `${total.name} is in ${currency || NO_CURRENCY} and ${part.name} in ${sum.currency || NO_CURRENCY}`,
    );
  const shown = (n: number) => (money && currency ? moneyText(n, currency) : countText(n));
  const gap = whole.value - sum.value;
  // Rounding only: each rounded figure (every row, and the total) is off by at most half a unit of the last
  // decimal (2,000 books allow $10.00, so a missing $15 book never "agrees"). No tighter cap: honest
  // roundings need not cancel out (half-up rounding of a 50% share's odd cents goes up every time).
  const agrees =
    Math.abs(gap) <= (money ? 10 ** -moneyDecimals(currency || '') * ((sum.rows + 1) / 2) : 0) + 1e-9;
  return check(
    agrees ? 'agrees' : 'differs',
    `${capitalised(part.name)} add up to ${
      agrees
        ? `${total.name}'s ${what} (${shown(whole.value)})`
        : `${shown(sum.value)} of ${what}; ${total.name} says ${shown(whole.value)}: ${
            gap > 0 ? `${shown(gap)} is in none of ${part.name}` : `${part.name} hold ${shown(-gap)} more`
          }`
    }.`,
  );
}

const NO_CURRENCY = 'no stated currency';

/** Every check one refresh can make from the reports it read, in a stable order. */
export function reconcile(tables: ReconcileTables, readThrough: ReportTable | null = null): Check[] {
  const summary: Side = { tab: 'summary', name: 'the Summary' };
  const checks = [
    ...SUMMED.flatMap((measure) => PARTS.map((part) => sumCheck(tables, measure, summary, part))),
    sumCheck(
      tables,
      'kenp_pages',
      { tab: 'kenp', name: 'the KENP total' },
      { tab: 'kenp-books', name: 'the KENP-by-book rows' },
    ),
    sumCheck(
      tables,
      'free_downloads',
      { tab: 'free-units', name: 'the free-downloads total' },
      { tab: 'free-units', name: 'the free-download rows' },
    ),
  ].filter((check): check is Check => check !== null);
  return readThrough ? [...checks, ...readThroughChecks(readThrough)] : checks;
}

/** The checks that do not add up. */
export function mismatches(checks: readonly Check[]): Check[] {
  return checks.filter((check) => check.result === 'differs');
}

/** A check of the reconciliation that does not add up, in a sentence: the banners', the nightly record's
 * and the morning e-mail's. */
export function notAddingUp(check: Check): string {
  return `Reports do not add up: ${check.subject}. ${check.text}`;
}

/** What a tab's banner adds for the checks that do not add up on it, or null when none. */
export function checksBannerText(
  checks: readonly Check[],
  /** The tab's own report, or every report a tab of several (the dashboard) shows figures from. */
  tabs: EndpointId | readonly EndpointId[],
): string | null {
  const wanted = [tabs].flat();
  const own = mismatches(checks).filter((check) => check.tabs.some((tab) => wanted.includes(tab)));
  const more = own.length > 1 ? `and ${own.length - 1} more: ` : '';
  return own[0] ? `${notAddingUp(own[0])} (${more}see Checks on the status tab)` : null;
}
