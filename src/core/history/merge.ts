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
  readonly added: number;
  readonly updated: number;
  /** Settled days whose figures the API changed. */
  readonly revised: readonly string[];
}

/** Settled when the data's `covered_through` reaches the day; unknown coverage keeps what was known. */
function statusOf(date: string, coveredThrough: string | null, before: DayStatus | null): DayStatus {
  if (coveredThrough === null) return before || 'provisional';
  return date <= coveredThrough ? 'settled' : 'provisional';
}

/** 'new' when the API sent a figure the row did not have (a new column, a new currency): filled, not revised. */
function compare(
  before: LedgerRow['values'],
  sent: LedgerRow['values'] | undefined,
): 'same' | 'new' | 'changed' {
  let result: 'same' | 'new' | 'changed' = 'same';
  for (const key of Object.keys(sent || {})) {
    const was = before[key];
    if (was === undefined) result = 'new';
    else if (was !== sent![key]) return 'changed';
  }
  return result;
}

export function mergeTimeline(
  previous: readonly SheetRow[],
  timeline: TimelineDays,
  coveredThrough: string | null,
  now: number,
): Merged {
  const sent = new Map(timeline.days.map((d) => [d.date, d.values]));
  const known = new Set<string>();
  const rows: SheetRow[] = [];
  const changedOld = new Set<number>();
  const revised: string[] = [];
  let updated = 0;
  previous.forEach((row, i) => {
    if (!row || known.has(row.date)) {
      // A second row for a date already seen is the author's copy: left alone, never merged into.
      rows.push(row && known.has(row.date) ? null : row);
      return;
    }
    known.add(row.date);
    const values = sent.get(row.date);
    // A day the API did not send keeps its status: settled means the API's settled figures are in it.
    const status = values ? statusOf(row.date, coveredThrough, row.status) : row.status;
    const difference = compare(row.values, values);
    if (difference === 'same' && status === row.status) {
      rows.push(row);
      return;
    }
    if (difference === 'changed' && row.status === 'settled') revised.push(row.date);
    updated += 1;
    changedOld.add(i);
    rows.push({ date: row.date, status, changedAt: now, values: { ...row.values, ...values } });
  });
  // Keep the previous rows' positions: `rows` is index-aligned with `previous` until new days go in.
  const fresh = timeline.days.filter((d) => !known.has(d.date)).sort((a, b) => (a.date < b.date ? -1 : 1));
  const dated = rows.map((r, i) => ({ r, i })).filter((x): x is { r: LedgerRow; i: number } => x.r !== null);
  const groups = new Map<number, LedgerRow[]>();
  for (const day of fresh) {
    const next = dated.find((x) => x.r.date > day.date);
    const before = next ? next.i : previous.length;
    const row: LedgerRow = {
      date: day.date,
      status: statusOf(day.date, coveredThrough, null),
      changedAt: now,
      values: day.values,
    };
    groups.set(before, [...(groups.get(before) || []), row]);
  }
  const positions = [...groups.keys()].sort((a, b) => a - b);
  const out: SheetRow[] = [];
  const changed: number[] = [];
  let p = 0;
  for (let i = 0; i <= rows.length; i++) {
    if (positions[p] === i) {
      for (const row of groups.get(i)!) {
        changed.push(out.length);
        out.push(row);
      }
      p += 1;
    }
    if (i === rows.length) break;
    if (changedOld.has(i)) changed.push(out.length);
    out.push(rows[i]!);
  }
  return {
    rows: out,
    changed,
    insertions: positions.reverse().map((before) => ({ before, count: groups.get(before)!.length })),
    added: fresh.length,
    updated,
    revised,
  };
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
