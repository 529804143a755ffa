// How the merged ledger goes into its sheet so that Google refusing every call from any one on (a timeout
// that lasts) leaves no day lost, no blank row among the days, and no banner newer than the days: rows are
// only ever inserted after the last day (an empty row below the days is not among them), each write is one
// call over consecutive rows, and the banner goes in after the days.
import { type Merged, runsOf } from './merge';

/** Rows inserted: `count` rows after sheet row `after`, or before sheet row `before`. */
export type RowInsertion =
  | { readonly after: number; readonly count: number }
  | { readonly before: number; readonly count: number };

/** Consecutive rows of `Merged.rows`, written in one call. */
export interface LedgerRun {
  readonly first: number;
  readonly count: number;
}

export interface LedgerWritePlan {
  /** In order, bottom first. */
  readonly insertions: readonly RowInsertion[];
  readonly runs: readonly LedgerRun[];
  /** The run (its index in `runs`) once written, the inserted rows hold days the ledger had (the days
   * below a put-back one, moved down by writing it): from then on, taking them out again would lose
   * days. Null: never. */
  readonly keepsInsertionFrom: number | null;
}

/**
 * The plan for `merged` over a ledger that held `held` sheet rows from `firstRow` (its first day's row).
 * New days after the last go in rows inserted after it. Days put back among the days (the author deleted
 * one, the API sends it again) are written by moving the days below them down, in one write, into rows
 * inserted after the last day, unless the author keeps cells there (`authorBeside`, asked only then:
 * columns of their own right of the ledger; or rows of their own among those days), which must stay
 * beside their day: then the rows go in where the days belong, and a timeout that lasts between that
 * insertion and its write leaves the inserted row blank among the days (the put-back day goes in below it
 * at the next refresh). Moved by writing, the days below leave behind what is not a value: a colour or a
 * cell note the author put on one of them, and a reference to one of their cells from elsewhere, stay
 * with the row.
 */
export function ledgerWritePlan(
  merged: Merged,
  held: readonly unknown[],
  firstRow: number,
  authorBeside: () => boolean,
): LedgerWritePlan {
  const count = held.length;
  const runs = runsOf(merged.changed);
  const among = merged.insertions.filter((i) => i.before < count);
  const below = merged.insertions.find((i) => i.before >= count);
  const afterLast = firstRow - 1 + count;
  if (among.length === 0) {
    return {
      insertions: below ? [{ after: afterLast, count: below.count }] : [],
      runs,
      keepsInsertionFrom: null,
    };
  }
  // The topmost put-back day: nothing is inserted above it, so its place in `merged.rows` is its old one.
  const top = Math.min(...among.map((i) => i.before));
  const inPlace = held.slice(top).some((row) => row === null) || authorBeside();
  if (inPlace) {
    return {
      insertions: merged.insertions.map(({ before, count: n }) =>
        before >= count ? { after: afterLast, count: n } : { before: firstRow + before, count: n },
      ),
      runs,
      keepsInsertionFrom: null,
    };
  }
  const added = merged.insertions.reduce((sum, i) => sum + i.count, 0);
  const above = runsOf(merged.changed.filter((i) => i < top));
  return {
    insertions: [{ after: afterLast, count: added }],
    runs: [...above, { first: top, count: merged.rows.length - top }],
    keepsInsertionFrom: above.length,
  };
}
