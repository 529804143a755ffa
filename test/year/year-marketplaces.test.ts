// The year by marketplace through the built bundle in the emulator: this year's tab shows, below its
// months, the marketplace report over the year so far (asked in round 1 beside the others), a row per
// marketplace as the API sends it, in its currency; last year's says it is not kept, unless its tab holds
// the rows its last refresh wrote: into the next year those stay, marked kept. A refusal leaves the
// months as they are and gives the server's own message on the banner.
import { describe, expect, it } from 'vitest';
import type { RefreshResult } from '../../src/core/refresh/index.ts';
import { apiGet, banner, ourTab, refresh, rowsOf } from '../tabs/support.ts';
import { moveTo, refuseNext, useYearAddOn } from './support.ts';

const started = useYearAddOn(true);

const byMarketplace = (values: unknown[][]) =>
  values.filter((r) => /^\d{4}-\d{2}-\d{2} to /.test(String(r[0])));

describe('the year by marketplace', { timeout: 120_000 }, () => {
  it('shows the marketplace report over this year below its months, each row as the API sent it', async () => {
    const a = await started();
    expect(refresh(a).tabs.map((t) => t.error)).toEqual([null, null, null]);
    const api = await apiGet(a, '/reports/marketplaces', { range: 'year_to_date' });
    const period = api.period as { start: string; end: string };
    const thisYear = ourTab(a, 'year-2026').values;
    const at = (key: string) => thisYear[1]!.indexOf(key);
    const rows = byMarketplace(thisYear);
    const sent = rowsOf(api, 'rows');
    expect(sent.length).toBeGreaterThan(1);
    expect(rows.map((r) => [r[at('Month')], r[at('Currency')], r[at('Marketplace')]])).toEqual(
      sent.map((m) => [`${period.start} to ${period.end}`, 'USD', m.marketplace]),
    );
    sent.forEach((m, i) => {
      expect(rows[i]![at('Royalties')]).toBe(m.royalties);
      expect(rows[i]![at('Ad spend')]).toBe(m.ad_spend);
      expect(rows[i]![at('Units sold')]).toBe(m.units_sold);
    });
    // The months' rows are every marketplace's.
    expect(thisYear.find((r) => r[0] === '2026-03')![at('Marketplace')]).toBe('all');
    expect(banner(ourTab(a, 'year-2026'))).toContain(
      `by marketplace: the Marketplaces report over ${period.start} to ${period.end}`,
    );
    expect(byMarketplace(ourTab(a, 'year-2025').values)).toEqual([]);
    expect(banner(ourTab(a, 'year-2025'))).toContain('by marketplace: not kept for this year');
  });

  it("a sidebar refresh in parts asks each of the year's own requests once and writes them", async () => {
    const a = await started();
    const { runId, parts } = a.emulator.run<{ runId: string; parts: number }>('startRefresh');
    const calls = Array.from({ length: parts }, (_, i) => ({ name: 'refreshPart', args: [runId, i] }));
    expect(a.emulator.runConcurrently(calls).map((o) => o.ok)).toEqual(new Array(parts).fill(true));
    const result = a.emulator.run<RefreshResult>('finishRefresh', [runId]);
    expect(result.tabs.map((t) => t.error)).toEqual([null, null, null]);
    const own = (await a.api.requests()).filter(
      (r) => r.query.interval === 'month' || r.path === '/reports/marketplaces',
    );
    expect(own.map((r) => `${r.path} ${r.query.range}`).sort()).toEqual([
      '/reports/marketplaces last_month',
      '/reports/marketplaces year_to_date',
      '/timeline last_365_days',
    ]);
    expect(byMarketplace(ourTab(a, 'year-2026').values).length).toBeGreaterThan(1);
  });

  it('keeps the months and gives the server’s own message when the API refuses the period', async () => {
    const a = await started();
    const message = 'The range year_to_date is not available.';
    await refuseNext(a, '/reports/marketplaces?range=year_to_date', 'invalid_range', message);
    expect(refresh(a).tabs.map((t) => t.error)).toEqual([null, null, null]);
    const thisYear = ourTab(a, 'year-2026');
    expect(byMarketplace(thisYear.values)).toEqual([]);
    expect(thisYear.values.filter((r) => /^2026-\d\d$/.test(String(r[0])) && r[2] === 'all')).toHaveLength(
      11,
    );
    expect(banner(thisYear)).toContain('by marketplace: not given:');
    expect(banner(thisYear)).toContain(message);
  });

  it("keeps last year's marketplace rows on its tab when the new year's refresh rewrites it", async () => {
    const a = await started();
    expect(refresh(a).tabs.map((t) => t.error)).toEqual([null, null, null]);
    const before = ourTab(a, 'year-2026').values;
    const header = before[1]!;
    const without = (r: unknown[]) => r.filter((_, i) => i !== header.indexOf('Status'));
    const held = byMarketplace(before);
    expect(held.length).toBeGreaterThan(1);
    await moveTo(a, '2027-01-05');
    expect(refresh(a).tabs.map((t) => t.error)).toEqual([null, null, null]);
    const after = ourTab(a, 'year-2026');
    const kept = byMarketplace(after.values);
    expect(kept.map(without)).toEqual(held.map(without));
    expect(new Set(kept.map((r) => r[header.indexOf('Status')]))).toEqual(
      new Set(['from the Marketplaces report, kept from the last refresh of its year']),
    );
    expect(banner(after)).toContain(
      'by marketplace: from the Marketplaces report, kept from the last refresh',
    );
    // This year's tab shows this year's report.
    expect(byMarketplace(ourTab(a, 'year-2027').values)[0]![0]).toMatch(/^2027-01-01 to 2027-01-0/);
  });
});
