// The timeline by month as the year reads it, from plain answers: months partial where the answer's period
// cuts them (or maybe partial at its ends when it does not say its period); refused, cut short, in another
// currency or not by month, none taken and the reason kept. The year's table takes them only for months the
// history holds no day of, says so in the Status column, and counts a whole one in the estimate of what was
// paid.
import { describe, expect, it } from 'vitest';
import type { LedgerDay, Measure } from '../../../src/core/figures/index.ts';
import { timelineMonths } from '../../../src/core/year/timeline-months.ts';
import { yearAnswers, yearNote, yearTable } from '../../../src/core/year/year-table.ts';

const MEASURES: Measure[] = ['royalties', 'units_sold'];

function answer(points: Record<string, unknown>[], period: Record<string, unknown> | null, extra = {}) {
  return {
    ok: true as const,
    data: {
      ...(period && { period }),
      currency: 'USD',
      meta: { truncated: false },
      interval: 'month',
      points,
      ...extra,
    },
  };
}

const POINTS = [
  { date: '2025-11', royalties: 10.5, units_sold: 3 },
  { date: '2025-12', royalties: 40, units_sold: 9 },
  { date: '2026-01', royalties: 38.25, units_sold: 8 },
  { date: '2026-02', royalties: 12, units_sold: 2 },
];
const PERIOD = { range: 'last_365_days', start: '2025-11-20', end: '2026-02-10' };

describe('timelineMonths', () => {
  it('reads each month, whole or partial by the days of the period it covers', () => {
    const read = timelineMonths(answer(POINTS, PERIOD), null, MEASURES);
    if (!('result' in read)) throw new Error(read.reason);
    expect(read.result.currency).toBe('USD');
    expect([...read.result.months].map(([m, v]) => [m, v.covered, v.figures[0]])).toEqual([
      ['2025-11', 11, 10.5],
      ['2025-12', 31, 40],
      ['2026-01', 31, 38.25],
      ['2026-02', 10, 12],
    ]);
  });

  it('says the first and last month may be partial when the answer does not say its period', () => {
    const read = timelineMonths(answer(POINTS, null), 'USD', MEASURES);
    if (!('result' in read)) throw new Error(read.reason);
    expect([...read.result.months.values()].map((v) => v.covered)).toEqual([null, 31, 31, null]);
  });

  it('reads months keyed by their midnight, as a reshaped answer may send them', () => {
    const keyed = { '2026-01T00:00:00Z': { royalties: 5 }, '2026-02T00:00:00Z': { royalties: 6 } };
    const read = timelineMonths(answer([], PERIOD, { points: keyed }), null, MEASURES);
    if (!('result' in read)) throw new Error(read.reason);
    expect([...read.result.months].map(([m, v]) => [m, v.figures[0]])).toEqual([
      ['2026-01', 5],
      ['2026-02', 6],
    ]);
  });

  it('reads months dated on their first day, and leaves a figure not sent missing', () => {
    const points = [
      { date: '2026-01-01', royalties: 1 },
      { date: '2026-02-01', units_sold: 4 },
    ];
    const read = timelineMonths(answer(points, PERIOD), null, MEASURES);
    if (!('result' in read)) throw new Error(read.reason);
    expect([...read.result.months].map(([m, v]) => [m, v.figures])).toEqual([
      ['2026-01', [1, null]],
      ['2026-02', [null, 4]],
    ]);
  });

  it('takes nothing, keeping the reason, from an answer refused, cut short, in another currency or of days', () => {
    const reasonOf = (fetched: Parameters<typeof timelineMonths>[0], currency: string | null = null) => {
      const read = timelineMonths(fetched, currency, MEASURES);
      return 'reason' in read ? read.reason : null;
    };
    expect(reasonOf({ ok: false, error: 'The API refused: Unknown interval "month".' })).toBe(
      'The API refused: Unknown interval "month".',
    );
    expect(reasonOf(answer(POINTS, PERIOD, { meta: { truncated: true } }))).toBe(
      'some of its rows could not be read (cut short).',
    );
    expect(reasonOf(answer(POINTS, PERIOD), 'EUR')).toBe('it answered in USD, not EUR.');
    const days = [
      { date: '2026-01-05', royalties: 1 },
      { date: '2026-01-06', royalties: 2 },
    ];
    expect(reasonOf(answer(days, PERIOD))).toBe('its points are not months (2026-01-05…).');
  });
});

/** One settled USD day per date from `from` to `to`, royalties 2 and 1 unit each. */
function days(from: string, to: string): LedgerDay[] {
  const out: LedgerDay[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push({
      date: new Date(t).toISOString().slice(0, 10),
      currency: 'USD',
      status: 'settled',
      figures: { royalties: 2, units_sold: 1 },
    });
  return out;
}

describe('the year with the timeline by month', () => {
  const monthly = yearAnswers(answer(POINTS, PERIOD), undefined, null);
  // The history starts on 2026-01-20: January stays from its days, February from them too.
  const ledger = days('2026-01-20', '2026-03-31');

  it('takes a month from the timeline only where the history holds no day of it', () => {
    const table = yearTable(ledger, 2026, '2026-04-20', 60, monthly.timeline);
    const rows = table.rows.filter((r) => /^\d{4}-\d{2}$/.test(String(r[0])));
    expect(rows.map((r) => [r[0], r[3], r[4], r[5]])).toEqual([
      ['2026-01', 'final, partial (12 of 31 days)', 12, 24],
      ['2026-02', 'final', 28, 56],
      ['2026-03', 'final', 31, 62],
      ['2026-04', 'no days in the history', 0, null],
    ]);
    const last = yearTable(ledger, 2025, '2026-04-20', 60, monthly.timeline);
    expect(last.rows.filter((r) => String(r[0]).startsWith('2025-1')).map((r) => [r[0], r[3], r[5]])).toEqual(
      [
        ['2025-10', 'no days in the history', null],
        ['2025-11', 'final, from the timeline by month, partial (11 of 30 days)', 10.5],
        ['2025-12', 'final, from the timeline by month', 40],
      ],
    );
    expect(yearNote(2025, last, 60, monthly)).toContain(
      '2025: by month, from the history tab, then from the timeline by month;',
    );
  });

  it("says why months before the timeline by month's reach have no days", () => {
    const reach = "months without days: before the timeline by month's 365 days";
    // 2025-10: before the timeline's first month (2025-11), and not a day of it in the history.
    const last = yearTable(ledger, 2025, '2026-04-20', 60, monthly.timeline);
    expect(yearNote(2025, last, 60, monthly)).toContain(`from the timeline by month; ${reach};`);
    // A year wholly before it: no month at all.
    const older = yearTable(ledger, 2024, '2026-04-20', 60, monthly.timeline);
    expect(yearNote(2024, older, 60, monthly)).toContain(
      `(it keeps the days since its first refresh); ${reach};`,
    );
    // This year's empty month comes after the timeline's months, not before: no such clause.
    const now = yearTable(ledger, 2026, '2026-04-20', 60, monthly.timeline);
    expect(yearNote(2026, now, 60, monthly)).not.toContain('months without days');
    // Without the timeline (the formula asks for none), nothing is said of its reach.
    expect(yearNote(2025, yearTable(ledger, 2025, '2026-04-20', 60, null), 60)).not.toContain(reach);
  });

  it('counts a whole month of the timeline in what was paid, never a partial one', () => {
    // Paid in 2026 at 30 days: sales of 2025-12 to 2026-11; at 0 days, of 2026: the history lacks April on.
    const paid = (year: number, delay: number) =>
      yearTable(ledger, year, '2026-12-20', delay, monthly.timeline).rows.find((r) =>
        String(r[0]).startsWith('Paid'),
      )!;
    expect(paid(2026, 30)[5]).toBeNull();
    // Sales of 2025-11 (partial in the timeline) to 2026-10: missing, not too low.
    expect(paid(2026, 60)[5]).toBeNull();
    const history = days('2025-12-01', '2026-11-30').filter((d) => d.date >= '2026-01-01');
    const whole = yearTable(history, 2026, '2026-12-20', 30, monthly.timeline).rows.find((r) =>
      String(r[0]).startsWith('Paid'),
    )!;
    // December from the timeline (40), then every day of 2026-01 to 2026-11 from the history.
    expect(whole[5]).toBe(40 + 2 * 334);
  });

  it('tells why months are missing when the API did not give them', () => {
    const refused = yearAnswers({ ok: false, error: 'Unknown interval "month".' }, undefined, null);
    const table = yearTable(ledger, 2026, '2026-04-20', 60, refused.timeline);
    expect(yearNote(2026, table, 60, refused)).toContain(
      'months without days: the timeline by month was not given: Unknown interval "month".',
    );
    // No month missing: the reason does not matter to this year.
    const full = yearTable(days('2026-01-01', '2026-04-19'), 2026, '2026-04-20', 60, null);
    expect(yearNote(2026, full, 60, refused)).not.toContain('not given');
  });
});
