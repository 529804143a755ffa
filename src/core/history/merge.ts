// The merge: the timeline just read, into the ledger by date. New days go in date order, provisional days
// take the new figures, settled days stay after they leave the API's period, and a settled day whose
// figures changed is updated and counted as revised. No date twice; a day the API did not send is kept.
// Rows the ledger cannot read as one of its days (the author's, in its columns) stay where they are.
import type { TimelineDays } from './timeline';

type DayStatus = 'provisional' | 'settled';

export interface LedgerRow {
  readonly date: string;
  readonly status: DayStatus;
  /** Epoch ms of the last change of figures or status; null when unknown. */
  readonly changedAt: number | null;
  /** By column key: a key absent here is a missing figure. */
  readonly values: Readonly<Record<string, number>>;
}

/** A sheet row of the ledger: one of its days, or a row it keeps untouched (null). */
export type SheetRow = LedgerRow | null;

interface Insertion {
  /** Index in the previous rows before which the new days go (the previous length: after the last). */
  readonly before: number;
  readonly count: number;
}

export interface Merged {
  /** The rows after the merge, in sheet order. */
  readonly rows: readonly SheetRow[];
  /** Index (in `rows`) of each row whose cells must be written: new days and changed days. */
  readonly changed: readonly number[];
  /** Where new days go, in the previous rows' positions, bottom first (so earlier positions hold). */
  readonly insertions: readonly Insertion[];
  /** Settled days whose figures the API changed. */
  readonly revised: readonly string[];
}

/** Settled when the data's `covered_through` reaches the day; unknown coverage keeps what was known. */
function statusOf(date: string, coveredThrough: string | null, before: DayStatus | null): DayStatus {
  if (coveredThrough === null) return before || 'provisional';
  return date <= coveredThrough ? 'settled' : 'provisional';
}

export function mergeTimeline(
  previous: readonly SheetRow[],
  timeline: TimelineDays,
  coveredThrough: string | null,
  now: number,
): Merged {
  const sent = new Map(timeline.days.map((d) => [d.date, d.values]));
  const held = new Set(previous.map((r) => r?.date));
  // The new days, oldest first: each goes before the first day of the ledger that is later than it.
  const pending: LedgerRow[] = timeline.days
    .filter((d) => !held.has(d.date))
    .sort((a, b) => (a.date < b.date ? -1 : 1))
    .map((d) => ({
      date: d.date,
      status: statusOf(d.date, coveredThrough, null),
      changedAt: now,
      values: d.values,
    }));
  const known = new Set<string>();
  const rows: SheetRow[] = [];
  const changed: number[] = [];
  const insertions: Insertion[] = [];
  const revised: string[] = [];
  const insert = (before: number, days: readonly LedgerRow[]) => {
    if (days.length > 0) insertions.unshift({ before, count: days.length });
    for (const day of days) changed.push(rows.push(day) - 1);
  };
  previous.forEach((old, i) => {
    // A second row for a date already seen is the author's copy: left alone, never merged into.
    let row = old && !known.has(old.date) ? old : null;
    if (row) {
      const { date } = row;
      known.add(date);
      // The pending days earlier than this one (a prefix: they are sorted, and none is on its date).
      const later = pending.findIndex((d) => d.date > date);
      insert(i, pending.splice(0, later < 0 ? pending.length : later));
      const was = row.values;
      const values = { ...was, ...sent.get(date) };
      // A day the API did not send keeps its status: settled means the API's settled figures are in it.
      const status = sent.has(date) ? statusOf(date, coveredThrough, row.status) : row.status;
      const keys = Object.keys(values);
      if (status !== row.status || keys.some((k) => was[k] !== values[k])) {
        // A figure the day did not have (a new column, a new currency) is filled in, not revised.
        if (row.status === 'settled' && keys.some((k) => was[k] !== undefined && was[k] !== values[k]))
          revised.push(date);
        changed.push(rows.length);
        row = { date, status, changedAt: now, values };
      }
    }
    rows.push(row);
  });
  insert(previous.length, pending);
  return { rows, changed, insertions, revised };
}

/** Consecutive runs of ascending indexes: for the ledger, of rows (as `changed` lists them), each run one
 * write, so the rows between runs (the author's own rows, days that did not change) are never written over;
 * for a chart, of the columns it draws, each run one range. */
export function runsOf(indexes: readonly number[]): { readonly first: number; readonly count: number }[] {
  const runs: { first: number; count: number }[] = [];
  for (const i of indexes) {
    const last = runs[runs.length - 1];
    if (last && i === last.first + last.count) last.count += 1;
    else runs.push({ first: i, count: 1 });
  }
  return runs;
}
