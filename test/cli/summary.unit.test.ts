// The printed summary reads the tabs the add-on laid out: a Summary tab built here by the add-on's own layout
// code (report table → tab block → mark) gives back the response's figures, period and currency.
import { describe, expect, it } from 'vitest';
import { type AddOnTab, addOnTabs, tableOf } from '../../local/cli/addon-tabs.ts';
import { bannerPart, buildSummary, money, summaryFigures, summaryText } from '../../local/cli/summary.ts';
import type { SheetSnapshot } from '../../local/gas/types.ts';
import type { AccountView } from '../../src/core/api/account.ts';
import type { EndpointId } from '../../src/core/endpoints.ts';
import type { TabOutcome } from '../../src/core/refresh/index.ts';
import { toReportTable } from '../../src/core/report/index.ts';
import { freshBanner, MARK_KEY, markText, TRUNCATION_WARNING, tabBlock } from '../../src/core/tabs/index.ts';

const period = {
  range: 'last_30_days',
  start: '2026-10-22',
  end: '2026-11-20',
  time_zone: 'America/New_York',
};
const totals = {
  royalties: 4321.09,
  sales_royalties: 4000.0,
  kenp_royalties: 321.09,
  ad_spend: 1234.5,
  net_profit: 3086.59,
  units_sold: 987,
  kenp_pages: 71_353,
  free_units: 120,
};

/** What the emulator stores: the apostrophe that keeps text literal is not part of the value. */
function stored(cell: string | number | boolean | Date): string | number | boolean | Date {
  return typeof cell === 'string' && cell.startsWith("'") ? cell.slice(1) : cell;
}

function tabFor(endpoint: EndpointId, response: unknown, name: string): SheetSnapshot {
  const table = toReportTable(response, endpoint);
  const banner = freshBanner({
    meta: table.meta,
    updatedAt: '2026-11-21 08:00',
    timeZone: 'Europe/London',
    period: 'last_30_days',
    coveredThrough: '2026-11-20',
  });
  const block = tabBlock(table, banner, 0);
  const mark = markText({
    tab: endpoint,
    columns: block.columns,
    blockRows: block.values.length,
    dataAt: 0,
    ...(block.totals ? { totals: block.totals } : {}),
  });
  return {
    name,
    sheetId: 1,
    index: 0,
    maxRows: 1000,
    maxColumns: 26,
    values: block.values.map((row) => row.map(stored)),
    formulas: [],
    displayed: [],
    numberFormats: block.numberFormats,
    fontWeights: block.fontWeights,
    fontColors: [],
    backgrounds: block.backgrounds.map((row) => row.map((b) => b ?? '#ffffff')),
    notes: [],
    frozenRows: 2,
    frozenColumns: 0,
    columnWidths: {},
    developerMetadata: [{ id: 1, key: MARK_KEY, value: mark, visibility: 'DOCUMENT' }],
  };
}

const summarySheet = tabFor(
  'summary',
  { period, currency: 'EUR', meta: { truncated: false }, totals },
  'Summary',
);
const booksSheet = tabFor(
  'books-report',
  {
    period,
    currency: 'EUR',
    meta: { truncated: true },
    rows: [{ book_id: 'b1', title: '=HYPERLINK("x")', royalties: 1 }],
  },
  'Books',
);
const authorsOwn: SheetSnapshot = { ...booksSheet, name: 'My notes', developerMetadata: [] };
const sheets = new Map([summarySheet, booksSheet, authorsOwn].map((s) => [s.name, s]));
const tabs = addOnTabs(['Summary', 'My notes', 'Books'], (name) => sheets.get(name)!);

const account: AccountView = {
  keyName: 'Sheets',
  keyStart: 'rfs_live_abcd…',
  isDemo: false,
  reportingCurrency: 'USD',
  subscriptionStatus: 'active',
  platforms: [
    {
      platformId: 'p1',
      name: 'A',
      connected: true,
      lastSyncAt: null,
      syncStatus: null,
      coveredThrough: null,
    },
    {
      platformId: 'p2',
      name: 'B',
      connected: false,
      lastSyncAt: null,
      syncStatus: null,
      coveredThrough: null,
    },
  ],
};

describe('reading the tabs back', () => {
  it('keeps only sheets with the add-on mark, in the spreadsheet order', () => {
    expect(tabs.map((t: AddOnTab) => t.snapshot.name)).toEqual(['Summary', 'Books']);
    expect(tabs.map((t) => t.mark.tab)).toEqual(['summary', 'books-report']);
  });

  it('finds the figures of the Summary tab as the response gave them', () => {
    expect(summaryFigures(tabs[0]!)).toEqual({
      royalties: totals.royalties,
      adSpend: totals.ad_spend,
      netProfit: totals.net_profit,
      truncated: false,
    });
  });

  it('rebuilds an ordinary tab as rows under its column keys, text as the exact string', () => {
    const table = tableOf(tabs[1]!);
    expect(table.columns.map((c) => c.key)).toEqual(['book_id', 'title', 'royalties']);
    expect(table.rows).toEqual([['b1', '=HYPERLINK("x")', 1]]);
  });
});

describe('buildSummary and summaryText', () => {
  const outcomes: TabOutcome[] = [
    { tab: 'summary', sheetName: 'Summary', rows: 8, truncated: false, error: null },
    { tab: 'books-report', sheetName: 'Books', rows: 1, truncated: true, error: null },
    {
      tab: 'kenp',
      sheetName: 'KENP',
      rows: null,
      truncated: false,
      error: 'The API is rate limiting requests (429).',
    },
  ];
  const summary = buildSummary({
    out: 'out.xlsx',
    account,
    range: 'last_30_days',
    requestedCurrency: 'EUR',
    outcomes,
    checks: [],
    tabs,
    sheets: ['Summary', 'Books', 'Royalties status'],
  });

  it('takes period and currency from the banner the add-on wrote', () => {
    expect(bannerPart(String(summarySheet.values[0]?.[0]), 'Period')).toBe(
      `${period.start} to ${period.end} (${period.range})`,
    );
    expect(summary.period).toBe(`${period.start} to ${period.end} (${period.range})`);
    expect(summary.currency).toBe('EUR');
    expect(summary.figures?.netProfit).toBe(totals.net_profit);
    expect(summary.account).toMatchObject({ platforms: 2, platformsConnected: 1, keyName: 'Sheets' });
  });

  it('warns about every truncated and every failed tab', () => {
    expect(summary.warnings).toEqual([
      `Books: ${TRUNCATION_WARNING}`,
      `KENP: not refreshed: ${outcomes[2]?.error}`,
    ]);
  });

  it('prints the figures in the currency, rows per tab, warnings and the file', () => {
    const text = summaryText(summary);
    expect(text).toContain(`Royalties   ${money(totals.royalties, 'EUR')}`);
    expect(money(totals.royalties, 'EUR')).toBe('€4,321.09');
    expect(money(1234, 'JPY')).toBe('¥1,234');
    expect(text).toMatch(/Books\s+1 {2}truncated/);
    expect(text).toMatch(/KENP\s+failed/);
    expect(text).toContain(TRUNCATION_WARNING);
    expect(text).toContain('Wrote out.xlsx: 3 tabs, the ones above and Royalties status.');
    // What the key looks like never reaches the output, not even its start.
    expect(text).not.toContain(account.keyStart);
  });
});

describe('never a confident wrong figure in the printed summary', () => {
  const previous = { royalties: 3000.01, ad_spend: 900, net_profit: 2100.01 };
  const beside = (body: object) =>
    addOnTabs(['Summary'], () =>
      tabFor('summary', { period, currency: 'EUR', meta: { truncated: false }, ...body }, 'Summary'),
    )[0]!;

  it("prints this period's royalties when the previous period's are sent beside them", () => {
    const figures = summaryFigures(beside({ previous_period: previous, current_period: totals }));
    expect(figures).toMatchObject({ royalties: totals.royalties, netProfit: totals.net_profit });
  });

  it('prints no figure, and says why, when two could be meant', () => {
    const tab = beside({ store_a: totals, store_b: previous });
    const figures = summaryFigures(tab);
    expect(figures.royalties).toBeNull();
    const summary = buildSummary({
      out: 'out.xlsx',
      account,
      range: 'last_30_days',
      requestedCurrency: null,
      outcomes: [{ tab: 'summary', sheetName: 'Summary', rows: 16, truncated: false, error: null }],
      checks: [],
      tabs: [tab],
      sheets: ['Summary'],
    });
    expect(summary.warnings).toContain(
      "Summary: two figures could be this period's royalties (store_a.royalties, store_b.royalties), so none is shown.",
    );
    expect(summaryText(summary)).toMatch(/Royalties\s+\(not shown\)/);
  });

  it('warns of every check that does not add up, and keeps every check for --json', () => {
    const checks = [
      {
        subject: 'Royalties: the Summary against the book rows',
        result: 'differs' as const,
        text: 'The book rows add up to €1.00 of royalties; the Summary says €2.00: €1.00 is in none of the book rows.',
        tabs: ['summary', 'books-report'] as const,
      },
      {
        subject: 'Units sold: the Summary against the book rows',
        result: 'agrees' as const,
        text: 'x',
        tabs: [],
      },
    ];
    const summary = buildSummary({
      out: 'out.xlsx',
      account,
      range: 'last_30_days',
      requestedCurrency: null,
      outcomes: [{ tab: 'summary', sheetName: 'Summary', rows: 8, truncated: false, error: null }],
      checks,
      tabs: [tabs[0]!],
      sheets: ['Summary'],
    });
    expect(summary.warnings).toEqual([`Reports do not add up: ${checks[0]!.subject}. ${checks[0]!.text}`]);
    expect(JSON.parse(JSON.stringify(summary)).checks).toHaveLength(2);
    expect(summaryText(summary)).toContain(
      'Reports do not add up: Royalties: the Summary against the book rows.',
    );
  });
});
