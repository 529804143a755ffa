// Labels an author reads; keys kept as the API spells them.
import { describe, expect, it } from 'vitest';
import { columnLabel, figureLabel, toReportTable } from '../../../src/core/report/index.ts';
import { ENVELOPE } from '../../support/demo-shapes.ts';

describe('labels', () => {
  it.each([
    ['net_profit', 'Net profit'],
    ['totals.kenp_pages', 'KENP pages'],
    ['read_through_from_previous', 'Read-through from previous'],
    ['readThroughFromFirst', 'Read-through from first'],
    ['book_id', 'Book ID'],
    ['asin', 'ASIN'],
    ['isbn', 'ISBN'],
    ['kenpc', 'KENPC'],
    ['free_units', 'Free downloads'],
    ['units_sold', 'Units sold'],
    ['estimated_royalties', 'Estimated royalties'],
    ['last_sync_at', 'Last sync'],
    ['adSpend', 'Ad spend'],
    ['constructor', 'Constructor'],
    ['', '(blank)'],
  ])('columnLabel(%j) is %j', (key, label) => {
    expect(columnLabel(key)).toBe(label);
  });

  it.each([
    ['totals.royalties', 'Royalties'],
    ['api_key.name', 'API key name'],
    ['api_key.last_used_at', 'API key last used'],
    ['subscription.status', 'Subscription status'],
    ['books.title', 'Book title'],
    ['series.series_id', 'Series ID'],
    ['is_demo', 'Demo account'],
  ])('figureLabel(%j) is %j', (key, label) => {
    expect(figureLabel(key)).toBe(label);
  });

  it('tells columns apart when two would read the same, keeping the keys', () => {
    const rows = [{ title: 'Series', books: [{ title: 'Book' }] }];
    const table = toReportTable({ ...ENVELOPE, rows }, 'series');
    expect(table.columns.map((c) => [c.key, c.label])).toEqual([
      ['title', 'Title'],
      ['books.title', 'Book title'],
    ]);
  });

  it('falls back to the key when even the full names read the same', () => {
    const table = toReportTable([{ net_profit: 1, netProfit: 2, 'net profit': 3 }], 'books-report');
    const labels = table.columns.map((c) => c.label);
    expect(new Set(labels).size).toBe(3);
    for (const column of table.columns) expect(column.label).toContain('Net profit');
  });
});
