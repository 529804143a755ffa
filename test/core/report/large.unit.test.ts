// A large report converts whole, with every figure in place (the benchmark measures the time; this
// checks the work is all there).
import { describe, expect, it } from 'vitest';
import { toReportTable } from '../../../src/core/report/index.ts';
import { ENVELOPE, figures, type Obj } from '../../support/demo-shapes.ts';
import { columnOf } from './support.ts';

describe('100,000 rows', () => {
  it('all arrive, with their figures', () => {
    const count = 100_000;
    const rows: Obj[] = Array.from({ length: count }, (_, i) => ({
      date: `2026-${String((i % 12) + 1).padStart(2, '0')}-01`,
      book_id: `bk_${i}`,
      ...figures(i),
    }));
    const table = toReportTable({ ...ENVELOPE, rows }, 'books-report');
    expect(table.rows.length).toBe(count);
    const sum = (values: readonly unknown[]): number => values.reduce<number>((s, v) => s + Number(v), 0);
    expect(sum(columnOf(table, 'net_profit'))).toBeCloseTo(sum(rows.map((r) => r.net_profit)), 6);
    expect(columnOf(table, 'book_id')[count - 1]).toBe(`bk_${count - 1}`);
  });
});
