// The months by marketplace through the built bundle in the emulator against the demo API: each refresh
// asks the Marketplaces report over last month in round 1, and the tab of that month's year shows it, a
// row per marketplace; the months kept earlier are read back from the tab, so a refresh in November and
// one in December leave October and November both; the months no refresh saw are listed as not kept. A
// refusal gives the server's own message and keeps what was kept.
import { describe, expect, it } from 'vitest';
import { apiGet, banner, markOf, ourTab, refresh, rowsOf } from '../tabs/support.ts';
import { moveTo, refuseNext, useYearAddOn } from './support.ts';

const started = useYearAddOn(true);

/** The rows of a month by marketplace: a `YYYY-MM` Month, a marketplace's name (the months' say "all"). */
const byMonth = (values: unknown[][]) =>
  values.filter((r) => /^\d{4}-\d{2}$/.test(String(r[0])) && r[2] !== 'all');

describe('the months by marketplace', { timeout: 120_000 }, () => {
  it('keeps October from a refresh in November and adds November from one in December', async () => {
    const a = await started();
    expect(refresh(a).tabs.map((t) => t.error)).toEqual([null, null, null]);
    const october = await apiGet(a, '/reports/marketplaces', { range: 'last_month' });
    const sent = rowsOf(october, 'rows');
    expect(sent.length).toBeGreaterThan(1);
    const first = ourTab(a, 'year-2026').values;
    const at = (key: string) => first[1]!.indexOf(key);
    const rows = byMonth(first);
    expect(rows.map((r) => [r[at('Month')], r[at('Currency')], r[at('Marketplace')]])).toEqual(
      sent.map((m) => ['2026-10', 'USD', m.marketplace]),
    );
    sent.forEach((m, i) => {
      expect(rows[i]![at('Royalties')]).toBe(m.royalties);
      expect(rows[i]![at('KENP royalties')]).toBe(m.kenp_royalties);
      expect(rows[i]![at('Ad spend')]).toBe(m.ad_spend);
      expect(rows[i]![at('Units sold')]).toBe(m.units_sold);
    });
    expect(String(rows[0]![at('Status')])).toMatch(
      /^from Last month's Marketplaces report, refreshed 2026-11-\d\d$/,
    );
    expect(banner(ourTab(a, 'year-2026'))).toContain('months by marketplace not kept: 2026-01 to 2026-09 (');
    expect(banner(ourTab(a, 'year-2025'))).toContain('months by marketplace not kept: 2025-01 to 2025-12 (');
    expect(markOf(ourTab(a, 'year-2026'))!.basis).toBe('by marketplace, months by marketplace');

    await moveTo(a, '2026-12-03');
    expect(refresh(a).tabs.map((t) => t.error)).toEqual([null, null, null]);
    const november = rowsOf(await apiGet(a, '/reports/marketplaces', { range: 'last_month' }), 'rows');
    expect(november.length).toBeGreaterThan(1);
    const second = byMonth(ourTab(a, 'year-2026').values);
    // October as the November refresh wrote it, then November from this one.
    expect(second.slice(0, rows.length)).toEqual(rows);
    expect(second.slice(rows.length).map((r) => [r[0], r[at('Marketplace')], r[at('Royalties')]])).toEqual(
      november.map((m) => ['2026-11', m.marketplace, m.royalties]),
    );
    expect(String(second.at(-1)![at('Status')])).toMatch(/refreshed 2026-12-0\d$/);
    expect(banner(ourTab(a, 'year-2026'))).toContain('months by marketplace not kept: 2026-01 to 2026-09 (');
    // The year so far's rows, read back with the months, are this refresh's only: each marketplace once.
    const soFar = await apiGet(a, '/reports/marketplaces', { range: 'year_to_date' });
    const { start, end } = soFar.period as Record<string, string>;
    const yearSoFar = ourTab(a, 'year-2026').values.filter((r) => /^[\d-]+ to /.test(String(r[0])));
    expect(yearSoFar.map((r) => [r[0], r[at('Marketplace')], r[at('Status')]])).toEqual(
      rowsOf(soFar, 'rows').map((m) => [`${start} to ${end}`, m.marketplace, 'from the Marketplaces report']),
    );
  });

  it("replaces last month's kept rows, and keeps them with the server's message when refused", async () => {
    const a = await started();
    refresh(a);
    const header = ourTab(a, 'year-2026').values[1]!;
    const kept = byMonth(ourTab(a, 'year-2026').values);
    // A second refresh the same month replaces October's rows, never adds them twice.
    expect(refresh(a).tabs.map((t) => t.error)).toEqual([null, null, null]);
    expect(byMonth(ourTab(a, 'year-2026').values)).toEqual(kept);

    await moveTo(a, '2026-12-03');
    const message = 'The range last_month is not available.';
    await refuseNext(a, '/reports/marketplaces?range=last_month', 'invalid_range', message);
    expect(refresh(a).tabs.map((t) => t.error)).toEqual([null, null, null]);
    const after = ourTab(a, 'year-2026');
    expect(byMonth(after.values)).toEqual(kept);
    expect(banner(after)).toContain(`last month by marketplace: not given: ${message}`);
    expect(banner(after)).toContain('months by marketplace not kept: 2026-01 to 2026-09, 2026-11 (');
    expect(after.values[1]).toEqual(header);
  });
});
