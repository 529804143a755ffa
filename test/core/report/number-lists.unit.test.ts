// A list of numbers inside a record, or beside the rows, reaches the author as numbers: one column each.
import { describe, expect, it } from 'vitest';
import { findFigure, toReportTable } from '../../../src/core/report/index.ts';
import { ENVELOPE } from '../../support/demo-shapes.ts';
import { columnOf, keysOf } from './support.ts';

describe('lists of numbers', () => {
  it('become one numeric column per position in the rows, blank where a row’s list is shorter', () => {
    const rows = [
      { book_id: 'b1', daily_units: [1, 2, 3] },
      { book_id: 'b2', daily_units: [4, null] },
    ];
    const table = toReportTable({ ...ENVELOPE, rows }, 'books-report');
    expect(keysOf(table)).toEqual(['book_id', 'daily_units.1', 'daily_units.2', 'daily_units.3']);
    expect(columnOf(table, 'daily_units.1')).toEqual([1, 4]);
    expect(columnOf(table, 'daily_units.2')).toEqual([2, null]);
    expect(columnOf(table, 'daily_units.3')).toEqual([3, null]);
    expect(table.columns.map((c) => c.label)).toEqual([
      'Book ID',
      'Daily units 1',
      'Daily units 2',
      'Daily units 3',
    ]);
  });

  it('reads each number as what the list holds: money, a fraction; a list of ids stays one text', () => {
    const rows = [
      {
        book_id: 'b1',
        daily_royalties: [1.5, 2],
        read_through: [0.5, 0.25],
        related_book_ids: [1234567, 42],
      },
    ];
    const table = toReportTable({ ...ENVELOPE, rows }, 'books-report');
    const format = (key: string) => table.columns.find((c) => c.key === key)?.format;
    expect(format('daily_royalties.1')).toEqual({ kind: 'money', currency: 'USD' });
    expect(format('daily_royalties.2')).toEqual({ kind: 'money', currency: 'USD' });
    expect(format('read_through.1')).toEqual({ kind: 'percent' });
    expect(columnOf(table, 'related_book_ids')).toEqual(['1234567, 42']);
  });

  it('beside the rows, each number is a figure of its own', () => {
    const table = toReportTable({ ...ENVELOPE, rows: [{ id: 1 }], weekly_pages: [10, 20.5] }, 'kenp');
    expect(findFigure(table, 'weekly_pages.1')).toBe(10);
    expect(findFigure(table, 'weekly_pages.2')).toBe(20.5);
    expect(table.facts?.map((f) => f.label)).toEqual(['Weekly pages 1', 'Weekly pages 2']);
  });

  it('a list of words, a mixed list or a very long list stays one text cell', () => {
    const long = Array.from({ length: 100 }, (_, i) => i);
    const table = toReportTable(
      { ...ENVELOPE, rows: [{ id: 'a', tags: ['x', 'y'], mixed: [1, 'two'], long }] },
      'books-report',
    );
    expect(columnOf(table, 'tags')).toEqual(['x, y']);
    expect(columnOf(table, 'mixed')).toEqual(['1, two']);
    expect(columnOf(table, 'long')).toEqual([long.join(', ')]);
  });
});
