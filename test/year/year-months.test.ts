// The year's months the history holds no day of, through the built bundle in the emulator: taken from the
// timeline by month (asked in round 1 beside the other requests, over the longest period the demo
// documents), said so in the Status column, partial where the period cuts the month; the months the history
// holds days of still add up to its days. When the API refuses the months, the year shows what the history
// holds and its banner gives the server's own message.
import { describe, expect, it } from 'vitest';
import { ledger } from '../history/support.ts';
import { apiGet, banner, ourTab, refresh, rowsOf } from '../tabs/support.ts';
import { refuseNext, shortHistory, useYearAddOn } from './support.ts';

const started = useYearAddOn();

const rowOf = (values: unknown[][], month: string) => values.find((r) => r[0] === month)!;

describe('the year from the timeline by month', { timeout: 120_000 }, () => {
  it('takes the months the history holds no day of from the timeline by month, saying so', async () => {
    const a = await shortHistory(await started());
    expect(refresh(a).tabs.map((t) => [t.tab, t.error])).toEqual([
      ['history', null],
      ['year-2026', null],
      ['year-2025', null],
    ]);
    // One request by month, in the same round as the others: never one per year.
    const asked = (await a.api.requests()).filter((r) => r.query.interval === 'month');
    expect(asked.map((r) => [r.path, r.query.range])).toEqual([['/timeline', 'last_365_days']]);

    const api = await apiGet(a, '/timeline', { range: 'last_365_days', interval: 'month' });
    const byMonth = new Map(rowsOf(api, 'points').map((p) => [String(p.date), p]));
    const thisYear = ourTab(a, 'year-2026').values;
    const at = (key: string) => thisYear[1]!.indexOf(key);
    for (const month of ['2026-01', '2026-05', '2026-09']) {
      const row = rowOf(thisYear, month);
      expect(row[at('Status')]).toBe('final, from the timeline by month');
      expect(row[at('Days in the history')]).toBe(0);
      expect(row[at('Royalties')]).toBe(byMonth.get(month)!.royalties);
      expect(row[at('Units sold')]).toBe(byMonth.get(month)!.units_sold);
    }
    // A month the history holds some days of stays from them: they add up to the history's days.
    const days = ledger(a).rows.filter((d) => String(d.date).startsWith('2026-10'));
    const october = rowOf(thisYear, '2026-10');
    expect(october[at('Status')]).toBe(`final, partial (${days.length} of 31 days)`);
    expect(october[at('Royalties')]).toBeCloseTo(
      days.reduce((n, d) => n + Number(d['royalties@USD']), 0),
      2,
    );
    expect(banner(ourTab(a, 'year-2026'))).toContain(
      'by month, from the history tab, then from the timeline by month',
    );

    // Last year: the period reaches back to 2025-11-20, so November is partial; before it, nothing.
    const lastYear = ourTab(a, 'year-2025').values;
    expect(rowOf(lastYear, '2025-11')[at('Status')]).toBe(
      'final, from the timeline by month, partial (11 of 30 days)',
    );
    expect(rowOf(lastYear, '2025-11')[at('Royalties')]).toBe(byMonth.get('2025-11')!.royalties);
    expect(rowOf(lastYear, '2025-12')[at('Status')]).toBe('final, from the timeline by month');
    expect(rowOf(lastYear, '2025-10')[at('Status')]).toBe('no days in the history');
    expect(rowOf(lastYear, '2025 total')[at('Royalties')]).toBe('');
    expect(banner(ourTab(a, 'year-2025'))).toContain(
      "months without days: before the timeline by month's 365 days",
    );
  });

  it('shows what the history holds and the server’s own message when the API refuses the months', async () => {
    const a = await shortHistory(await started());
    const message = 'Monthly figures are not available on this plan.';
    await refuseNext(a, '/timeline?interval=month', 'invalid_parameter', message);
    expect(refresh(a).tabs.map((t) => t.error)).toEqual([null, null, null]);
    const thisYear = ourTab(a, 'year-2026');
    const at = (key: string) => thisYear.values[1]!.indexOf(key);
    expect(rowOf(thisYear.values, '2026-05')[at('Status')]).toBe('no days in the history');
    expect(rowOf(thisYear.values, '2026-11')[at('Days in the history')]).toBeGreaterThan(0);
    expect(banner(thisYear)).toContain('months without days: the timeline by month was not given:');
    expect(banner(thisYear)).toContain(message);
    expect(banner(ourTab(a, 'year-2025'))).toContain(message);
  });
});
