// The year's table as ROYALTIES_YEAR gives it, from plain inputs: the history's days and the rows its
// year's tab holds (as a sheet gives them back, in the tab's column order). The same rows as the tab the
// refresh wrote: the months from the timeline by month read back (whole, partial, maybe partial) and
// counted in the estimate paid, the rows by marketplace as written; with no tab, the history's months and
// a last row saying what a refresh adds.
import { describe, expect, it } from 'vitest';
import { daysInMonth, type LedgerDay } from '../../../src/core/figures/index.ts';
import type { CellValue } from '../../../src/core/report/index.ts';
import { DEFAULT_SETTINGS } from '../../../src/core/settings.ts';
import type { TimelineMonth } from '../../../src/core/year/timeline-months.ts';
import { keptTimeline, NO_YEAR_TAB, yearCellTable } from '../../../src/core/year/year-cell.ts';
import { YEAR_COLUMNS, type YearAnswers, yearRows, yearTabs } from '../../../src/core/year/year-table.ts';

const TODAY = '2026-03-10';
const KEYS = YEAR_COLUMNS.map((c) => c.key);

/** A settled day in USD with `royalties`. */
function day(date: string, royalties: number): LedgerDay {
  const figures = { royalties, kenp_royalties: 1, ad_spend: 2, net_profit: royalties - 2, units_sold: 3 };
  return { date, currency: 'USD', status: 'settled', figures };
}

/** Every day of March 2026 up to TODAY. */
const MARCH = Array.from({ length: 10 }, (_, i) => day(`2026-03-${String(i + 1).padStart(2, '0')}`, 10));

/** Whole months from 2024-11 to 2025-12, the royalties of the first 10, then 11, and so on. */
const WHOLE = Array.from({ length: 14 }, (_, i): [string, TimelineMonth] => {
  const month = new Date(Date.UTC(2024, 10 + i, 1)).toISOString().slice(0, 7);
  return [month, { figures: [10 + i, 1, 2, 8 + i, 3], covered: daysInMonth(month) }];
});

const ANSWERS: YearAnswers = {
  timeline: {
    currency: 'USD',
    months: new Map([
      ...WHOLE,
      ['2026-01', { figures: [300.75, null, 2, 298.75, 3], covered: 20 }],
      ['2026-02', { figures: [400, 1, 2, 398, 3], covered: null }],
    ]),
  },
  reason: null,
  marketplaces: {
    year: 2026,
    start: '2026-01-01',
    end: '2026-03-09',
    currency: 'USD',
    rows: [{ name: 'amazon.de', figures: [50, 1, 2, 48, 3] }],
  },
  lastMonth: { month: '2026-02', currency: 'USD', rows: [{ name: 'amazon.de', figures: [40, 1, 2, 38, 3] }] },
};

/** The tab's rows as a sheet gives them back: its columns reversed, empty cells ''. */
function asSheet(rows: readonly (readonly CellValue[])[]): { values: CellValue[][]; columns: string[] } {
  return {
    values: rows.map((r) => [...r].reverse().map((v) => (v === null ? '' : v))),
    columns: [...KEYS].reverse(),
  };
}

describe("ROYALTIES_YEAR's table", () => {
  it('gives the rows of the tab the refresh wrote, with the same delay, from its rows read back', () => {
    for (const paymentDelay of [0, 60, 90]) {
      const tabs = yearTabs(MARCH, TODAY, { ...DEFAULT_SETTINGS, paymentDelay }, ANSWERS);
      expect(tabs).toHaveLength(2);
      for (const { table } of tabs) {
        const year = Number(String(table.rows[0]![0]).slice(0, 4));
        const { values, columns } = asSheet(table.rows);
        const cell = yearCellTable(MARCH, year, TODAY, paymentDelay, yearRows(values, columns), null);
        expect(cell.rows).toEqual(table.rows);
        expect(cell.columns).toEqual(YEAR_COLUMNS);
      }
    }
  });

  it("counts the months read back in the estimate paid; one of sale before January, the tab's own", () => {
    const paid = (delay: number, tabDelay = delay) => {
      const [, lastYear] = yearTabs(MARCH, TODAY, { ...DEFAULT_SETTINGS, paymentDelay: tabDelay }, ANSWERS);
      const { values, columns } = asSheet(lastYear!.table.rows);
      const cell = yearCellTable(MARCH, 2025, TODAY, delay, yearRows(values, columns), null);
      return cell.rows.find((r) => r[0] === 'Paid in 2025 (estimate)')!;
    };
    // Sales of 2025-01 to 2025-12 (12 + 13 + ... + 23): every month on the tab itself.
    expect(paid(0)[5]).toBe(210);
    // Sales of 2024-11 to 2025-10 (10 + ... + 21): November and December 2024 on no row of the tab, whose
    // own estimate for the same delay is taken; for another delay, missing, and said.
    expect(paid(60)[5]).toBe(186);
    expect(paid(30, 60)[5]).toBeNull();
    expect(String(paid(30, 60)[3])).toContain('the history lacks some of those days');
    expect(yearCellTable(MARCH, 2025, TODAY, 60, null, null).rows).toEqual([]);
  });

  it("reads the timeline's months back with the days each covers, in the currency asked", () => {
    const [thisYear] = yearTabs(MARCH, TODAY, DEFAULT_SETTINGS, ANSWERS);
    const rows = yearRows(asSheet(thisYear!.table.rows).values, asSheet([]).columns);
    const read = keptTimeline(rows, null)!;
    expect(read.currency).toBe('USD');
    expect([...read.months]).toEqual([
      ['2026-01', { figures: [300.75, null, 2, 298.75, 3], covered: 20 }],
      ['2026-02', { figures: [400, 1, 2, 398, 3], covered: null }],
    ]);
    const [, lastYear] = yearTabs(MARCH, TODAY, DEFAULT_SETTINGS, ANSWERS);
    const before = keptTimeline(yearRows(asSheet(lastYear!.table.rows).values, asSheet([]).columns), 'USD');
    expect([...before!.months]).toEqual(WHOLE.slice(2));
    // Another currency chosen since: the tab's months are not the ones asked.
    expect(keptTimeline(rows, 'EUR')).toBeNull();
    expect(keptTimeline([], null)).toBeNull();
  });

  it("with no tab of the year, the history's months and a last row saying what a refresh adds", () => {
    const cell = yearCellTable(MARCH, 2026, TODAY, 60, null, null);
    expect(cell.rows.at(-1)).toEqual(NO_YEAR_TAB);
    expect(cell.rows.at(-2)![0]).toBe('Paid in 2026 (estimate)');
    expect(String(NO_YEAR_TAB[3])).toContain('tick "Royalties by year"');
    expect(cell.rows.find((r) => r[0] === '2026-01')![3]).toBe('no days in the history');
    // No day of the year: nothing, for the caller to say so.
    expect(yearCellTable(MARCH, 2024, TODAY, 60, null, null).rows).toEqual([]);
  });
});
