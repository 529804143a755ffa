// What the history says about itself: in its banner, and on its line of the Status tab.

import { plural } from '../base/phrases';
import { type LedgerDay, MEASURES, type Measure } from '../figures';
import type { BackfillTry } from './backfill';

export interface HistoryFacts {
  /** Oldest first. */
  readonly days: readonly LedgerDay[];
  readonly revised: number;
  readonly currency: string | null;
  /** Earlier currencies with columns of their own in the ledger. */
  readonly otherCurrencies: readonly string[];
  /** This refresh's backfill, when it ran. */
  readonly backfill: readonly BackfillTry<unknown>[] | null;
  /** It got no answer in time: the next refresh tries again. */
  readonly backfillDue?: boolean;
  /** Where the demo account's history was set aside, by the first refresh with the author's own key. */
  readonly setAside?: string | undefined;
}

function reachText({ days }: HistoryFacts): string {
  if (days.length === 0) return 'The history holds no days yet';
  const last = days[days.length - 1]!.date;
  return `The history reaches back to ${days[0]!.date} (${plural(days.length, 'day')} to ${last})`;
}

function backfillText(tries: readonly BackfillTry<unknown>[]): string {
  const kept = tries.find((t) => t.result !== null);
  const refused = tries.filter((t) => t.result === null && !t.answered).map((t) => t.period);
  const parts: string[] = [];
  if (kept) parts.push(`backfilled from the period ${kept.period}`);
  if (refused.length > 0) parts.push(`the API did not give ${refused.join(', ')}`);
  for (const t of tries)
    if (t.answered) parts.push(`the answer for ${t.period} was passed over: ${t.reason}`);
  return parts.join('; ');
}

/** The Status tab's note: "3 settled days revised · The history reaches back to …"; after the one refresh
 * that set the demo account's history aside, first where it is. */
export function statusNote(facts: HistoryFacts): string {
  const parts = [`${plural(facts.revised, 'settled day')} revised`, reachText(facts)];
  if (facts.setAside)
    parts.unshift(`The demo account's history is kept apart in "${facts.setAside}"; yours starts here`);
  if (facts.backfill) parts.push(backfillText(facts.backfill));
  if (facts.backfillDue) parts.push('the next refresh asks for the longer periods again');
  return parts.join(' · ');
}

/** After a currency change the new currency's columns are backfilled as far as the API answers in it, so
 * they hold earlier days too; the old columns keep what was read in the old currency. */
function currencyText(facts: HistoryFacts): string {
  const others = facts.otherCurrencies.join(', ');
  const first = facts.days.find((d) =>
    (Object.keys(d.figures) as Measure[]).some((m) => MEASURES[m].kind === 'money'),
  );
  const reach = first
    ? `from ${first.date}, as far back as the API gave them`
    : 'from the next days the API gives';
  return `The ${facts.currency} columns hold amounts ${reach}; the ${others} columns keep theirs`;
}

/** Said in the banner after the usual facts. */
export function historyBannerText(facts: HistoryFacts): string {
  const parts = [reachText(facts), 'Provisional days may still change; settled days are kept for good'];
  if (facts.otherCurrencies.length > 0) parts.push(currencyText(facts));
  return parts.join(' · ');
}
