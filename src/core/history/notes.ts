// What the history says about itself: in its banner, and on its line of the Status tab.
import { plural } from '../phrases';
import type { BackfillTry } from './backfill';

export interface HistoryFacts {
  readonly first: string | null;
  readonly last: string | null;
  readonly days: number;
  readonly revised: number;
  readonly currency: string | null;
  /** Earlier currencies with columns of their own in the ledger. */
  readonly otherCurrencies: readonly string[];
  /** This refresh's backfill, when it ran. */
  readonly backfill: readonly BackfillTry<unknown>[] | null;
}

export function reachText(facts: HistoryFacts): string {
  if (!facts.first) return 'The history holds no days yet';
  return `The history reaches back to ${facts.first} (${plural(facts.days, 'day')} to ${facts.last})`;
}

function backfillText(tries: readonly BackfillTry<unknown>[]): string {
  const kept = tries.find((t) => t.result !== null);
  const refused = tries.filter((t) => t.result === null).map((t) => t.range);
  const parts: string[] = [];
  if (kept) parts.push(`backfilled from the period ${kept.range}`);
  if (refused.length > 0) parts.push(`the API did not give ${refused.join(', ')}`);
  return parts.join('; ');
}

/** The Status tab's note: "3 settled days revised · The history reaches back to …". */
export function statusNote(facts: HistoryFacts): string {
  const parts = [`${plural(facts.revised, 'settled day')} revised`, reachText(facts)];
  if (facts.backfill) parts.push(backfillText(facts.backfill));
  return parts.join(' · ');
}

/** Said in the banner after the usual facts. */
export function historyBannerText(facts: HistoryFacts): string {
  const parts = [reachText(facts), 'Provisional days may still change; settled days are kept for good'];
  if (facts.otherCurrencies.length > 0) {
    parts.push(
      `Amounts are in ${facts.currency} from the day the currency changed; earlier amounts stay in their ${facts.otherCurrencies.join(', ')} columns`,
    );
  }
  return parts.join(' · ');
}
