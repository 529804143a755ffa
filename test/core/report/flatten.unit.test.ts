// Flattening: nested objects to dotted keys, amounts as objects to numbers, plain lists joined, one list
// of objects expanded to child rows (a series with its books in order), other lists of named objects as
// breakdowns (a column per name and figure), anything else as JSON text.
import { describe, expect, it } from 'vitest';
import { measureColumn, measureFigure } from '../../../src/core/figures/index.ts';
import { formulaOutput } from '../../../src/core/formulas/output.ts';
import { findColumn, findFigure, toReportTable } from '../../../src/core/report/index.ts';
import { literalText, tabBlock } from '../../../src/core/tabs/index.ts';
import { ENVELOPE } from '../../support/demo-shapes.ts';
import { columnOf, formatOf, keysOf } from './support.ts';

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

  it('never shows a whole amount with decimals beside it as money: it may be in cents', () => {
    const rows = [
      { book_id: 'a', royalties: { amount: 123450, currency: 'USD', decimals: 2 } },
      { book_id: 'b', royalties: { amount: '500', currency: 'USD', precision: 2 } },
      { book_id: 'c', royalties: { amount: 700, exponent: 2 } },
    ];
    const table = toReportTable({ ...ENVELOPE, rows }, 'books-report');
    expect(columnOf(table, 'royalties')).toEqual([
      '123450 USD, 2 decimals: may be in cents, not read as an amount',
      '500 USD, 2 decimals: may be in cents, not read as an amount',
      '700, 2 decimals: may be in cents, not read as an amount',
    ]);
    expect(formatOf(table, 'royalties')).toEqual({ kind: 'text' });
    const summary = toReportTable(
      { ...ENVELOPE, totals: { royalties: { amount: 123450, currency: 'USD', decimals: 2 } } },
      'summary',
    );
    const found = measureFigure(summary, 'royalties');
    expect(found.found && typeof found.value).not.toBe('number');
    // A fraction, or no decimals, says which it is: money as before.
    const plain = toReportTable(
      {
        ...ENVELOPE,
        rows: [
          { royalties: { amount: 1234.5, currency: 'USD', decimals: 2 } },
          { royalties: { amount: 1234, currency: 'USD', decimals: 0 } },
          // Nothing is nothing in cents or in dollars.
          { royalties: { amount: 0, currency: 'USD', decimals: 2 } },
        ],
      },
      'books-report',
    );
    expect(columnOf(plain, 'royalties')).toEqual([1234.5, 1234, 0]);
    expect(formatOf(plain, 'royalties')).toEqual({ kind: 'money', currency: 'USD' });
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

  it('never repeats a record’s own figures on child rows: the list is a breakdown on its one row', () => {
    const rows = [
      {
        book_id: 'a',
        title: 'A',
        series_id: 's1',
        royalties: 80,
        marketplaces: [
          { marketplace: 'US', royalties: 50 },
          { marketplace: 'UK', royalties: 30 },
        ],
      },
      {
        book_id: 'b',
        title: 'B',
        series_id: 's1',
        royalties: 10,
        marketplaces: [{ marketplace: 'US', royalties: 10 }],
      },
    ];
    const table = toReportTable({ ...ENVELOPE, rows }, 'books-report');
    // Each figure the API sent is in the table once: the royalties column adds up to the books' 90.
    expect(columnOf(table, 'book_id')).toEqual(['a', 'b']);
    expect(columnOf(table, 'royalties')).toEqual([80, 10]);
    expect(columnOf(table, 'marketplaces[US].royalties')).toEqual([50, 10]);
    expect(columnOf(table, 'marketplaces[UK].royalties')).toEqual([30, null]);
    expect(measureColumn(table, 'royalties')).toBe(keysOf(table).indexOf('royalties'));
    // Entries with no name to head a column stay JSON text, still on the record's one row.
    const unnamed = toReportTable(
      {
        ...ENVELOPE,
        rows: [
          {
            book_id: 'a',
            royalties: { amount: 80, currency: 'USD' },
            parts: [{ royalties: 50 }, { royalties: 30 }],
          },
        ],
      },
      'books-report',
    );
    expect(columnOf(unnamed, 'royalties')).toEqual([80]);
    expect(JSON.parse(String(columnOf(unnamed, 'parts')[0]))).toEqual([{ royalties: 50 }, { royalties: 30 }]);
  });

  it('expands the list most records hold; another list of objects with no names stays JSON text', () => {
    const rows = [
      { id: 'a', books: [{ t: 1 }], notes: [{ n: 1 }, { n: 1 }] },
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

/** Midnight UTC: only the day matters here. */
const utcDay = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('a breakdown: a second list of objects that each name themselves', () => {
  const books = [
    {
      book_id: 'b1',
      formats: [
        { format: 'ebook', royalties: 10.5, units: 3 },
        { format: 'paperback', royalties: 4.25, units: 1 },
      ],
      by_market: [
        { currency: 'USD', marketplace: 'amazon.com', royalties: 9 },
        { currency: 'GBP', marketplace: 'amazon.co.uk', royalties: 5.75 },
      ],
    },
    {
      book_id: 'b2',
      formats: [{ format: 'ebook', royalties: 2, units: 1 }],
      by_market: [{ currency: 'USD', marketplace: 'amazon.com', royalties: 2 }],
    },
  ];

  it('gets a column per name and figure, numbers kept as numbers, a name a book lacks left missing', () => {
    const table = toReportTable({ ...ENVELOPE, rows: books }, 'books-report');
    // `formats` is the list most records hold, so it becomes child rows; `by_market` is the breakdown.
    expect(columnOf(table, 'formats.format')).toEqual(['ebook', 'paperback', 'ebook']);
    expect(columnOf(table, 'by_market[amazon.com].royalties')).toEqual([9, 9, 2]);
    expect(columnOf(table, 'by_market[amazon.co.uk].royalties')).toEqual([5.75, 5.75, null]);
    expect(columnOf(table, 'by_market[amazon.co.uk].currency')).toEqual(['GBP', 'GBP', null]);
    expect(formatOf(table, 'by_market[amazon.com].royalties')?.kind).toBe('money');
    // Named by the marketplace (an identifier), not by the currency that comes first and also differs.
    const labels = table.columns.map((c) => c.label);
    expect(labels).toContain('amazon.com royalties');
    expect(labels).toContain('amazon.co.uk royalties');
    expect(keysOf(table).length).toBeGreaterThan(0);
    expect(keysOf(table).filter((key) => key.includes('[USD]'))).toEqual([]);
  });

  it('is one part of a figure, never the figure: the total stays missing when only parts are sent', () => {
    const rows = [
      {
        book_id: 'b1',
        formats: [{ format: 'ebook', units: 2 }],
        by_market: [{ marketplace: 'US', royalties: 9, kenp_pages: 100 }],
      },
    ];
    const table = toReportTable({ ...ENVELOPE, rows }, 'books-report');
    expect(columnOf(table, 'by_market[US].royalties')).toEqual([9]);
    expect(columnOf(table, 'by_market[US].kenp_pages')).toEqual([100]);
    expect(table.columns.map((c) => c.label)).toContain('US KENP pages');
    expect(measureColumn(table, 'royalties')).toBe(-1);
    expect(measureFigure(table, 'royalties')).toEqual({ found: false });
  });

  it('keeps an entry in one column whatever the record: the naming field is chosen once for the table', () => {
    const rows = [
      {
        book_id: 'b1',
        formats: [{ format: 'ebook', units: 1 }],
        by_format: [
          { status: 'live', currency: 'USD', format: 'ebook', units: 3 },
          { status: 'live', currency: 'USD', format: 'paperback', units: 1 },
        ],
      },
      // One entry: every text field is unique here, yet `format` still names it.
      {
        book_id: 'b2',
        formats: [{ format: 'ebook', units: 7 }],
        by_format: [{ status: 'live', currency: 'USD', format: 'ebook', units: 7 }],
      },
    ];
    const table = toReportTable({ ...ENVELOPE, rows }, 'books-report');
    expect(columnOf(table, 'by_format[ebook].units')).toEqual([3, 7]);
    expect(columnOf(table, 'by_format[paperback].units')).toEqual([1, null]);
    expect(keysOf(table).length).toBeGreaterThan(0);
    expect(keysOf(table).filter((key) => key.includes('[live]') || key.includes('[USD]'))).toEqual([]);
  });

  it('is a part a formula names by its key or label, never by the figure alone', () => {
    const rows = [
      {
        book_id: 'b1',
        total_royalties: 14.75,
        formats: [{ format: 'ebook', units: 2 }],
        by_market: [
          { marketplace: 'US', royalties: 9 },
          { marketplace: 'UK', royalties: 5.75 },
        ],
      },
    ];
    const table = toReportTable({ ...ENVELOPE, rows }, 'books-report');
    expect(findColumn(table, 'royalties')).toBe(-1);
    expect(table.columns[measureColumn(table, 'royalties')]?.key).toBe('total_royalties');
    expect(formulaOutput(table, { functionName: 'T', dayToDate: utcDay, field: 'royalties' })).toEqual([
      ['Total royalties'],
      [14.75],
    ]);
    expect(columnOf(table, 'US royalties')).toEqual([9]);
    expect(columnOf(table, 'by_market[UK].royalties')).toEqual([5.75]);
  });

  it('keeps lists inside an entry or inside a child row as JSON text: breakdowns do not nest', () => {
    const rows = [
      {
        id: 's',
        books: [{ book_id: 'n1', by_market: [{ marketplace: 'DE', readers: 40 }] }],
        by_market: [{ marketplace: 'US', formats: [{ format: 'ebook', units: 2 }], units: 2 }],
      },
      { id: 't', books: [{ book_id: 'n2' }] },
    ];
    const table = toReportTable({ ...ENVELOPE, rows }, 'series');
    expect(JSON.parse(String(columnOf(table, 'books.by_market')[0]))).toEqual([
      { marketplace: 'DE', readers: 40 },
    ]);
    expect(JSON.parse(String(columnOf(table, 'by_market[US].formats')[0]))).toEqual([
      { format: 'ebook', units: 2 },
    ]);
    expect(columnOf(table, 'by_market[US].units')).toEqual([2, null]);
  });

  it('stays JSON text when an object is only its name, names repeat, a name will not do, or it needs more than 62 columns', () => {
    const onlyNames = [{ id: 'a', books: [{ t: 1 }], tags: [{ tag: 'x' }, { tag: 'y', n: 1 }] }];
    const repeated = [
      {
        id: 'a',
        books: [{ t: 1 }],
        tags: [
          { tag: 'x', n: 1 },
          { tag: 'x', n: 2 },
        ],
      },
    ];
    const wide = Array.from({ length: 32 }, (_, i) => ({ day: `d${i}`, units: i, pages: i * 10 }));
    const tooWide = [{ id: 'a', books: [{ t: 1 }], tags: wide }];
    // Names that differ only in case, or that a key cannot carry (a bracket, `@`, a bare number, a date).
    const cased = [
      {
        id: 'a',
        books: [{ t: 1 }],
        tags: [
          { tag: 'US', n: 1 },
          { tag: 'us', n: 2 },
        ],
      },
    ];
    const unfit = ['a]b', 'x@EUR', '2024', '2026-11-20'].map((tag) => [
      { id: 'a', books: [{ t: 1 }], tags: [{ tag, n: 1 }] },
    ]);
    for (const rows of [onlyNames, repeated, tooWide, cased, ...unfit]) {
      const table = toReportTable({ ...ENVELOPE, rows }, 'series');
      expect(JSON.parse(String(columnOf(table, 'tags')[0]))).toEqual(rows[0]?.tags);
      expect(keysOf(table).length).toBeGreaterThan(0);
      expect(keysOf(table).filter((key) => key.startsWith('tags['))).toEqual([]);
    }
    // 31 days of two figures fit: 62 columns.
    const fits = toReportTable(
      { ...ENVELOPE, rows: [{ id: 'a', books: [{ t: 1 }], tags: wide.slice(0, 31) }] },
      'series',
    );
    expect(keysOf(fits).filter((key) => key.startsWith('tags[')).length).toBe(62);
    expect(columnOf(fits, 'tags[d30].pages')).toEqual([300]);
    // The limit is the table's: 40 books with two payments each would need 80 columns.
    const payments = Array.from({ length: 40 }, (_, i) => ({
      id: `b${i}`,
      books: [{ t: 1 }],
      tags: [
        { payment_id: `p${i}a`, amount_usd: 1 },
        { payment_id: `p${i}b`, amount_usd: 2 },
      ],
    }));
    const many = toReportTable({ ...ENVELOPE, rows: payments }, 'series');
    expect(keysOf(many).length).toBeGreaterThan(0);
    expect(keysOf(many).filter((key) => key.startsWith('tags['))).toEqual([]);
    expect(JSON.parse(String(columnOf(many, 'tags')[0]))).toEqual(payments[0]?.tags);
  });

  it('lands a name that looks like a formula in its header as text', () => {
    const rows = [{ id: 'a', books: [{ t: 1 }], by_market: [{ marketplace: '=IMPORTXML("x")', units: 2 }] }];
    const table = toReportTable({ ...ENVELOPE, rows }, 'series');
    const block = tabBlock(table, { text: 'Banner', tone: 'normal' }, 0);
    const header = block.values[1] ?? [];
    expect(header).toContain(literalText('=IMPORTXML("x") units'));
    expect(header.filter((cell) => typeof cell === 'string' && cell.startsWith('='))).toEqual([]);
  });
});
