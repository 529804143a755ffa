// The months by marketplace from plain answers: last month's Marketplaces report laid out on the tab of
// its month's year, a row per marketplace in its currency as sent (a figure not sent is missing); the
// months kept on the tab read back and kept, last month's replacing that month's; a refusal, or a period
// that is not one whole month, gives no row and its reason, keeping what was kept; the months no refresh
// saw listed as not kept.
import { describe, expect, it } from 'vitest';
import type { CellValue } from '../../../src/core/report/index.ts';
import { parseSettings } from '../../../src/core/settings.ts';
import { lastMonthMarketplaces, monthsNotKept } from '../../../src/core/year/month-marketplaces.ts';
import {
  keptMarketplaces,
  marketplaceSections,
  yearAnswers,
  yearTable,
  yearTabs,
} from '../../../src/core/year/year-table.ts';
import { marketplacesReport } from './support.ts';

/** The report over `period`, amazon.de sending KENP royalties and more decimals than EUR's. */
const report = (period: Record<string, unknown> | null, extra: Record<string, unknown> = {}) =>
  marketplacesReport(period, {
    rows: [
      { marketplace: 'amazon.de', royalties: 120.504, kenp_royalties: 8, ad_spend: 20, units_sold: 40 },
      { marketplace: 'amazon.fr', royalties: 30.25, units_sold: 9 },
    ],
    ...extra,
  });
const OCTOBER = { range: 'last_month', start: '2026-10-01', end: '2026-10-31' };
const NOVEMBER = { range: 'last_month', start: '2026-11-01', end: '2026-11-30' };

const header = yearTable([], 2026, '2026-11-20').columns.map((c) => c.key);
const cell = (row: readonly unknown[], key: string) => row[header.indexOf(key)];
const settings = parseSettings({ years: '2026,2025' });
/** A year's tabs on `today` with `lastMonth` answered and `held` read back from every tab. */
const tabsOn = (
  today: string,
  lastMonth: Parameters<typeof yearAnswers>[3],
  held: readonly (readonly CellValue[])[] = [],
) =>
  yearTabs([], today, settings, yearAnswers(undefined, undefined, null, lastMonth), () =>
    held.map((r) => [...r]),
  );
const monthRows = (rows: readonly (readonly CellValue[])[]) =>
  rows.filter((r) => cell(r, 'marketplace') !== 'all');

describe('the months by marketplace', () => {
  it("reads last month's report by name, its currency, a figure not sent missing", () => {
    const read = lastMonthMarketplaces(report(OCTOBER), ['royalties', 'ad_spend']);
    expect(read).toEqual({
      month: '2026-10',
      currency: 'EUR',
      rows: [
        { name: 'amazon.de', figures: [120.504, 20] },
        { name: 'amazon.fr', figures: [30.25, null] },
      ],
    });
    expect(lastMonthMarketplaces(undefined, ['royalties'])).toBeNull();
  });

  it('gives no month, with its reason, from a refusal or a period that is not one whole month', () => {
    const reason = (fetched: Parameters<typeof lastMonthMarketplaces>[0]) =>
      lastMonthMarketplaces(fetched, ['royalties']);
    expect(reason({ ok: false, error: 'Unknown range "last_month".' })).toEqual({
      reason: 'Unknown range "last_month".',
    });
    expect(reason(report({ start: '2026-10-01', end: '2026-10-30' }))).toEqual({
      reason: 'its period (2026-10-01 to 2026-10-30) is not one whole month.',
    });
    expect(reason(report({ start: '2026-10-02', end: '2026-10-31' }))).toEqual({
      reason: 'its period (2026-10-02 to 2026-10-31) is not one whole month.',
    });
    expect(reason(report(null))).toEqual({ reason: 'its period is not said, or not within one year.' });
    expect(reason(report({ start: '2026-02-01', end: '2026-02-28' }))).toMatchObject({ month: '2026-02' });
  });

  it('lists the months ended that were not kept, as runs', () => {
    expect(monthsNotKept(new Set(['2026-10']), 2026, '2026-12-03')).toBe('2026-01 to 2026-09, 2026-11');
    expect(monthsNotKept(new Set(['2026-01', '2026-03']), 2026, '2026-04-01')).toBe('2026-02');
    expect(monthsNotKept(new Set(), 2026, '2026-01-15')).toBe('');
    expect(monthsNotKept(new Set(), 2025, '2026-01-15')).toBe('2025-01 to 2025-12');
  });

  it("lays last month on its year's tab, keeps earlier months, replaces its own, in month order", () => {
    const [thisYear, lastYear] = tabsOn('2026-11-20', report(OCTOBER));
    const rows = monthRows(thisYear!.table.rows);
    expect(rows.map((r) => [cell(r, 'month'), cell(r, 'currency'), cell(r, 'marketplace')])).toEqual([
      ['2026-10', 'EUR', 'amazon.de'],
      ['2026-10', 'EUR', 'amazon.fr'],
    ]);
    expect(cell(rows[0]!, 'royalties')).toBe(120.5);
    expect(cell(rows[0]!, 'kenp_royalties')).toBe(8);
    expect(cell(rows[1]!, 'ad_spend')).toBeNull();
    expect(cell(rows[0]!, 'status')).toBe("from Last month's Marketplaces report, refreshed 2026-11-20");
    expect(marketplaceSections(thisYear!.table)).toEqual({ yearSoFar: false, months: true });
    expect(thisYear!.note).toContain('months by marketplace not kept: 2026-01 to 2026-09 (');
    expect(monthRows(lastYear!.table.rows)).toEqual([]);
    expect(lastYear!.note).toContain('months by marketplace not kept: 2025-01 to 2025-12 (');

    // As the tab holds them: empty cells read back as "", in the tab's own column order.
    const columns = [...header].reverse();
    const held = rows.map((r) => r.map((v) => (v === null ? '' : v)).reverse());
    const { rows: kept } = keptMarketplaces(held, columns);
    expect(kept).toEqual(rows);
    // A month on: October kept as written, November after it.
    const [december] = tabsOn('2026-12-03', report(NOVEMBER), kept);
    const both = monthRows(december!.table.rows);
    expect(both.map((r) => [cell(r, 'month'), cell(r, 'status')])).toEqual([
      ['2026-10', "from Last month's Marketplaces report, refreshed 2026-11-20"],
      ['2026-10', "from Last month's Marketplaces report, refreshed 2026-11-20"],
      ['2026-11', "from Last month's Marketplaces report, refreshed 2026-12-03"],
      ['2026-11', "from Last month's Marketplaces report, refreshed 2026-12-03"],
    ]);
    expect(december!.note).toContain('months by marketplace not kept: 2026-01 to 2026-09 (');
    // Refreshed again the same month: October replaced, not doubled.
    const [again] = tabsOn(
      '2026-11-25',
      report(OCTOBER, { rows: [{ marketplace: 'amazon.it', royalties: 1 }] }),
      kept,
    );
    expect(monthRows(again!.table.rows).map((r) => [cell(r, 'marketplace'), cell(r, 'status')])).toEqual([
      ['amazon.it', "from Last month's Marketplaces report, refreshed 2026-11-25"],
    ]);
  });

  it('keeps a month answered with no row as a month with no sales, never over rows kept of it', () => {
    const [november] = tabsOn('2026-11-20', report(OCTOBER));
    const october = monthRows(november!.table.rows);
    const empty = report(NOVEMBER, { rows: [] });
    const [december] = tabsOn('2026-12-03', empty, october);
    const rows = monthRows(december!.table.rows);
    expect(rows.slice(0, 2)).toEqual(october);
    expect(rows.slice(2)).toEqual([
      [
        '2026-11',
        'EUR',
        null,
        "from Last month's Marketplaces report, refreshed 2026-12-03: no row sent, no sales by marketplace",
        null,
        null,
        null,
        null,
        null,
        null,
      ],
    ]);
    expect(december!.note).toContain('months by marketplace not kept: 2026-01 to 2026-09 (');
    expect(december!.note).not.toContain('last month by marketplace');
    // Read back, the month stays kept; a second empty answer the same month says it again, once.
    const held = monthRows(
      keptMarketplaces(
        rows.map((r) => [...r]),
        header,
      ).rows,
    );
    expect(held).toEqual(rows);
    const [again] = tabsOn('2026-12-05', empty, held);
    expect(monthRows(again!.table.rows).map((r) => [cell(r, 'month'), cell(r, 'status')])).toEqual([
      ...october.map((r) => ['2026-10', cell(r, 'status')]),
      [
        '2026-11',
        "from Last month's Marketplaces report, refreshed 2026-12-05: no row sent, no sales by marketplace",
      ],
    ]);

    // November kept with rows from an earlier refresh: an empty answer leaves them, and says so.
    const [first] = tabsOn('2026-12-01', report(NOVEMBER), october);
    const both = monthRows(first!.table.rows);
    const [later] = tabsOn('2026-12-03', empty, both);
    expect(monthRows(later!.table.rows)).toEqual(both);
    expect(later!.note).toContain(
      'last month by marketplace: its report sent no row this time, so the rows kept of 2026-11 stay',
    );
    expect(later!.note).toContain('months by marketplace not kept: 2026-01 to 2026-09 (');
  });

  it("keeps a month's rows in another currency beside those of last month's answer", () => {
    const [november] = tabsOn('2026-11-20', report(OCTOBER));
    const euros = monthRows(november!.table.rows);
    const [again] = tabsOn('2026-11-25', report(OCTOBER, { currency: 'USD' }), euros);
    const rows = monthRows(again!.table.rows);
    expect(rows.map((r) => [cell(r, 'currency'), cell(r, 'marketplace'), cell(r, 'status')])).toEqual([
      ['EUR', 'amazon.de', "from Last month's Marketplaces report, refreshed 2026-11-20"],
      ['EUR', 'amazon.fr', "from Last month's Marketplaces report, refreshed 2026-11-20"],
      ['USD', 'amazon.de', "from Last month's Marketplaces report, refreshed 2026-11-25"],
      ['USD', 'amazon.fr', "from Last month's Marketplaces report, refreshed 2026-11-25"],
    ]);
    // The same currency again replaces its own rows only.
    const [third] = tabsOn('2026-11-28', report(OCTOBER, { currency: 'USD' }), rows);
    expect(monthRows(third!.table.rows).map((r) => [cell(r, 'currency'), cell(r, 'status')])).toEqual([
      ['EUR', "from Last month's Marketplaces report, refreshed 2026-11-20"],
      ['EUR', "from Last month's Marketplaces report, refreshed 2026-11-20"],
      ['USD', "from Last month's Marketplaces report, refreshed 2026-11-28"],
      ['USD', "from Last month's Marketplaces report, refreshed 2026-11-28"],
    ]);
  });

  it("puts December on last year's tab in January", () => {
    const december = { start: '2026-12-01', end: '2026-12-31' };
    const tabs = yearTabs(
      [],
      '2027-01-05',
      parseSettings({ years: '2027,2026' }),
      yearAnswers(undefined, undefined, null, report(december)),
      () => [],
    );
    expect(tabs.map((t) => monthRows(t.table.rows).map((r) => cell(r, 'month')))).toEqual([
      [],
      ['2026-12', '2026-12'],
    ]);
    expect(tabs[1]!.note).toContain('months by marketplace not kept: 2026-01 to 2026-11 (');
  });

  it("keeps the kept months and gives the server's message on the tab of the month before the refresh's", () => {
    const [thisYear] = tabsOn('2026-11-20', report(OCTOBER));
    const kept = monthRows(thisYear!.table.rows);
    const refused = { ok: false as const, error: 'The range last_month is not available.' };
    const [december, lastYear] = tabsOn('2026-12-03', refused, kept);
    expect(monthRows(december!.table.rows)).toEqual(kept);
    expect(december!.note).toContain(
      'last month by marketplace: not given: The range last_month is not available.',
    );
    expect(december!.note).toContain('months by marketplace not kept: 2026-01 to 2026-09, 2026-11 (');
    expect(lastYear!.note).not.toContain('not given');
  });
});
