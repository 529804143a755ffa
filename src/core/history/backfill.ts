// Backfill: the first refresh of a history (or of a new currency) asks for the longest period the API
// accepts. The API documents only `last_30_days`; the longer ranges are tried longest first and the first
// complete answer is kept. A refused or truncated period is passed over (never figures that may be too low).

import { FIXED_KEYS } from './columns';

/** Longest first. `all_time` and the others are the demo API's; a real API may refuse them all. */
export const BACKFILL_PERIODS: readonly string[] = ['all_time', 'last_365_days', 'last_90_days'];

export interface BackfillTry<T> {
  readonly period: string;
  /** Null when the period was refused or its answer incomplete; then `reason` says why. The first
   * complete answer ends the tries. */
  readonly result: T | null;
  readonly reason: string | null;
  /** The API answered, but the answer was passed over (`reason` says why): not the API's refusal. */
  readonly answered?: true;
}

/** Whether the ledger holds no figures in `currency` yet: its first refresh, or a new currency's. */
export function needsBackfill(keys: readonly string[], currency: string | null): boolean {
  if (keys.every((k) => FIXED_KEYS.includes(k))) return true;
  return currency !== null && !keys.some((k) => k.endsWith(`@${currency}`));
}
