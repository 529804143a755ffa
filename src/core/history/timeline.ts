// One /timeline response as the ledger reads it: a figure per (day, column), through the figure catalogue
// for the measures it knows, and every other number the timeline sends under its own key. Month points,
// rows without a day and non-numbers are left out (missing, never guessed).

import { ISO_DAY } from '../base/days';
import { MEASURE_NAMES, measureColumn } from '../figures';
import type { CellValue, ReportTable } from '../report';
import { isCalendarDate } from '../tabs/cells';
import { type FigureColumn, type FigureKind, figureColumn } from './columns';

interface TimelineDay {
  readonly date: string;
  /** By ledger key: only the figures this response sent as numbers. */
  readonly values: Readonly<Record<string, number>>;
}

export interface TimelineDays {
  readonly currency: string | null;
  /** In the order they were found: catalogue measures first, then the rest in response order. */
  readonly columns: readonly FigureColumn[];
  readonly days: readonly TimelineDay[];
}

function dayOf(cell: CellValue | undefined): string | null {
  const text = isCalendarDate(cell) ? cell.iso : cell;
  return typeof text === 'string' && ISO_DAY.test(text) ? text : null;
}

/** The figure a column of the timeline holds, by its format; a column of none of these is no figure. */
const KIND_OF_FORMAT: Readonly<Record<string, FigureKind>> = {
  money: 'money',
  integer: 'count',
  decimal: 'count',
  percent: 'fraction',
};

/** A timeline's days, or why the history takes none of them. */
export type TimelineAnswer = { readonly result: TimelineDays } | { readonly reason: string };

/** How every answer the history takes nothing from ends. */
export const KEEPS = 'so the history keeps the figures it had.';

/** The days of a timeline, or why the history takes none: a day on more than one row (one per platform or
 * store, perhaps), since which row is the day's figure, or whether they add up, is a guess; or no day at all,
 * since a history never merges zero days in silence (a shape whose days it cannot read would otherwise look
 * like a quiet month). */
export function timelineDays(table: ReportTable): TimelineAnswer {
  const { currency, currencies } = table.meta;
  // A day's money in several currencies is no one figure for the day.
  if (currencies)
    return {
      reason: `The timeline holds figures in several currencies (${currencies.join(', ')}), ${KEEPS}`,
    };
  const { columns, rows } = table;
  const dateAt = columns.findIndex((c, i) => c.format.kind === 'date' || dayOf(rows[0]?.[i]) !== null);
  const used = new Set<number>([dateAt]);
  const picked: Array<{ at: number; column: FigureColumn }> = [];
  for (const measure of MEASURE_NAMES) {
    const at = measureColumn(table, measure);
    if (at < 0 || used.has(at)) continue;
    used.add(at);
    picked.push({ at, column: figureColumn(measure, currency) });
  }
  columns.forEach((c, at) => {
    const kind = KIND_OF_FORMAT[c.format.kind];
    if (used.has(at) || !kind) return;
    picked.push({ at, column: figureColumn(c.key, currency, { label: c.label, kind }) });
  });
  const byDate = new Map<string, Record<string, number>>();
  const rowsOf = new Map<string, number>();
  for (const row of rows) {
    const date = dayOf(row[dateAt]);
    if (!date) continue;
    const values: Record<string, number> = {};
    for (const { at, column } of picked) {
      const cell = row[at];
      if (typeof cell === 'number' && Number.isFinite(cell)) values[column.key] = cell;
    }
    byDate.set(date, values);
    rowsOf.set(date, (rowsOf.get(date) ?? 0) + 1);
  }
  const repeated = [...rowsOf].find(([, n]) => n > 1);
  if (repeated)
    return {
      reason: `The timeline sent ${repeated[1]} rows for ${repeated[0]} (one per platform or store, perhaps), ${KEEPS}`,
    };
  if (byDate.size === 0)
    return {
      reason: `The history found no days in the timeline: ${rows.length ? `none of its ${rows.length} rows has a date it can read` : 'it sent no rows'}, ${KEEPS}`,
    };
  const days = [...byDate.keys()].sort().map((date) => ({ date, values: byDate.get(date)! }));
  return { result: { currency, columns: picked.map((p) => p.column), days } };
}

/** Two readings of the timeline (a backfill, then the refresh's own): the later one wins day by day. */
export function combineDays(earlier: TimelineDays, later: TimelineDays): TimelineDays {
  const byDate = new Map([...earlier.days, ...later.days].map((d) => [d.date, d]));
  const keys = new Set(later.columns.map((c) => c.key));
  return {
    currency: later.currency,
    columns: [...later.columns, ...earlier.columns.filter((c) => !keys.has(c.key))],
    days: [...byDate.keys()].sort().map((date) => byDate.get(date)!),
  };
}
