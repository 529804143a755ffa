// Flattening: nested objects to dotted keys, amounts as objects to numbers, plain lists joined, one list
// of objects expanded to child rows (a series with its books in order), anything deeper as JSON text.
import { describe, expect, it } from 'vitest';
import { findFigure, toReportTable } from '../../src/core/report/index.ts';
import { ENVELOPE } from './demo-shapes.ts';
import { columnOf, formatOf, keysOf } from './helpers.ts';

describe('flattening a record', () => {
  it('turns nested objects into dotted keys', () => {
    const rows = [{ book_id: 'b1', totals: { royalties: 4.5, ads: { spend: 1.25 } } }];
    const table = toReportTable({ ...ENVELOPE, rows }, 'books-report');
    expect(keysOf(table)).toEqual(['book_id', 'totals.royalties', 'totals.ads.spend']);
    expect(table.rows[0]).toEqual(['b1', 4.5, 1.25]);
  });

  it('reads an amount object as its number, formatted as money', () => {
    const rows = [
      { royalties: { amount: 12.34, currency: 'USD' } },
      { royalties: { amount: '5.10', currency: 'USD' } },
    ];
    const table = toReportTable({ ...ENVELOPE, rows }, 'books-report');
    expect(columnOf(table, 'royalties')).toEqual([12.34, 5.1]);
    expect(formatOf(table, 'royalties')).toEqual({ kind: 'money', currency: 'USD' });
  });

  it("takes the amount's currency when the response names none, even for a field no money word names", () => {
    const table = toReportTable([{ bonus: { value: 3, currency_code: 'JPY' } }], 'books-report');
    expect(columnOf(table, 'bonus')).toEqual([3]);
    expect(formatOf(table, 'bonus')).toEqual({ kind: 'money', currency: 'JPY' });
  });

  it('keeps an object that only looks like an amount as its fields', () => {
    const table = toReportTable([{ price: { amount: 'n/a', currency: 'USD' } }], 'books-report');
    expect(keysOf(table)).toEqual(['price.amount', 'price.currency']);
  });

  it('joins a list of words with ", " and never reads the result as a date; numbers get a column each', () => {
    const rows = [{ formats: ['ebook', 'paperback'], days: ['2026-01-01'], sizes: [5, null, 6] }];
    const table = toReportTable({ ...ENVELOPE, books: rows }, 'catalog');
    expect(table.rows[0]).toEqual(['ebook, paperback', '2026-01-01', 5, null, 6]);
    // A position no row filled holds no number to format.
    expect(table.columns.map((c) => c.format.kind)).toEqual(['text', 'text', 'integer', 'text', 'integer']);
  });

  it('expands one list of objects into child rows that repeat the parent columns, in order', () => {
    const series = [
      { series_id: 's1', name: 'North', books: [1, 2, 3].map((n) => ({ book_id: `n${n}`, position: n })) },
      { series_id: 's2', name: 'Empty', books: [] },
      { series_id: 's3', name: 'South', books: [{ book_id: 'x1', position: 1 }] },
    ];
    const table = toReportTable({ ...ENVELOPE, series }, 'series');
    const expected = series.flatMap((s): (string | number | null)[][] =>
      s.books.length === 0
        ? [[s.series_id, s.name, null, null]]
        : s.books.map((b) => [s.series_id, s.name, b.book_id, b.position]),
    );
    expect(keysOf(table)).toEqual(['series_id', 'name', 'books.book_id', 'books.position']);
    expect(table.rows).toEqual(expected);
  });

  it('expands the list most records hold; other lists of objects stay JSON text', () => {
    const rows = [
      { id: 'a', books: [{ t: 1 }], notes: [{ n: 'x' }] },
      { id: 'b', books: [{ t: 2 }, { t: 3 }] },
    ];
    const table = toReportTable({ ...ENVELOPE, rows }, 'series');
    expect(columnOf(table, 'books.t')).toEqual([1, 2, 3]);
    expect(JSON.parse(String(columnOf(table, 'notes')[0]))).toEqual(rows[0]?.notes);
  });

  it('keeps lists inside child rows, and objects nested very deep, as JSON text', () => {
    const deep = { a: { b: { c: { d: { e: { f: { g: { h: 1 } } } } } } } };
    const rows = [{ id: 's', books: [{ id: 'b', editions: [{ isbn: '1' }] }], deep }];
    const table = toReportTable({ ...ENVELOPE, rows }, 'series');
    expect(JSON.parse(String(columnOf(table, 'books.editions')[0]))).toEqual([{ isbn: '1' }]);
    const deepKey = keysOf(table).find((key) => key.startsWith('deep.'));
    expect(deepKey).toBeDefined();
    const cell = columnOf(table, deepKey ?? '')[0];
    expect(typeof cell).toBe('string');
    expect(JSON.stringify(deep)).toContain(String(cell));
  });

  it('keeps both values when two fields flatten to the same key', () => {
    const table = toReportTable([{ 'a.b': 1, a: { b: 2 } }], 'books-report');
    expect(table.columns.length).toBe(2);
    expect(new Set(keysOf(table)).size).toBe(2);
    expect([...(table.rows[0] ?? [])].sort()).toEqual([1, 2]);
  });

  it('keeps an empty object or an empty list as an empty cell', () => {
    const table = toReportTable({ ...ENVELOPE, rows: [{ id: 'a', extra: {}, tags: [] }] }, 'books-report');
    expect(table.rows).toEqual([['a', null, null]]);
  });

  it('flattens the figures beside the rows the same way', () => {
    const response = { ...ENVELOPE, series: { series_id: 's1', tags: ['a', 'b'] }, rows: [{ id: 1 }] };
    const table = toReportTable(response, 'read-through');
    expect(findFigure(table, 'series.series_id')).toBe('s1');
    expect(findFigure(table, 'series.tags')).toBe('a, b');
  });
});
