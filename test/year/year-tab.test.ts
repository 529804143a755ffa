// The year's tabs through the built bundle in the emulator: a tab per calendar year asked for (this year
// and last by default), built from the history tab's days with no request of their own; the months add up
// to the history's days of the same months, per currency; partial and estimated months said; the estimate
// of what was paid labelled as one, its payment delay stated and changeable in the settings; a refresh
// whose ledger cannot be read keeps each year's tab as it was.
import { describe, expect, it } from 'vitest';
import { ledger } from '../history/support.ts';
import type { AddOn } from '../support/addon.ts';
import { banner, chooseSettings, ourTab, ourTabs, refresh } from '../tabs/support.ts';
import { useYearAddOn } from './support.ts';

const started = useYearAddOn();

const yearTabsOf = (a: AddOn) => [...ourTabs(a).keys()].filter((t) => t.startsWith('year-')).sort();

describe('the year tabs', { timeout: 120_000 }, () => {
  it('add up to the history day by day, month by month, a tab for this year and one for last', async () => {
    const a = await started();
    chooseSettings(a, { tabs: ['history', 'year'] });
    const before = (await a.api.requests()).length;
    const result = refresh(a);
    expect(result.tabs.map((t) => [t.tab, t.sheetName, t.error])).toEqual([
      ['history', 'Royalties history', null],
      ['year-2026', 'Royalties 2026', null],
      ['year-2025', 'Royalties 2025', null],
    ]);
    const days = ledger(a).rows;
    const royaltiesKey = Object.keys(days[0]!).find((k) => k.startsWith('royalties'))!;
    for (const [tab, months] of [
      ['year-2026', 11],
      ['year-2025', 12],
    ] as const) {
      const year = ourTab(a, tab);
      const header = year.values[1]!;
      const at = (key: string) => header.indexOf(key);
      expect(header.slice(0, 6)).toEqual([
        'Month',
        'Currency',
        'Marketplace',
        'Status',
        'Days in the history',
        'Royalties',
      ]);
      expect(banner(year)).toContain(`${tab.slice(5)}: by month, from the history tab`);
      expect(banner(year)).toContain('"Paid in" is an estimate (60 days after each month ends');
      const rows = year.values.slice(2).filter((r) => /^\d{4}-\d{2}$/.test(String(r[0])) && r[2] === 'all');
      // This year through November, last year's twelve months, each in the ledger's one currency.
      expect(rows.map((r) => String(r[0]).slice(0, 4))).toEqual(new Array(months).fill(tab.slice(5)));
      for (const row of rows) {
        const ofMonth = days.filter((d) => String(d.date).startsWith(String(row[0])));
        expect(row[at('Currency')]).toBe('USD');
        expect(row[at('Days in the history')], String(row[0])).toBe(ofMonth.length);
        if (!ofMonth.length) continue;
        const sum = ofMonth.reduce((n, d) => n + Number(d[royaltiesKey]), 0);
        expect(row[at('Royalties')], String(row[0])).toBeCloseTo(sum, 2);
      }
    }
    const thisYear = ourTab(a, 'year-2026').values;
    const at = (key: string) => thisYear[1]!.indexOf(key);
    const november = thisYear.find((r) => r[0] === '2026-11')!;
    expect(november[at('Status')]).toMatch(/^estimated, partial \(\d+ of 30 days\)$/);
    const paid = thisYear.find((r) => r[0] === 'Paid in 2026 (estimate)')!;
    expect(paid[at('Status')]).toContain(
      'sales of 2025-11 to 2026-10, paid about 60 days after each month ends',
    );
    // Their own requests: the timeline by month and the marketplace report over the year and over last
    // month, once for both.
    const asked = (await a.api.requests()).slice(before);
    expect(
      asked
        .filter(
          (r) =>
            r.path !== '/account' &&
            r.query.interval !== 'month' &&
            r.query.range !== 'all_time' &&
            r.query.range !== 'last_30_days',
        )
        .map((r) => [r.path, r.query.range]),
    ).toEqual([
      ['/reports/marketplaces', 'year_to_date'],
      ['/reports/marketplaces', 'last_month'],
    ]);
    expect(asked.filter((r) => r.query.interval === 'month')).toHaveLength(1);
  });

  it('writes the years and the payment delay the settings ask for, each year under its own name', async () => {
    const a = await started();
    a.emulator.run('saveSettings', [{ tabs: ['history', 'year'], years: '2024, 2026', paymentDelay: '90' }]);
    expect(refresh(a).tabs.map((t) => t.tab)).toEqual(['history', 'year-2026', 'year-2024']);
    expect(yearTabsOf(a)).toEqual(['year-2024', 'year-2026']);
    const paid = ourTab(a, 'year-2026').values.find((r) => r[0] === 'Paid in 2026 (estimate)')!;
    expect(String(paid[3])).toContain(
      'sales of 2025-10 to 2026-09, paid about 90 days after each month ends',
    );
    expect(banner(ourTab(a, 'year-2026'))).toContain(
      '(90 days after each month ends, changeable in the sidebar)',
    );
    // The formula's empty delay is the setting's too.
    const cells = a.emulator.runCustomFunction<unknown[][]>('ROYALTIES_YEAR', [2026]);
    expect(String(cells.find((r) => r[0] === 'Paid in 2026 (estimate)')![3])).toContain('paid about 90 days');
    expect(() => a.emulator.run('saveSettings', [{ tabs: ['year'], years: 'last year' }])).toThrow(
      'The year "last" is not a calendar year. Type up to 5 calendar years such as "2026, 2025", or leave it empty for this year and last.',
    );
    expect(() => a.emulator.run('saveSettings', [{ tabs: ['year'], paymentDelay: '-5' }])).toThrow(
      /^The payment delay "-5" is not a number of days\. Type the days/,
    );
  });

  it('keeps each year tab as it was, under the amber banner, when the history cannot be read', async () => {
    const a = await started();
    chooseSettings(a, { tabs: ['history', 'year'] });
    refresh(a);
    const before = new Map(yearTabsOf(a).map((t) => [t, ourTab(a, t).values.slice(1)]));
    expect(before.size).toBe(2);
    const sheet = a.emulator.spreadsheet.getSheetByName(ledger(a).snapshot.name)!;
    // The author narrowed the history tab below its own columns: its one read is refused.
    sheet.deleteColumns(5, sheet.getMaxColumns() - 4);
    const result = refresh(a);
    for (const tab of ['year-2026', 'year-2025'] as const) {
      expect(result.tabs.find((t) => t.tab === tab)!.error).toBe(
        'The history tab could not be read: the year is built from its days.',
      );
      expect(ourTab(a, tab).values.slice(1)).toEqual(before.get(tab));
      expect(banner(ourTab(a, tab))).toMatch(/could not be read/);
    }
    const status = a.emulator.sheetSnapshot('Royalties status').values;
    expect(status.filter((r) => /^Royalties 20\d\d$/.test(String(r[0]))).map((r) => r[0])).toEqual([
      'Royalties 2026',
      'Royalties 2025',
    ]);
  });
});
