// The ledger's domain rules with plain inputs: merge by date, provisional vs settled, revisions, columns,
// the month view, the backfill choice and the cells a day becomes. (Which periods the backfill asks, and
// which answer it keeps: backfill-policy.unit.test.ts.)
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dayOfCell,
  isEstimated,
  type LedgerRow,
  latestCurrency,
  ledgerColumns,
  ledgerDays,
  type Merged,
  mergeTimeline,
  monthTable,
  needsBackfill,
  readRow,
  rowCells,
  type SheetRow,
  type TimelineDays,
  timelineDays,
} from '../../../src/core/history/index.ts';
import { toReportTable } from '../../../src/core/report/index.ts';

const NOW = Date.parse('2026-11-20T09:00:00Z');

function day(
  date: string,
  values: Record<string, number>,
  status: LedgerRow['status'] = 'settled',
): LedgerRow {
  return { date, status, changedAt: 1, values };
}

function sent(days: Array<[string, Record<string, number>]>): TimelineDays {
  return { currency: 'USD', columns: [], days: days.map(([date, values]) => ({ date, values })) };
}

/** New days (inserted) and days whose cells changed (updated), from what the merge writes. */
function counts(merged: Merged): { added: number; updated: number } {
  const added = merged.insertions.reduce((sum, i) => sum + i.count, 0);
  return { added, updated: merged.changed.length - added };
}

function iso(n: number): string {
  return new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
}

describe('mergeTimeline', () => {
  it('appends new days, overwrites provisional ones, keeps settled days the API no longer sends', () => {
    const previous: SheetRow[] = [
      day('2026-11-01', { 'royalties@USD': 5 }),
      day('2026-11-02', { 'royalties@USD': 6 }, 'provisional'),
    ];
    const merged = mergeTimeline(
      previous,
      sent([
        ['2026-11-02', { 'royalties@USD': 8 }],
        ['2026-11-03', { 'royalties@USD': 2 }],
      ]),
      '2026-11-02',
      NOW,
    );
    expect(merged.rows).toEqual([
      previous[0],
      { date: '2026-11-02', status: 'settled', changedAt: NOW, values: { 'royalties@USD': 8 } },
      { date: '2026-11-03', status: 'provisional', changedAt: NOW, values: { 'royalties@USD': 2 } },
    ]);
    expect(merged.changed).toEqual([2, 1].sort());
    expect(merged.insertions).toEqual([{ before: 2, count: 1 }]);
    expect(counts(merged)).toEqual({ added: 1, updated: 1 });
    expect(merged.revised).toEqual([]);
  });

  it('leaves a provisional day the API no longer sends provisional: its figures never settled', () => {
    const previous = [day('2026-10-01', { 'royalties@USD': 1 }, 'provisional')];
    const merged = mergeTimeline(previous, sent([['2026-11-02', { 'royalties@USD': 3 }]]), '2026-11-05', NOW);
    expect(merged.rows[0]).toBe(previous[0]);
    expect(counts(merged).updated).toBe(0);
    expect(merged.rows[1]).toMatchObject({ date: '2026-11-02', status: 'settled' });
  });

  it('counts a settled day whose figures changed, not one that gains a figure it never had', () => {
    const previous = [day('2026-11-01', { 'royalties@USD': 5 }), day('2026-11-02', { 'royalties@USD': 5 })];
    const merged = mergeTimeline(
      previous,
      sent([
        ['2026-11-01', { 'royalties@USD': 7 }],
        ['2026-11-02', { 'royalties@USD': 5, 'royalties@EUR': 4 }],
      ]),
      '2026-11-05',
      NOW,
    );
    expect(merged.revised).toEqual(['2026-11-01']);
    expect(merged.rows[1]).toMatchObject({ values: { 'royalties@USD': 5, 'royalties@EUR': 4 } });
    expect(counts(merged).updated).toBe(2);
  });

  it('puts a missing day back between its neighbours and leaves rows that are not days alone', () => {
    const previous: SheetRow[] = [day('2026-11-01', {}), null, day('2026-11-03', {})];
    const merged = mergeTimeline(previous, sent([['2026-11-02', { units_sold: 1 }]]), null, NOW);
    expect(merged.rows.map((r) => r?.date ?? null)).toEqual(['2026-11-01', null, '2026-11-02', '2026-11-03']);
    // Only the new day is written: the author's row and the unchanged days are not.
    expect(merged.changed).toEqual([2]);
    expect(merged.insertions).toEqual([{ before: 2, count: 1 }]);
    expect(merged.rows[2]).toMatchObject({ status: 'provisional' });
  });

  it('never holds a date twice and never loses one, whatever is merged in whatever order', () => {
    const days = fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { maxLength: 30 });
    fc.assert(
      fc.property(days, days, fc.integer({ min: 0, max: 60 }), (held, fetched, through) => {
        const previous = [...held].sort((a, b) => a - b).map((n) => day(iso(n), { units_sold: n }));
        const merged = mergeTimeline(
          previous,
          sent(fetched.map((n): [string, Record<string, number>] => [iso(n), { units_sold: n + 1 }])),
          iso(through),
          NOW,
        );
        const dates = merged.rows.map((r) => r!.date);
        expect(new Set(dates).size).toBe(dates.length);
        expect(new Set(dates)).toEqual(new Set([...held, ...fetched].map(iso)));
        expect(dates).toEqual([...dates].sort());
        // Every held day was settled, and every figure sent differs from it.
        expect(merged.revised.length).toBe(fetched.filter((n) => held.includes(n)).length);
        const inserted = merged.insertions.reduce((sum, i) => sum + i.count, 0);
        expect(inserted).toBe(fetched.filter((n) => !held.includes(n)).length);
      }),
    );
  });
});

describe('columns and cells', () => {
  it('keeps remembered columns in place and appends new ones after the fixed three', () => {
    expect(ledgerColumns([], ['royalties@USD', 'units_sold'])).toEqual([
      'date',
      'status',
      'changed',
      'royalties@USD',
      'units_sold',
    ]);
    expect(
      ledgerColumns(['date', 'status', 'changed', 'units_sold'], ['royalties@EUR', 'units_sold']),
    ).toEqual(['date', 'status', 'changed', 'units_sold', 'royalties@EUR']);
  });

  it('reads back what it writes, and a Date at midnight in the sheet zone as its day', () => {
    const keys = ['date', 'status', 'changed', 'royalties@USD', 'units_sold'];
    const row = day('2026-03-29', { 'royalties@USD': 1.5, units_sold: 3 });
    const cells = rowCells(row, keys);
    expect(cells[1]).toBe("'settled");
    const stored = cells.map((c) => (typeof c === 'string' ? c.replace(/^'/, '') : c));
    expect(readRow(stored, keys, 0)).toEqual({ ...row, changedAt: 1 });
    // Midnight in Europe/London just after the clocks went forward (UTC+1).
    expect(dayOfCell(new Date('2026-03-29T23:00:00Z'), 0)).toBe('2026-03-30');
    expect(dayOfCell(new Date('2026-03-29T23:00:00Z'), 3_600_000)).toBe('2026-03-30');
    expect(dayOfCell(new Date('2026-11-20T05:00:00Z'), -5 * 3_600_000)).toBe('2026-11-20');
    expect(readRow(['a note', '', ''], keys, 0)).toBeNull();
  });

  it('hands the dashboard money in the current currency only', () => {
    const rows = [
      day('2026-11-02', { 'royalties@EUR': 4, 'royalties@USD': 5, units_sold: 2 }),
      day('2026-11-01', { units_sold: 1 }),
    ];
    expect(ledgerDays(rows, 'EUR')).toEqual([
      { date: '2026-11-01', currency: 'EUR', figures: { units_sold: 1 }, status: 'settled' },
      { date: '2026-11-02', currency: 'EUR', figures: { royalties: 4, units_sold: 2 }, status: 'settled' },
    ]);
  });

  it("hands the dashboard a day once: a second row for its date is the author's copy, as the merge takes it", () => {
    const rows = [
      day('2026-11-02', { 'royalties@USD': 5 }),
      null,
      day('2026-11-01', { 'royalties@USD': 3 }),
      day('2026-11-02', { 'royalties@USD': 5 }, 'provisional'),
    ];
    expect(ledgerDays(rows, 'USD')).toEqual([
      { date: '2026-11-01', currency: 'USD', figures: { royalties: 3 }, status: 'settled' },
      { date: '2026-11-02', currency: 'USD', figures: { royalties: 5 }, status: 'settled' },
    ]);
    const merged = mergeTimeline(rows, sent([]), null, NOW);
    expect(ledgerDays(merged.rows, 'USD')).toEqual(ledgerDays(rows, 'USD'));
  });
});

describe('latestCurrency', () => {
  it("is the currency of the latest day's money, whichever currency's columns were added last", () => {
    const keys = ['date', 'status', 'changed', 'royalties@USD', 'royalties@EUR'];
    const rows = [
      day('2026-11-02', { 'royalties@USD': 5, 'royalties@EUR': 4 }),
      day('2026-11-03', { 'royalties@USD': 6, units_sold: 1 }),
      null,
      day('2026-11-01', { 'royalties@EUR': 3 }),
      day('2026-11-04', { units_sold: 2 }),
    ];
    expect(latestCurrency(rows, keys)).toBe('USD');
    expect(latestCurrency(rows.slice(0, 1), keys)).toBe('EUR');
    expect(latestCurrency([day('2026-11-04', { units_sold: 2 })], keys)).toBe('EUR');
    expect(latestCurrency([], ['date', 'status', 'changed'])).toBeNull();
  });
});

describe('timelineDays', () => {
  it('reads the catalogue measures and any other daily figure, and leaves month points out', () => {
    const table = toReportTable(
      {
        period: { range: 'last_30_days' },
        currency: 'GBP',
        meta: { truncated: false },
        points: [
          { date: '2026-11-01', royalties: 1.25, free_units: 3, refunds: 2 },
          { date: '2026-11', royalties: 9 },
        ],
      },
      'timeline',
    );
    const read = timelineDays(table);
    expect(read).toHaveProperty('result.currency', 'GBP');
    expect('result' in read && read.result.days).toEqual([
      { date: '2026-11-01', values: { 'royalties@GBP': 1.25, free_downloads: 3, 'extra.refunds': 2 } },
    ]);
  });
});

describe('the month view', () => {
  it('marks the current month, and the previous one until the 15th, estimated', () => {
    expect(isEstimated('2026-11', '2026-11-20', false)).toBe(true);
    expect(isEstimated('2026-10', '2026-11-14', false)).toBe(true);
    expect(isEstimated('2026-10', '2026-11-15', false)).toBe(false);
    expect(isEstimated('2025-12', '2026-01-03', false)).toBe(true);
    expect(isEstimated('2026-09', '2026-11-03', true)).toBe(true);
  });

  it('sums each month in the report currency and shows a figure no day had as missing', () => {
    const rows = [
      day('2026-10-30', { 'royalties@USD': 1.1, units_sold: 1 }),
      day('2026-10-31', { 'royalties@USD': 2.2, 'royalties@EUR': 9, units_sold: 2 }),
      day('2026-11-01', { units_sold: 4 }, 'provisional'),
    ];
    const keys = ['date', 'status', 'changed', 'royalties@EUR', 'royalties@USD', 'units_sold'];
    const table = monthTable(rows, keys, 'USD', '2026-11-20');
    expect(table.columns.map((c) => c.key)).toEqual([
      'month',
      'estimated',
      'days',
      'royalties',
      'units_sold',
    ]);
    expect(table.columns.map((c) => c.label)).toEqual([
      'Month',
      'Status',
      'Days in the history',
      'Royalties (USD)',
      'Units sold',
    ]);
    expect(table.rows).toEqual([
      [{ kind: 'calendar-date', iso: '2026-10' }, 'final, partial (2 of 31 days)', 2, 3.3, 3],
      [{ kind: 'calendar-date', iso: '2026-11' }, 'estimated, partial (1 of 30 days)', 1, null, 4],
    ]);
  });

  it('shows a sum as missing when a day of its month lacks the figure, never the sum of some days', () => {
    // October: the currency changed to EUR on the 31st, so only one of its two days has royalties in EUR.
    const rows = [
      day('2026-10-30', { 'royalties@USD': 1.1, units_sold: 1 }),
      day('2026-10-31', { 'royalties@USD': 2.2, 'royalties@EUR': 9, units_sold: 2 }),
      day('2026-11-01', { 'royalties@EUR': 4, units_sold: 4 }),
    ];
    const keys = ['date', 'status', 'changed', 'royalties@USD', 'royalties@EUR', 'units_sold'];
    expect(monthTable(rows, keys, 'EUR', '2026-12-20').rows).toEqual([
      [{ kind: 'calendar-date', iso: '2026-10' }, 'final, partial (2 of 31 days)', 2, null, 3],
      [{ kind: 'calendar-date', iso: '2026-11' }, 'final, partial (1 of 30 days)', 1, 4, 4],
    ]);
  });

  it('calls a month the history holds whole final, and shows counts as whole numbers', () => {
    const rows = Array.from({ length: 30 }, (_, i) =>
      day(`2026-09-${String(i + 1).padStart(2, '0')}`, { 'royalties@USD': 1, units_sold: 2, kenp_pages: 10 }),
    );
    const table = monthTable(
      rows,
      ['date', 'status', 'changed', 'units_sold', 'kenp_pages', 'royalties@USD'],
      'USD',
      '2026-11-20',
    );
    expect(table.rows).toEqual([[{ kind: 'calendar-date', iso: '2026-09' }, 'final', 30, 30, 60, 300]]);
    expect(table.columns.slice(3).map((c) => [c.key, c.format])).toEqual([
      ['royalties', { kind: 'money', currency: 'USD' }],
      ['units_sold', { kind: 'integer' }],
      ['kenp_pages', { kind: 'integer' }],
    ]);
  });

  it('leaves out figures that are not totals (prices, rates, averages) and sums money to its decimals', () => {
    const keys = [
      'date',
      'status',
      'changed',
      'royalties@KWD',
      'extra.average_price@KWD',
      'extra.kenp_rate',
      'extra.kenpRate',
      'extra.avg_order',
      'extra.refunds',
    ];
    const figures = {
      'royalties@KWD': 1.111,
      'extra.average_price@KWD': 3.99,
      'extra.kenp_rate': 0.0045,
      'extra.kenpRate': 0.0045,
      'extra.avg_order': 2,
      'extra.refunds': 1,
    };
    const rows = [day('2026-10-30', figures), day('2026-10-31', { ...figures, 'royalties@KWD': 2.222 })];
    const table = monthTable(rows, keys, 'KWD', '2026-12-20');
    expect(table.columns.slice(3).map((c) => c.key)).toEqual(['royalties', 'extra.refunds']);
    expect(table.rows[0]!.slice(3)).toEqual([3.333, 2]);
  });

  it('keeps money before counts, under the same keys, when the currency changes', () => {
    // The ledger appends a new currency's columns after the counts; the month view's order stays.
    const keys = ['date', 'status', 'changed', 'royalties@USD', 'units_sold', 'royalties@EUR'];
    const rows = [day('2026-10-31', { 'royalties@USD': 2, 'royalties@EUR': 9, units_sold: 2 })];
    const usd = monthTable(rows, keys, 'USD', '2026-12-20').columns.slice(3);
    const eur = monthTable(rows, keys, 'EUR', '2026-12-20').columns.slice(3);
    expect(usd.map((c) => c.key)).toEqual(['royalties', 'units_sold']);
    expect(eur.map((c) => c.key)).toEqual(['royalties', 'units_sold']);
    expect(eur.map((c) => c.label)).toEqual(['Royalties (EUR)', 'Units sold']);
  });
});

describe('backfill', () => {
  it('runs on the first refresh and on the first refresh in a new currency only', () => {
    expect(needsBackfill([], 'USD')).toBe(true);
    expect(needsBackfill(['date', 'status', 'changed'], 'USD')).toBe(true);
    expect(needsBackfill(['date', 'status', 'changed', 'royalties@USD'], 'USD')).toBe(false);
    expect(needsBackfill(['date', 'status', 'changed', 'royalties@USD'], 'EUR')).toBe(true);
  });
});
