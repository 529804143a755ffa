// Finding the rows: the endpoint's usual list, then the common names, then the largest list of objects,
// else the object itself (one row) or, for the summary, one figure per row. The envelope is never a column.
import { describe, expect, it } from 'vitest';
import { findFigure, METRIC_COLUMNS, toReportTable } from '../../../src/core/report/index.ts';
import { ENVELOPE } from '../../support/demo-shapes.ts';
import { columnOf, keysOf } from './support.ts';

const a = [{ x: 1 }, { x: 2 }];
const b = [{ x: 10 }, { x: 20 }, { x: 30 }];

describe('the list of rows', () => {
  it('takes the known names before any other list, in the order rows, points, books, series, data, items, results', () => {
    const names = ['rows', 'points', 'books', 'series', 'data', 'items', 'results'];
    names.forEach((name, i) => {
      // The known name holds two rows; a bigger list under an unknown name and every later known name lose.
      const response: Record<string, unknown> = { ...ENVELOPE, other: b };
      for (const later of names.slice(i + 1)) response[later] = b;
      response[name] = a;
      expect(columnOf(toReportTable(response, 'books-report'), 'x'), name).toEqual(a.map((r) => r.x));
    });
  });

  it("prefers the endpoint's own list name (platforms for the account, points for the timeline)", () => {
    expect(columnOf(toReportTable({ rows: b, platforms: a }, 'account'), 'x')).toEqual([1, 2]);
    expect(columnOf(toReportTable({ ...ENVELOPE, rows: b, points: a }, 'timeline'), 'x')).toEqual([1, 2]);
  });

  it('falls back to the largest list of objects, keeping the smaller one beside it, its numbers as numbers', () => {
    const table = toReportTable({ ...ENVELOPE, small: a, large: b }, 'books-report');
    expect(columnOf(table, 'x')).toEqual(b.map((r) => r.x));
    expect(findFigure(table, 'small.1.x')).toBe(1);
    expect(findFigure(table, 'small.2.x')).toBe(2);
    expect(table.facts?.map((f) => f.label)).toEqual(['Small 1 x', 'Small 2 x']);
  });

  it('looks into nested objects (kenp.points) and keeps the siblings as facts', () => {
    const table = toReportTable({ ...ENVELOPE, kenp: { pages_read: 30, points: b } }, 'kenp');
    expect(columnOf(table, 'x')).toEqual([10, 20, 30]);
    expect(findFigure(table, 'pages_read')).toBe(30);
  });

  it('reads an empty known list as an empty report, not as a missing one', () => {
    const table = toReportTable({ ...ENVELOPE, total: 0, rows: [] }, 'free-units');
    expect(table.rows).toEqual([]);
    expect(findFigure(table, 'total')).toBe(0);
  });

  it('reads a top-level array, with an empty envelope', () => {
    const table = toReportTable(b, 'books-report');
    expect(columnOf(table, 'x')).toEqual([10, 20, 30]);
    expect(table.meta).toEqual({ period: null, currency: null, truncated: false });
  });

  it('makes a list of plain values one `value` column', () => {
    const values = [3, 'four', null, true];
    expect(columnOf(toReportTable(values, 'timeline'), 'value')).toEqual(['3', 'four', null, 'true']);
  });

  it('reads an object with no list as one row', () => {
    const table = toReportTable({ ...ENVELOPE, kenp: { pages_read: 12, estimated_royalties: 0.5 } }, 'kenp');
    expect(table.rows.length).toBe(1);
    expect(keysOf(table)).toEqual(['kenp.pages_read', 'kenp.estimated_royalties']);
  });

  it('gives an envelope with nothing else an empty table', () => {
    const table = toReportTable({ ...ENVELOPE }, 'books-report');
    expect(table.columns).toEqual([]);
    expect(table.rows).toEqual([]);
  });
});

describe('the summary', () => {
  it('lays figures out one per row when it has no list', () => {
    const table = toReportTable({ ...ENVELOPE, totals: { royalties: 5, units_sold: 2 } }, 'summary');
    expect(table.layout).toBe('metric-value');
    expect(table.rows.map((row) => row[METRIC_COLUMNS.key])).toEqual([
      'totals.royalties',
      'totals.units_sold',
    ]);
  });

  it('reads a one-element list as the figures too', () => {
    const table = toReportTable({ ...ENVELOPE, data: [{ royalties: 5 }] }, 'summary');
    expect(table.layout).toBe('metric-value');
    expect(findFigure(table, 'royalties')).toBe(5);
  });

  it('keeps a real list (two rows or more) as rows', () => {
    const table = toReportTable({ ...ENVELOPE, data: b }, 'summary');
    expect(table.layout).toBe('rows');
    expect(columnOf(table, 'x')).toEqual([10, 20, 30]);
  });
});

describe('the envelope', () => {
  it('reads period, currency and meta.truncated by name and never makes them columns or figures', () => {
    const period = { start: '2026-01-01', end: '2026-01-31', extra: { anything: [1] } };
    const response = { period, currency: 'eur', meta: { truncated: true, other: 1 }, rows: a };
    const table = toReportTable(response, 'books-report');
    expect(table.meta).toEqual({ period, currency: 'EUR', truncated: true });
    expect(keysOf(table)).toEqual(['x']);
    expect(table.facts).toEqual([]);
    const { rows: _rows, ...envelope } = response;
    const summary = toReportTable({ ...envelope, totals: { royalties: 1 } }, 'summary');
    expect(summary.rows.map((row) => row[METRIC_COLUMNS.key])).toEqual(['totals.royalties']);
  });

  it('counts as truncated only a meta.truncated that is exactly true', () => {
    for (const truncated of ['true', 1, null, false, undefined]) {
      expect(toReportTable({ meta: { truncated }, rows: a }, 'books-report').meta.truncated).toBe(false);
    }
    expect(toReportTable({ meta: 'truncated', rows: a }, 'books-report').meta.truncated).toBe(false);
  });

  it('ignores a period or currency of the wrong type', () => {
    const meta = toReportTable({ period: 'last_30_days', currency: 7, rows: a }, 'books-report').meta;
    expect(meta).toEqual({ period: null, currency: null, truncated: false });
  });
});
