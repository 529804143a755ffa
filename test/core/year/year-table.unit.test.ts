// The year's table from plain ledger days: its months add up to the days of the same months, per currency
// and never converted; partial, estimated and empty months said; the estimate of what was paid in the year
// from the months of sale the payment delay brings into it. The years asked and the payment delay: read
// from the settings (stored only when they differ from this year and last, and 60 days), a tab each under
// its own name, counted in the refresh's progress and listed on the Status tab in the order written.
import { describe, expect, it } from 'vitest';
import type { LedgerDay } from '../../../src/core/figures/index.ts';
import { tabsToWrite } from '../../../src/core/refresh/steps.ts';
import { DEFAULT_SETTINGS, parseSettings, storedSettingsJson } from '../../../src/core/settings.ts';
import { isTabId, tabTitle, writtenTabsIn, yearTabId } from '../../../src/core/tab-ids.ts';
import { paymentShift, salesPaidIn, yearsAsked, yearTable } from '../../../src/core/year/year-table.ts';

/** One day per date from `from` to `to` (both included), each with the same figures. */
function days(
  from: string,
  to: string,
  currency: string,
  royalties: number,
  status: LedgerDay['status'] = 'settled',
): LedgerDay[] {
  const out: LedgerDay[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    const date = new Date(t).toISOString().slice(0, 10);
    out.push({
      date,
      currency,
      status,
      figures: {
        royalties,
        kenp_royalties: royalties / 5,
        ad_spend: 1.5,
        net_profit: royalties - 1.5,
        units_sold: 2,
      },
    });
  }
  return out;
}

const column = (key: string) =>
  [
    'month',
    'currency',
    'marketplace',
    'status',
    'days',
    'royalties',
    'kenp_royalties',
    'ad_spend',
    'net_profit',
    'units_sold',
  ].indexOf(key);

describe('the year at a glance', () => {
  const ledger = [
    // The author moved to euros for a while: the ledger keeps each day in the currency it was read in.
    ...days('2025-10-01', '2026-02-14', 'USD', 3.25),
    ...days('2026-02-15', '2026-03-10', 'EUR', 2.1),
    ...days('2026-03-11', '2026-04-12', 'USD', 4, 'provisional'),
  ];
  const table = yearTable(ledger, 2026, '2026-04-13');
  const rowsOf = (currency: string) => table.rows.filter((r) => r[column('currency')] === currency);

  it('has a row per month and currency whose figures add up to the history days of that month', () => {
    for (const currency of ['USD', 'EUR']) {
      const months = rowsOf(currency).filter((r) => /^\d{4}-\d{2}$/.test(String(r[0])));
      // January to April, the month of the as-of date, in each currency.
      expect(months).toHaveLength(4);
      for (const row of months) {
        const month = String(row[0]);
        const ofMonth = ledger.filter((d) => d.currency === currency && d.date.startsWith(month));
        expect(row[column('days')]).toBe(ofMonth.length);
        for (const key of ['royalties', 'kenp_royalties', 'ad_spend', 'net_profit', 'units_sold'] as const) {
          const sum = ofMonth.reduce((n, d) => n + d.figures[key]!, 0);
          if (ofMonth.length) expect(row[column(key)], `${currency} ${month} ${key}`).toBeCloseTo(sum, 2);
          else expect(row[column(key)]).toBeNull();
        }
      }
    }
  });

  it('keeps each currency apart, says partial, estimated and empty months, and totals the year', () => {
    expect(rowsOf('USD').map((r) => [r[0], r[column('status')]])).toEqual([
      ['2026-01', 'final'],
      ['2026-02', 'final, partial (14 of 28 days)'],
      ['2026-03', 'estimated, partial (21 of 31 days)'],
      ['2026-04', 'estimated, partial (12 of 30 days)'],
      ['2026 total', expect.any(String)],
      ['Paid in 2026 (estimate)', expect.stringContaining('will not equal your tax form')],
    ]);
    expect(
      rowsOf('EUR')
        .map((r) => [r[0], r[column('status')]])
        .slice(0, 4),
    ).toEqual([
      ['2026-01', 'no days in the history'],
      ['2026-02', 'final, partial (14 of 28 days)'],
      ['2026-03', 'estimated, partial (10 of 31 days)'],
      ['2026-04', 'no days in the history'],
    ]);
    // A month with no day leaves the year's total missing, never a sum of some months.
    expect(rowsOf('EUR').find((r) => r[0] === '2026 total')![column('royalties')]).toBeNull();
    const usdTotal = rowsOf('USD').find((r) => r[0] === '2026 total')!;
    const usdDays = ledger.filter((d) => d.currency === 'USD' && d.date.startsWith('2026-'));
    expect(usdTotal[column('days')]).toBe(usdDays.length);
    expect(usdTotal[column('royalties')]).toBeCloseTo(
      usdDays.reduce((n, d) => n + d.figures.royalties!, 0),
      2,
    );
  });

  it('estimates what was paid in a year from the months of sale the delay brings into it', () => {
    expect(paymentShift(60)).toBe(2);
    expect(paymentShift(90)).toBe(3);
    expect(salesPaidIn(2026, 60)).toEqual({ first: '2025-11', last: '2026-10' });
    const whole = days('2024-11-01', '2025-10-31', 'USD', 1);
    const paid = yearTable(whole, 2025, '2026-01-05').rows.find((r) => r[0] === 'Paid in 2025 (estimate)')!;
    expect(paid[column('royalties')]).toBeCloseTo(365, 2);
    expect(paid[column('status')]).toContain(
      'sales of 2024-11 to 2025-10, paid about 60 days after each month ends.',
    );
    // Months of sale the history lacks: the estimate is missing, not too low.
    const short = yearTable(whole.slice(40), 2025, '2026-01-05').rows.find(
      (r) => r[0] === 'Paid in 2025 (estimate)',
    )!;
    expect(short[column('royalties')]).toBeNull();
    expect(short[column('status')]).toContain('the history lacks some of those days');
  });
});

describe('the years asked', () => {
  it('are this year and last unless the settings name others, newest first', () => {
    expect(yearsAsked('2026-11-20', undefined)).toEqual([2026, 2025]);
    const settings = parseSettings({ years: '2024, 2026;2024', paymentDelay: ' 90 ' });
    expect(settings.years).toEqual([2026, 2024]);
    expect(settings.paymentDelay).toBe(90);
    expect(yearsAsked('2026-11-20', settings.years)).toEqual([2026, 2024]);
    expect(parseSettings({ years: [2023, '2022'] }).years).toEqual([2023, 2022]);
  });

  it('store nothing while they are the defaults', () => {
    const settings = parseSettings({ years: '', paymentDelay: '60' });
    expect(settings).toEqual(DEFAULT_SETTINGS);
    expect(storedSettingsJson(settings)).not.toMatch(/years|paymentDelay/);
  });

  it('refuse what is not a year, too many years, and a delay out of 0 to 365 days', () => {
    expect(() => parseSettings({ years: '26' })).toThrow(/^The year "26" is not a calendar year\./);
    expect(() => parseSettings({ years: '2020 2021 2022 2023 2024 2025' })).toThrow(/^6 years is too many\./);
    for (const delay of ['-1', '366', 'sixty', '1.5'])
      expect(() => parseSettings({ paymentDelay: delay }), delay).toThrow(
        /^The payment delay ".*" is not a number of days\./,
      );
    expect(parseSettings({ paymentDelay: 0 }).paymentDelay).toBe(0);
  });

  it('are a tab each, named by its year, counted and listed where the year stands', () => {
    expect(tabTitle(yearTabId(2026))).toBe('Royalties 2026');
    expect(isTabId('year-2026')).toBe(true);
    expect(isTabId('year-26')).toBe(false);
    expect(tabsToWrite({ ...DEFAULT_SETTINGS, tabs: ['summary', 'year'] })).toBe(3);
    expect(tabsToWrite({ ...DEFAULT_SETTINGS, tabs: ['year'], years: [2020, 2019, 2018] })).toBe(3);
    expect(tabsToWrite({ ...DEFAULT_SETTINGS, tabs: ['summary'], years: [2020] })).toBe(1);
    expect(writtenTabsIn(['year-2024', 'dashboard', 'summary', 'year-2026', 'history'])).toEqual([
      'summary',
      'history',
      'dashboard',
      'year-2026',
      'year-2024',
    ]);
  });
});
