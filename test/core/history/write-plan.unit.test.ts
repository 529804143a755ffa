// The ledger's write plan with plain inputs: played step by step on a sheet of rows, as Google would stop
// answering after any step (a timeout that lasts), no day is lost and no blank row lies among the days;
// played to the end, the sheet holds the merged days in order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type LedgerRow,
  type LedgerWritePlan,
  ledgerWritePlan,
  mergeTimeline,
  type SheetRow,
} from '../../../src/core/history/index.ts';

const FIRST_ROW = 3;
const NOW = Date.parse('2026-11-20T09:00:00Z');

function day(date: string): LedgerRow {
  return { date, status: 'settled', changedAt: 1, values: { units_sold: 1 } };
}

function isoOf(n: number): string {
  return new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The sheet's rows from the first day's: a date, an author's row, or '' (blank). */
type Cell = string;

/** Every state the sheet goes through as the plan's steps run: after each insertion and each write. */
function states(held: readonly SheetRow[], merged: ReturnType<typeof mergeTimeline>, plan: LedgerWritePlan) {
  const sheet: Cell[] = held.map((row, i) => row?.date ?? `author ${i}`);
  const seen: Cell[][] = [[...sheet]];
  for (const insertion of plan.insertions) {
    const at = 'after' in insertion ? insertion.after + 1 - FIRST_ROW : insertion.before - FIRST_ROW;
    sheet.splice(at, 0, ...new Array<Cell>(insertion.count).fill(''));
    seen.push([...sheet]);
  }
  for (const { first, count } of plan.runs) {
    for (let i = first; i < first + count; i++) sheet[i] = merged.rows[i]!.date;
    seen.push([...sheet]);
  }
  return seen;
}

/** What a state does wrong: a day of `held` missing, a blank row among the days. */
function faults(held: readonly SheetRow[], state: readonly Cell[]): string[] {
  const found: string[] = [];
  const days = [...state];
  while (days.length && days[days.length - 1] === '') days.pop();
  if (days.includes('')) found.push(`blank row among the days: ${state.join(' ')}`);
  for (const row of held) if (row && !state.includes(row.date)) found.push(`${row.date} lost`);
  return found;
}

function plan(held: readonly SheetRow[], sent: readonly string[], authorBeside = false) {
  const merged = mergeTimeline(
    held,
    { currency: null, columns: [], days: sent.map((date) => ({ date, values: { units_sold: 2 } })) },
    null,
    NOW,
  );
  let asked = false;
  const result = ledgerWritePlan(merged, held, FIRST_ROW, () => {
    asked = true;
    return authorBeside;
  });
  return { merged, plan: result, asked };
}

describe('the ledger write plan', () => {
  it('inserts new days after the last one and asks nothing of the author’s cells', () => {
    const held = [day('2026-11-01'), day('2026-11-02')];
    const { plan: p, asked } = plan(held, ['2026-11-02', '2026-11-03', '2026-11-04']);
    expect(p.insertions).toEqual([{ after: 4, count: 2 }]);
    expect(p.runs).toEqual([{ first: 1, count: 3 }]);
    expect(p.keepsInsertionFrom).toBeNull();
    expect(asked).toBe(false);
  });

  it('puts a day back by moving the days below it down, in one write, after the changed days above it', () => {
    const held = [day('2026-11-01'), day('2026-11-02'), day('2026-11-04'), day('2026-11-05')];
    const { plan: p } = plan(held, ['2026-11-01', '2026-11-03', '2026-11-06']);
    expect(p.insertions).toEqual([{ after: 6, count: 2 }]);
    expect(p.runs).toEqual([
      { first: 0, count: 1 },
      { first: 2, count: 4 },
    ]);
    expect(p.keepsInsertionFrom).toBe(1);
  });

  it('inserts where the day belongs when the author keeps cells beside the days below it', () => {
    const held = [day('2026-11-01'), day('2026-11-02'), day('2026-11-04')];
    const beside = plan(held, ['2026-11-03', '2026-11-05'], true).plan;
    expect(beside.insertions).toEqual([
      { after: 5, count: 1 },
      { before: 5, count: 1 },
    ]);
    expect(beside.keepsInsertionFrom).toBeNull();
    // An author's row among the days below it: the same, without asking about columns.
    const held2 = [day('2026-11-01'), day('2026-11-02'), day('2026-11-04'), null, day('2026-11-05')];
    const among = plan(held2, ['2026-11-03']);
    expect(among.plan.insertions).toEqual([{ before: 5, count: 1 }]);
    expect(among.asked).toBe(false);
  });

  it('loses no day and leaves no blank row among them after any step, and ends with every day in order', () => {
    // The plans the property played: a day put back by moving the days below it, and new days only after
    // the last (the author's cells beside the days, which insert among them, are the examples' above).
    const played = { movedDown: 0, afterLast: 0 };
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 25 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 45 }), { maxLength: 25 }),
        (kept, sent) => {
          const held = [...kept].sort((a, b) => a - b).map((n) => day(isoOf(n)));
          const { merged, plan: p } = plan(held, sent.map(isoOf));
          if (p.keepsInsertionFrom !== null) played.movedDown += 1;
          else if (p.insertions.length > 0) played.afterLast += 1;
          const seen = states(held, merged, p);
          for (const state of seen) expect(faults(held, state)).toEqual([]);
          expect(seen.at(-1)).toEqual(merged.rows.map((row) => row!.date));
        },
      ),
    );
    expect(played.movedDown).toBeGreaterThan(0);
    expect(played.afterLast).toBeGreaterThan(0);
  });
});
