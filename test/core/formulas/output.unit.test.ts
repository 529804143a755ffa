import { describe, expect, it } from 'vitest';
import { TRUNCATION_WARNING } from '../../../src/core/base/phrases.ts';
import type { DayToDate } from '../../../src/core/formulas/cells.ts';
import { FormulaError } from '../../../src/core/formulas/errors.ts';
import { formulaOutput } from '../../../src/core/formulas/output.ts';
import { MAX_CELL_CHARS } from '../../../src/core/report/cell-value.ts';
import { accountFacts, toReportTable } from '../../../src/core/report/index.ts';

const envelope = (truncated = false) => ({
  period: { range: 'last_30_days', start: '2026-10-22', end: '2026-11-20' },
  currency: 'USD',
  meta: { truncated },
});
const summary = (truncated = false) => ({
  ...envelope(truncated),
  totals: { royalties: 812.4, ad_spend: 120.15, net_profit: 692.25, units_sold: 301, kenp_pages: 40211 },
});
const books = (truncated = false) => ({
  ...envelope(truncated),
  rows: [
    { book_id: 'bk_1', title: 'The Salt Road', series_id: 'ser_1', royalties: 500.5, net_profit: 420 },
    { book_id: 'bk_2', title: '=IMPORTXML("x")', series_id: null, royalties: 311.9, net_profit: 272.25 },
  ],
});
const timeline = {
  ...envelope(),
  interval: 'day',
  points: [
    { date: '2026-11-19', royalties: 20 },
    { date: '2026-11-20', royalties: 30 },
  ],
};

/** Midnight UTC: the zone is the platform's business; here only the day matters. */
const utcDay: DayToDate = (iso) => new Date(`${iso}T00:00:00Z`);
const options = (field?: string) => ({
  functionName: 'ROYALTIES_TEST',
  dayToDate: utcDay,
  ...(field ? { field } : {}),
});

describe('what a formula spills', () => {
  it('a header row of labels, then one row per record', () => {
    const response = books();
    const table = toReportTable(response, 'books-report');
    const out = formulaOutput(table, options()) as unknown[][];
    expect(out[0]).toEqual(table.columns.map((c) => c.label));
    expect(out).toHaveLength(response.rows.length + 1);
    const title = table.columns.findIndex((c) => c.key === 'title');
    // API text goes back as the exact string: Sheets does not parse what a custom function returns.
    expect(out.map((row) => row[title])).toEqual(['Title', ...response.rows.map((r) => r.title)]);
    const series = table.columns.findIndex((c) => c.key === 'series_id');
    expect(out[2]?.[series]).toBe('');
  });

  it('puts the truncation banner above the header, the rows rectangular', () => {
    const out = formulaOutput(toReportTable(books(true), 'books-report'), options()) as unknown[][];
    expect(out[0]?.[0]).toBe(TRUNCATION_WARNING);
    const rest = out[0]?.slice(1) ?? [];
    expect(rest.length).toBeGreaterThan(0);
    for (const cell of rest) expect(cell).toBe('');
    expect(new Set(out.map((row) => row.length)).size).toBe(1);
    expect(out).toHaveLength(books().rows.length + 2);
  });

  it('answers a summary field with the figure itself, by key or by label', () => {
    const table = toReportTable(summary(), 'summary');
    expect(formulaOutput(table, options('net_profit'))).toBe(summary().totals.net_profit);
    expect(formulaOutput(table, options('Units sold'))).toBe(summary().totals.units_sold);
    expect(formulaOutput(table, options('totals.ad_spend'))).toBe(summary().totals.ad_spend);
  });

  it('shows a truncated figure under the banner, so it cannot pass for a full one', () => {
    const out = formulaOutput(toReportTable(summary(true), 'summary'), options('royalties'));
    expect(out).toEqual([[TRUNCATION_WARNING], [summary().totals.royalties]]);
  });

  it('answers a field of a table of rows with that column under its header', () => {
    const response = books();
    const out = formulaOutput(toReportTable(response, 'books-report'), options('Net profit'));
    expect(out).toEqual([['Net profit'], ...response.rows.map((r) => [r.net_profit])]);
  });

  it('lists the available fields when the field is unknown', () => {
    const table = toReportTable(books(), 'books-report');
    let message = '';
    try {
      formulaOutput(table, options('profit_margin'));
    } catch (err) {
      expect(err).toBeInstanceOf(FormulaError);
      message = (err as Error).message;
    }
    expect(message).toContain('ROYALTIES_TEST has no field "profit_margin"');
    expect(table.columns.length).toBeGreaterThan(0);
    for (const column of table.columns) expect(message).toContain(column.key);
    const summaryTable = toReportTable(summary(), 'summary');
    expect(() => formulaOutput(summaryTable, options('nope'))).toThrow(/Available: .*net_profit/);
  });

  it('keeps the unknown-field message short when there are many fields', () => {
    const wide = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`figure_number_${i}`, i]));
    const table = toReportTable({ ...envelope(), rows: [wide, wide] }, 'books-report');
    expect(() => formulaOutput(table, options('nope'))).toThrow(/…\.$/);
    try {
      formulaOutput(table, options('nope'));
    } catch (err) {
      expect((err as Error).message.length).toBeLessThan(420);
    }
  });

  it('turns calendar days (and months) into dates, through the platform', () => {
    const seen: string[] = [];
    const day: DayToDate = (iso) => {
      seen.push(iso);
      return utcDay(iso);
    };
    const out = formulaOutput(toReportTable(timeline, 'timeline'), {
      functionName: 'T',
      dayToDate: day,
    }) as unknown[][];
    const dateColumn = (out[0] ?? []).indexOf('Date');
    expect(out.slice(1).map((row) => row[dateColumn])).toEqual(timeline.points.map((p) => utcDay(p.date)));
    expect(seen).toEqual(timeline.points.map((p) => p.date));
    const months = { ...envelope(), points: [{ date: '2026-10', royalties: 1 }] };
    formulaOutput(toReportTable(months, 'timeline'), { functionName: 'T', dayToDate: day });
    expect(seen.at(-1)).toBe('2026-10-01');
  });

  it('cuts text longer than a cell may hold', () => {
    const long = 'x'.repeat(MAX_CELL_CHARS + 10);
    const response = { ...envelope(), rows: [{ book_id: 'bk_1', title: long }] };
    const out = formulaOutput(toReportTable(response, 'books-report'), options('title')) as string[][];
    expect(out[1]?.[0]).toHaveLength(MAX_CELL_CHARS);
    expect(out[1]?.[0]?.endsWith('…')).toBe(true);
  });

  it("shows the account's own fields above its platforms, and finds either by field", () => {
    const account = {
      reporting_currency: 'USD',
      is_demo: true,
      subscription: { status: 'active' },
      platforms: [
        { platform_id: 'kdp', name: 'KDP', connected: true, covered_through: '2026-11-19' },
        { platform_id: 'ads', name: 'Ads', connected: false, covered_through: '2026-11-01' },
      ],
      api_key: { name: 'Sheets', start: 'rfs_demo_live_0f5a' },
      connected_app: null,
    };
    const table = toReportTable(account, 'account');
    const facts = accountFacts(account);
    const out = formulaOutput(table, { ...options(), lead: facts }) as unknown[][];
    // Facts under their header, a blank row, the platforms under theirs.
    const blank = facts.rows.length + 1;
    expect(out).toHaveLength(blank + 2 + account.platforms.length);
    expect(out[0]?.slice(0, facts.columns.length)).toEqual(facts.columns.map((c) => c.label));
    expect(out[blank]?.length).toBeGreaterThan(0);
    for (const cell of out[blank] ?? []) expect(cell).toBe('');
    expect(out[blank + 1]?.slice(0, table.columns.length)).toEqual(table.columns.map((c) => c.label));
    expect(formulaOutput(table, options('reporting_currency'))).toBe('USD');
    expect(formulaOutput(table, options('api_key.name'))).toBe('Sheets');
    expect(formulaOutput(table, options('connected'))).toEqual([
      ['Connected'],
      ...account.platforms.map((p) => [p.connected]),
    ]);
  });
});

describe('the single-figure form reads the figure catalogue', () => {
  const envelope = { period: null, currency: 'USD', meta: { truncated: false } };

  it('finds a measure however the response spells it', () => {
    const summary = toReportTable(
      { ...envelope, metrics: { totalRoyalties: { value: '412.37', currency: 'USD' } } },
      'summary',
    );
    expect(formulaOutput(summary, options('royalties'))).toBe(412.37);
    expect(formulaOutput(summary, options('Royalties'))).toBe(412.37);
    const books = toReportTable(
      {
        ...envelope,
        data: [
          { bookId: 'b1', netProfit: 5 },
          { bookId: 'b2', netProfit: 7 },
        ],
      },
      'books-report',
    );
    expect(formulaOutput(books, options('net_profit'))).toEqual([['Net profit'], [5], [7]]);
  });

  it('never answers a measure with a part of something else that ends in its name', () => {
    // The best book's royalties are not the period's: with no total sent, the figure is missing.
    const bestOnly = toReportTable(
      { ...envelope, totals: { ad_spend: 10 }, best_book: { title: 'A', royalties: 500 } },
      'summary',
    );
    expect(() => formulaOutput(bestOnly, options('royalties'))).toThrow(/no field "royalties"/);
    // Beside the total, the total: the same figure the tile and the checks read.
    const both = toReportTable(
      { ...envelope, totals: { royalties: 1000 }, best_book: { title: 'A', royalties: 500 } },
      'summary',
    );
    expect(formulaOutput(both, options('royalties'))).toBe(1000);
    // Asked for by its own name, the part is answered.
    expect(formulaOutput(both, options('best_book.royalties'))).toBe(500);
  });

  it('still says which fields there are when the response has no such measure', () => {
    const summary = toReportTable({ ...envelope, totals: { royalties: 1 } }, 'summary');
    expect(() => formulaOutput(summary, options('ad_spend'))).toThrow(
      /no field "ad_spend"\. Available: totals\.royalties/,
    );
  });

  it('shows the figures beside the rows in a Totals block to their right', () => {
    const kenp = toReportTable(
      {
        ...envelope,
        kenp: { pages_read: 30, estimated_royalties: 1.5, points: [{ date: '2026-11-01', pages_read: 30 }] },
      },
      'kenp',
    );
    expect(formulaOutput(kenp, options())).toEqual([
      ['Date', 'Pages read', '', 'Totals', 'Value', 'Field'],
      [new Date(Date.UTC(2026, 10, 1)), 30, '', 'KENP pages read', 30, 'kenp.pages_read'],
      ['', '', '', 'KENP estimated royalties', 1.5, 'kenp.estimated_royalties'],
    ]);
  });
});
