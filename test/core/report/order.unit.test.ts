// Column order: identifiers, title or name, date, then the response's order. With the previous layout (as
// the sheet writer applies it to the report table), known columns keep their positions (vanished ones
// stay, empty) and new ones are appended.
import { describe, expect, it } from 'vitest';
import { columnLabel, type ReportTable, toReportTable } from '../../../src/core/report/index.ts';
import { arrangeColumns } from '../../../src/core/tabs/index.ts';
import { ENVELOPE } from '../../support/demo-shapes.ts';
import { columnOf, keysOf } from './support.ts';

const row = {
  royalties: 1,
  date: '2026-01-02',
  note: 'x',
  title: 'T',
  book_id: 'b',
  units_sold: 2,
  asin: 'A',
};

function withLayout(table: ReportTable, previousLayout: readonly string[]): ReportTable {
  return arrangeColumns(table, previousLayout, columnLabel);
}

describe('column order', () => {
  it('puts identifiers, then the title, then the date first, then follows the response', () => {
    const table = toReportTable({ ...ENVELOPE, rows: [row] }, 'books-report');
    expect(keysOf(table)).toEqual(['book_id', 'asin', 'title', 'date', 'royalties', 'note', 'units_sold']);
  });

  it('keeps the columns of the previous layout where they were and appends new ones', () => {
    const first = toReportTable({ ...ENVELOPE, rows: [row] }, 'books-report');
    const previousLayout = keysOf(first);
    const { note: _gone, ...rest } = row;
    const next = { ...rest, ad_spend: 0.5, book_id: 'c' };
    const table = withLayout(toReportTable({ ...ENVELOPE, rows: [next] }, 'books-report'), previousLayout);
    expect(keysOf(table).slice(0, previousLayout.length)).toEqual(previousLayout);
    expect(keysOf(table).slice(previousLayout.length)).toEqual(['ad_spend']);
    // The vanished column is still there, empty, so a formula pointing at the next column still works.
    expect(columnOf(table, 'note')).toEqual([null]);
    expect(columnOf(table, 'book_id')).toEqual(['c']);
    expect(columnOf(table, 'ad_spend')).toEqual([0.5]);
  });

  it('keeps the layout of an empty report', () => {
    const table = withLayout(toReportTable({ ...ENVELOPE, rows: [] }, 'books-report'), [
      'book_id',
      'royalties',
    ]);
    expect(keysOf(table)).toEqual(['book_id', 'royalties']);
    expect(table.rows).toEqual([]);
  });

  it('ignores repeated keys in the previous layout', () => {
    const table = withLayout(toReportTable([{ a: 1, b: 2 }], 'books-report'), ['b', 'b', 'a', 'b']);
    expect(keysOf(table)).toEqual(['b', 'a']);
  });
});
