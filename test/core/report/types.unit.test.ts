// Cell types and format hints: numbers stay numbers, days and months become calendar dates, timestamps
// become instants, identifiers stay text, and a cell that does not fit its column's format stays text.
import { describe, expect, it } from 'vitest';
import { type CellValue, toReportTable } from '../../../src/core/report/index.ts';
import { ENVELOPE } from '../../support/demo-shapes.ts';
import { columnOf, day, formatOf } from './support.ts';

function single(field: string, values: readonly unknown[], currency: string | null = 'USD'): CellValue[] {
  return columnOf(
    toReportTable({ ...ENVELOPE, currency, rows: values.map((v) => ({ [field]: v })) }, 'books-report'),
    field,
  );
}
function formatFor(field: string, values: readonly unknown[], currency: string | null = 'USD') {
  return formatOf(
    toReportTable({ ...ENVELOPE, currency, rows: values.map((v) => ({ [field]: v })) }, 'books-report'),
    field,
  );
}

describe('cell types', () => {
  it('keeps numbers as numbers and null as an empty cell', () => {
    expect(single('units_sold', [3, null, 0])).toEqual([3, null, 0]);
  });

  it('reads YYYY-MM-DD as a calendar day and YYYY-MM as a month', () => {
    expect(single('date', ['2026-11-20', '2024-02-29'])).toEqual([day('2026-11-20'), day('2024-02-29')]);
    expect(formatFor('date', ['2026-11-20'])).toEqual({ kind: 'date' });
    expect(single('month', ['2026-01', '2026-12'])).toEqual([day('2026-01'), day('2026-12')]);
    expect(formatFor('month', ['2026-01'])).toEqual({ kind: 'month' });
  });

  it('reads ISO timestamps with a zone as instants', () => {
    const stamps = ['2026-11-20T04:12:33.120Z', '2026-11-20T06:12:33+02:00', '2026-11-19T23:12:33.120-05:00'];
    const cells = single('last_sync_at', stamps);
    expect(cells.map((c) => (c instanceof Date ? c.toISOString() : c))).toEqual([
      new Date(Date.UTC(2026, 10, 20, 4, 12, 33, 120)).toISOString(),
      new Date(Date.UTC(2026, 10, 20, 4, 12, 33, 0)).toISOString(),
      new Date(Date.UTC(2026, 10, 20, 4, 12, 33, 120)).toISOString(),
    ]);
    expect(formatFor('last_sync_at', stamps)).toEqual({ kind: 'datetime' });
  });

  it('keeps impossible dates and timestamps without a zone as the exact text', () => {
    const texts = ['2026-02-30', '2026-13', '2026-11-20T04:12:33', '2026-11-20T25:00:00Z'];
    expect(single('note', texts)).toEqual(texts);
    expect(formatFor('note', texts)).toEqual({ kind: 'text' });
  });

  it('keeps identifiers as text, even when they look like numbers or dates', () => {
    expect(single('isbn', ['0123456789', 9781234567897])).toEqual(['0123456789', '9781234567897']);
    expect(single('book_id', [12, '2026-01-01'])).toEqual(['12', '2026-01-01']);
    for (const field of ['asin', 'sku', 'marketplace', 'country', 'series_id', 'id']) {
      expect(formatFor(field, ['0001']), field).toEqual({ kind: 'text' });
    }
  });

  it('keeps booleans as booleans', () => {
    expect(single('connected', [true, false])).toEqual([true, false]);
    expect(formatFor('connected', [true])).toEqual({ kind: 'boolean' });
  });

  it("decides a column's format by most of its values and keeps the odd cell as text", () => {
    expect(single('royalties', [1.5, 'n/a', 2])).toEqual([1.5, 'n/a', 2]);
    expect(single('date', ['2026-01-01', '2026-01-02', 5])).toEqual([
      day('2026-01-01'),
      day('2026-01-02'),
      '5',
    ]);
    // A tie forces nothing: everything is text.
    expect(single('value', [1, 'one'])).toEqual(['1', 'one']);
  });

  it('reads numbers sent as text as numbers whatever the figure is called, but not a title, an id or a mix', () => {
    // Names no word list knows: the values alone make them figures.
    expect(single('kenp_reads', ['12', '30', null])).toEqual([12, 30, null]);
    expect(single('margin', ['3.50', '-0.25'])).toEqual([3.5, -0.25]);
    expect(formatFor('margin', ['3.50'])).toEqual({ kind: 'decimal' });
    // A number beside the rows, and a named figure with no currency.
    const beside = toReportTable({ ...ENVELOPE, rows: [{ book_id: 'b1' }], borrowed: '4' }, 'books-report');
    expect(beside.facts?.find((f) => f.key === 'borrowed')?.value).toBe(4);
    const named = toReportTable({ ...ENVELOPE, figures: [{ label: 'Gross', amount: '10.5' }] }, 'summary');
    expect(named.rows.flat()).toContain(10.5);
    expect(named.rows.flat()).not.toContain('10.5');
    // The exact text stays where the name or the other values say it is not a figure.
    expect(single('title', ['1984', '2001'])).toEqual(['1984', '2001']);
    // A week code or a quarter is an identifier, an imprint or a publisher a name: "202405" is not 202,405.
    expect(single('week', ['202405', '202406'])).toEqual(['202405', '202406']);
    expect(single('imprint', ['1984', '1984'])).toEqual(['1984', '1984']);
    for (const field of [
      'book_title',
      'series_name',
      'year',
      'version',
      'ean13',
      'order_number',
      'quarter',
      'publisher',
    ])
      expect(single(field, ['1984', '1.10']), field).toEqual(['1984', '1.10']);
    expect(single('isbn', ['9781234567897'])).toEqual(['9781234567897']);
    expect(single('edition_note', ['12', 'second'])).toEqual(['12', 'second']);
    expect(single('batch', ['007', '12'])).toEqual(['007', '12']);
  });

  it('never changes a string from the API', () => {
    const texts = ['=SUM(A1)', '+1', '007', ' 12 ', '1e5', 'TRUE'];
    expect(single('note', texts)).toEqual(texts);
  });
});

describe('format hints', () => {
  it('formats money by name in the response currency', () => {
    for (const field of [
      'royalties',
      'ad_spend',
      'net_profit',
      'estimated_royalties',
      'price',
      'totalRevenue',
    ]) {
      expect(formatFor(field, [1.5], 'JPY'), field).toEqual({ kind: 'money', currency: 'JPY' });
    }
  });

  it('keeps an amount in another currency than its column as the amount and its code, never as the column’s money', () => {
    const table = toReportTable(
      { ...ENVELOPE, rows: [{ royalties: { amount: 12.5, currency: 'EUR' } }] },
      'books-report',
    );
    expect(columnOf(table, 'royalties')).toEqual(['12.5 EUR']);
  });

  it('gives amounts of several currencies their currency beside them, as plain decimals', () => {
    const table = toReportTable(
      {
        ...ENVELOPE,
        rows: [
          { royalties: { amount: 12.5, currency: 'USD' } },
          { royalties: { amount: 15000, currency: 'JPY' } },
        ],
      },
      'books-report',
    );
    expect(columnOf(table, 'royalties')).toEqual([12.5, 15000]);
    expect(columnOf(table, 'royalties.currency')).toEqual(['USD', 'JPY']);
    expect(formatOf(table, 'royalties')).toEqual({ kind: 'decimal' });
    expect(table.meta.currencies).toEqual(['USD', 'JPY']);
    expect(formatFor('royalties', [{ amount: 12.5, currency: 'usd' }])).toEqual({
      kind: 'money',
      currency: 'USD',
    });
    expect(single('royalties', [{ amount: 12.5, currency: 'usd' }])).toEqual([12.5]);
  });

  it('formats money without a known currency as a plain decimal', () => {
    expect(formatFor('royalties', [1.5], null)).toEqual({ kind: 'decimal' });
  });

  it('formats counts as integers, and as decimals when a value has a fraction', () => {
    for (const field of [
      'units_sold',
      'kenp_pages',
      'pages_read',
      'free_units',
      'readers',
      'position',
      'kenpc',
    ]) {
      expect(formatFor(field, [3, 4]), field).toEqual({ kind: 'integer' });
    }
    expect(formatFor('readers', [3, 4.5])).toEqual({ kind: 'decimal' });
  });

  it('formats rates as percent on either scale, but not numbers that fit neither', () => {
    expect(formatFor('read_through_from_previous', [0.65, 1, 0])).toEqual({ kind: 'percent' });
    expect(formatFor('conversion_rate', [0.1])).toEqual({ kind: 'percent' });
    expect(formatFor('market_share', [45.5])).toEqual({ kind: 'percent' });
    expect(formatFor('market_share', [45.5, 250])).toEqual({ kind: 'decimal' });
  });

  it('formats other numbers by their values', () => {
    expect(formatFor('score', [1, 2])).toEqual({ kind: 'integer' });
    expect(formatFor('score', [1.5])).toEqual({ kind: 'decimal' });
  });
});
