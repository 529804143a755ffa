// The books report book by book (src/core/figures/book-rows.ts), as the alerts and the dashboard read it:
// each book named by its title, told apart by its id, its row standing in when it sends neither.
import { describe, expect, it } from 'vitest';
import { bookRows } from '../../../src/core/figures/book-rows.ts';
import { toReportTable } from '../../../src/core/report/index.ts';

const ENVELOPE = { period: { range: 'last_30_days' }, currency: 'USD', meta: { truncated: false } };

describe('bookRows', () => {
  it('gives each row its id, title, series and the figures asked for under their names, missing ones as null', () => {
    const table = toReportTable(
      {
        ...ENVELOPE,
        rows: [
          { book_id: 'B1', title: 'Ash', series_id: 'S1', royalties: 12.5, units_sold: 3 },
          { book_id: 'B2', royalties: 4 },
          { title: 'Cinder', units_sold: 1 },
          { royalties: 0 },
        ],
      },
      'books-report',
    );
    expect(bookRows(table, { royalties: 'royalties', units: 'units_sold', adSpend: 'ad_spend' })).toEqual([
      {
        bookId: 'B1',
        seriesId: 'S1',
        title: 'Ash',
        id: 'B1',
        royalties: 12.5,
        units: 3,
        adSpend: null,
      },
      {
        bookId: 'B2',
        seriesId: null,
        title: 'B2',
        id: 'B2',
        royalties: 4,
        units: null,
        adSpend: null,
      },
      {
        bookId: null,
        seriesId: null,
        title: 'Cinder',
        id: 'Cinder',
        royalties: null,
        units: 1,
        adSpend: null,
      },
      {
        bookId: null,
        seriesId: null,
        title: 'Row 4',
        id: 'Row 4',
        royalties: 0,
        units: null,
        adSpend: null,
      },
    ]);
  });
});
