// Backfill: the first refresh of a history (or of a new currency) asks for the longest period the API
// accepts. The API documents only `last_30_days`; the longer ranges are tried longest first and the first
// complete answer is kept. A refused or truncated period is passed over (never figures that may be too low).

/** Longest first. `all_time` and the others are the demo API's; a real API may refuse them all. */
export const BACKFILL_PERIODS: readonly string[] = ['all_time', 'last_365_days', 'last_90_days'];

export interface BackfillTry<T> {
  readonly period: string;
  /** Null when the period was refused or its answer incomplete; then `reason` says why. */
  readonly result: T | null;
  readonly reason: string | null;
  /** The API answered, but the answer was passed over (`reason` says why): not the API's refusal. */
  readonly answered?: true;
}

/** Tries `ask` on each period until one gives a result. `ask` returns the result or the reason it has none. */
export function backfill<T>(
  ask: (period: string) => { readonly result: T } | { readonly reason: string; readonly answered?: true },
  periods: readonly string[] = BACKFILL_PERIODS,
): BackfillTry<T>[] {
  const tries: BackfillTry<T>[] = [];
  for (const period of periods) {
    const answer = ask(period);
    if ('result' in answer) {
      tries.push({ period, result: answer.result, reason: null });
      break;
    }
    tries.push({
      period,
      result: null,
      reason: answer.reason,
      ...(answer.answered ? { answered: true } : {}),
    });
  }
  return tries;
}

/** Whether the ledger holds no figures in `currency` yet: its first refresh, or a new currency's. */
export function needsBackfill(keys: readonly string[], currency: string | null): boolean {
  if (!keys.some((k) => k !== 'date' && k !== 'status' && k !== 'changed')) return true;
  return currency !== null && !keys.some((k) => k.endsWith(`@${currency}`));
}
