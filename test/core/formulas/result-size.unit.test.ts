// A formula's result stays well under the size Google was seen to refuse ("Result too large" at 61,744 rows
// × 8 columns): cut to its first rows, with a banner row saying how many of how many.
import { describe, expect, it } from 'vitest';
import { TRUNCATION_WARNING } from '../../../src/core/base/phrases.ts';
import type { DayToDate } from '../../../src/core/formulas/cells.ts';
import { formulaOutput } from '../../../src/core/formulas/output.ts';
import { MAX_RESULT_CELLS } from '../../../src/core/formulas/result-size.ts';
import { toReportTable } from '../../../src/core/report/index.ts';

const utcDay: DayToDate = (iso) => new Date(`${iso}T00:00:00Z`);
const options = (field?: string) => ({
  functionName: 'ROYALTIES_FREE_UNITS',
  dayToDate: utcDay,
  ...(field ? { field } : {}),
});

/** A free-units response of `count` rows of four columns. */
function freeUnits(count: number, truncated = false) {
  return toReportTable(
    {
      period: { range: 'last_365_days', start: '2025-11-21', end: '2026-11-20' },
      currency: 'USD',
      meta: { truncated },
      rows: Array.from({ length: count }, (_, i) => ({
        book_id: `bk_${i}`,
        title: `Book ${i}`,
        marketplace: 'Amazon.com',
        free_units: i + 1,
      })),
    },
    'free-units',
  );
}

const cellsOf = (out: unknown) => (out as unknown[][]).length * (out as unknown[][])[0]!.length;

describe('a formula result Google accepts', () => {
  it('keeps a result that fits whole', () => {
    const rows = MAX_RESULT_CELLS / 4 - 1;
    const out = formulaOutput(freeUnits(rows), options()) as unknown[][];
    expect(out).toHaveLength(rows + 1);
    expect(out[0]?.[0]).toBe('Book ID');
  });

  it('cuts 26,000 rows to its first rows under a banner saying so, within the cap', () => {
    const out = formulaOutput(freeUnits(26_000), options()) as unknown[][];
    expect(cellsOf(out)).toBeLessThanOrEqual(MAX_RESULT_CELLS);
    const shown = out.length - 2;
    expect(out[0]?.[0]).toBe(
      `First ${shown.toLocaleString('en-US')} of 26,000 rows: give a field, or a shorter period.`,
    );
    expect(out[1]?.[0]).toBe('Book ID');
    expect(out[2]?.[0]).toBe('bk_0');
    expect(out.at(-1)?.[0]).toBe(`bk_${shown - 1}`);
    expect(shown).toBe(MAX_RESULT_CELLS / 4 - 2);
  });

  it('keeps the truncation warning above the cut line', () => {
    const out = formulaOutput(freeUnits(26_000, true), options()) as unknown[][];
    expect(cellsOf(out)).toBeLessThanOrEqual(MAX_RESULT_CELLS);
    expect(out[0]?.[0]).toBe(TRUNCATION_WARNING);
    expect(out[1]?.[0]).toMatch(/^First [\d,]+ of 26,000 rows: give a field, or a shorter period\.$/);
    expect(out[2]?.[0]).toBe('Book ID');
  });

  it('cuts one column of a field too, asking for a shorter period', () => {
    const out = formulaOutput(freeUnits(MAX_RESULT_CELLS + 5), options('free_units')) as unknown[][];
    expect(out).toHaveLength(MAX_RESULT_CELLS);
    expect(out[0]?.[0]).toMatch(/^First 99,998 of 100,005 rows: give a shorter period\.$/);
    expect(out[1]?.[0]).toBe('Free downloads');
    expect(out[2]?.[0]).toBe(1);
  });
});
