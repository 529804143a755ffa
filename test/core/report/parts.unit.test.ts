// A figure in parts beside its total: the total is the figure itself, the parts keep its name.
import { describe, expect, it } from 'vitest';
import { measureValues } from '../../../src/core/figures/index.ts';
import { toReportTable } from '../../../src/core/report/index.ts';
import { ENVELOPE } from '../../support/demo-shapes.ts';

describe('a figure in parts', () => {
  it('gives a plain column of the total and parts that keep the figure’s name', () => {
    const table = toReportTable(
      {
        ...ENVELOPE,
        rows: [
          { title: 'A', royalties: { total: 10.5, ebook: 6, print: 4, kenp: 0.5 } },
          { title: 'B', royalties: { total: 2, ebook: 2, print: 0, kenp: 0 } },
        ],
      },
      'books-report',
    );
    expect(table.columns.map((c) => c.label)).toEqual([
      'Title',
      'Royalties',
      'Royalties ebook',
      'Royalties print',
      'Royalties KENP',
    ]);
    expect(table.columns[1]!.key).toBe('royalties');
    const royalties = measureValues(table, 'royalties');
    expect(royalties.found && royalties.value).toEqual([10.5, 2]);
  });

  it('names the parts of a summary’s figure too, and leaves a group of figures alone', () => {
    const summary = toReportTable(
      { ...ENVELOPE, totals: { royalties: { sum: 12.5, ebook: 8, print: 4.5 }, units_sold: 9, total: 3 } },
      'summary',
    );
    const labels = Object.fromEntries(summary.rows.map((row) => [row[2], row[0]]));
    expect(labels).toEqual({
      'totals.royalties': 'Royalties',
      'totals.royalties.ebook': 'Royalties ebook',
      'totals.royalties.print': 'Royalties print',
      'totals.units_sold': 'Units sold',
      'totals.total': 'Total',
    });
  });

  it('keeps a rating with its precision as it was', () => {
    const table = toReportTable(
      { ...ENVELOPE, rows: [{ rating: { value: 4, precision: 1 } }] },
      'books-report',
    );
    expect(table.columns.map((c) => c.key)).toEqual(['rating.value', 'rating.precision']);
  });
});
