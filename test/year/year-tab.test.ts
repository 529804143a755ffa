// The year's tab through the built bundle in the emulator: asked for in the settings, built from the
// history tab's days with no request of its own; its months add up to the history's days of the same
// months, per currency; partial and estimated months said; the estimate of what was paid labelled as one.
import { afterEach, describe, expect, it } from 'vitest';
import { ledger } from '../history/support.ts';
import { type AddOn, startAddOn } from '../support/addon.ts';
import { chooseSettings, ourTab, refresh } from '../tabs/support.ts';

let addOn: AddOn | undefined;
afterEach(async () => {
  await addOn?.close();
  addOn = undefined;
});

describe('the year tab', { timeout: 120_000 }, () => {
  it('adds up to the history day by day, month by month, and says partial and estimated months', async () => {
    const a = await startAddOn();
    addOn = a;
    a.saveApiKeyFor();
    chooseSettings(a, { tabs: ['history', 'year'] });
    const before = (await a.api.requests()).length;
    const result = refresh(a);
    expect(result.tabs.map((t) => [t.tab, t.error])).toEqual([
      ['history', null],
      ['year', null],
    ]);
    const days = ledger(a).rows;
    const year = ourTab(a, 'year');
    const header = year.values[1]!;
    const at = (key: string) => header.indexOf(key);
    expect(header.slice(0, 5)).toEqual(['Month', 'Currency', 'Status', 'Days in the history', 'Royalties']);
    expect(String(year.values[0]![0])).toContain('"Paid in" rows are estimates, not your tax form');
    const months = year.values.slice(2).filter((r) => /^\d{4}-\d{2}$/.test(String(r[0])));
    // This year through November and last year's twelve months, each in the ledger's one currency.
    expect(months.map((r) => r[0])).toHaveLength(11 + 12);
    expect(months.filter((r) => Number(r[at('Days in the history')]) > 0).length).toBeGreaterThan(12);
    const royaltiesKey = Object.keys(days[0]!).find((k) => k.startsWith('royalties'))!;
    for (const row of months) {
      const ofMonth = days.filter((d) => String(d.date).startsWith(String(row[0])));
      expect(row[at('Currency')]).toBe('USD');
      expect(row[at('Days in the history')], String(row[0])).toBe(ofMonth.length);
      if (!ofMonth.length) continue;
      const sum = ofMonth.reduce((n, d) => n + Number(d[royaltiesKey]), 0);
      expect(row[at('Royalties')], String(row[0])).toBeCloseTo(sum, 2);
    }
    const november = months.find((r) => r[0] === '2026-11')!;
    expect(november[at('Status')]).toMatch(/^estimated, partial \(\d+ of 30 days\)$/);
    const paid = year.values.find((r) => r[0] === 'Paid in 2026 (estimate)')!;
    expect(paid[at('Status')]).toContain(
      'sales of 2025-11 to 2026-10, paid about 60 days after each month ends',
    );
    // Asked nothing of its own: the history's requests only.
    const asked = (await a.api.requests()).slice(before).map((r) => r.path);
    expect(asked.filter((p) => p !== '/account' && p !== '/timeline')).toEqual([]);
  });
});
