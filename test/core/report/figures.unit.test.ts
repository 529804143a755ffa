// Single figures: the summary as Metric/Value rows with a format per row, the account's own fields, and
// finding one figure or column by key or label the way a formula names it.
import { describe, expect, it } from 'vitest';
import {
  accountFacts,
  findColumn,
  findFigure,
  METRIC_COLUMNS,
  moneyDecimals,
  type ReportTable,
  toReportTable,
} from '../../../src/core/report/index.ts';
import { demoAccount, demoResponse, ENVELOPE, figures } from '../../support/demo-shapes.ts';
import { keysOf } from './support.ts';

describe('the summary as Metric/Value rows', () => {
  const response = demoResponse('summary');
  const totals = figures(1);
  const table = toReportTable(response, 'summary');

  it('has a key, a metric and a value column, one row per figure, in the response order', () => {
    expect(keysOf(table)).toEqual(['metric', 'value', 'key']);
    expect(table.rows.map((row) => row[METRIC_COLUMNS.key])).toEqual(
      Object.keys(totals).map((key) => `totals.${key}`),
    );
    expect(table.rows.map((row) => row[METRIC_COLUMNS.value])).toEqual(Object.values(totals));
    expect(table.meta.currency).toBe('USD');
  });

  it('gives each row its own format, and the value column the format most rows share', () => {
    const money = { kind: 'money', currency: 'USD' };
    const expected = Object.keys(totals).map((key) =>
      ['units_sold', 'kenp_pages', 'free_units'].includes(key) ? { kind: 'integer' } : money,
    );
    expect(table.rowFormats).toEqual(expected);
    expect(table.columns[METRIC_COLUMNS.value]?.format).toEqual(money);
  });

  it('finds a figure by key, by label or by the last part of its key', () => {
    for (const field of ['net_profit', 'Net profit', 'NET PROFIT', 'totals.net_profit', 'netProfit']) {
      expect(findFigure(table, field), field).toBe(totals.net_profit);
    }
    expect(findFigure(table, 'KENP pages')).toBe(totals.kenp_pages);
    expect(findFigure(table, 'nothing')).toBeUndefined();
  });
});

describe('the account', () => {
  const account = demoAccount();
  const table = toReportTable(account, 'account');

  it('has one row per platform, with the platform fields as columns', () => {
    expect(table.rows.length).toBe(Array.isArray(account.platforms) ? account.platforms.length : -1);
    expect(keysOf(table)).toEqual([
      'platform_id',
      'name',
      'connected',
      'last_sync_at',
      'sync_status',
      'covered_through',
    ]);
    expect(table.columns.map((c) => c.format.kind)).toEqual([
      'text',
      'text',
      'boolean',
      'datetime',
      'text',
      'date',
    ]);
    expect(table.meta).toEqual({ period: null, currency: null, truncated: false });
  });

  it("lists the account's own fields as Metric/Value rows", () => {
    const facts = accountFacts(account);
    expect(facts.layout).toBe('metric-value');
    expect(facts.rows.map((row) => row[METRIC_COLUMNS.key])).toEqual([
      'reporting_currency',
      'is_demo',
      'subscription.status',
      'api_key.name',
      'api_key.start',
      'api_key.scopes',
      'api_key.created_at',
      'api_key.last_used_at',
      'connected_app',
    ]);
    expect(findFigure(facts, 'reporting_currency')).toBe('USD');
    expect(findFigure(facts, 'is_demo')).toBe(true);
    expect(findFigure(facts, 'API key scopes')).toBe('read');
    expect(findFigure(facts, 'api_key.last_used_at')).toBeNull();
    const created = findFigure(facts, 'api_key.created_at');
    expect(created instanceof Date ? created.getTime() : created).toBe(Date.UTC(2026, 0, 2, 3, 4, 5));
  });

  it('finds the same fields on the platform table', () => {
    expect(findFigure(table, 'subscription.status')).toBe('active');
    expect(findFigure(table, 'api_key.name')).toBe('Royalties for Sheets');
  });
});

describe('findColumn and findFigure on ordinary tables', () => {
  const rows = [{ book_id: 'b1', net_profit: 3, read_through_from_previous: 0.5 }];
  const table: ReportTable = toReportTable({ ...ENVELOPE, rows, total: 9 }, 'books-report');

  it('matches key or label ignoring case, spaces, underscores and hyphens', () => {
    const j = keysOf(table).indexOf('net_profit');
    for (const field of ['net_profit', 'Net profit', 'NETPROFIT', ' net profit ', 'net-profit']) {
      expect(findColumn(table, field), field).toBe(j);
    }
    expect(findColumn(table, 'Read through from previous')).toBe(
      keysOf(table).indexOf('read_through_from_previous'),
    );
    expect(findColumn(table, 'nope')).toBe(-1);
    expect(findColumn(table, '')).toBe(-1);
  });

  it('prefers an exact key over another column whose label reads the same', () => {
    const tricky = toReportTable([{ a: { name: 1 }, name: 2 }], 'books-report');
    expect(tricky.columns[findColumn(tricky, 'name')]?.key).toBe('name');
  });

  it("returns a one-row table's cell, and otherwise a figure beside the rows", () => {
    expect(findFigure(table, 'net profit')).toBe(3);
    expect(findFigure(table, 'total')).toBe(9);
    const two = toReportTable({ ...ENVELOPE, rows: [...rows, ...rows] }, 'books-report');
    expect(findFigure(two, 'net_profit')).toBeUndefined();
  });
});

describe('moneyDecimals', () => {
  it('is 0 for currencies without minor units and 2 for most others', () => {
    expect(['JPY', 'KRW', 'jpy', 'VND', 'ISK', 'CLP'].map(moneyDecimals)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'INR', 'BRL', 'MXN', 'XYZ'].map(moneyDecimals)).toEqual(
      Array(9).fill(2),
    );
    expect(moneyDecimals('KWD')).toBe(3);
  });
});
