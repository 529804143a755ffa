// The figure catalogue (src/core/figures): each measure found by any of its usual spellings, in a table of
// rows, a Metric/Value table or a figure beside the rows; a measure the response does not send is missing.
import { describe, expect, it } from 'vitest';
import {
  MEASURE_NAMES,
  MEASURES,
  type Measure,
  measureColumn,
  measureFigure,
  measureNamed,
  measureOfKey,
  measureValues,
} from '../../../src/core/figures/index.ts';
import { toReportTable } from '../../../src/core/report/index.ts';
import { demoResponse } from '../../support/demo-shapes.ts';

const ENVELOPE = { period: { range: 'last_30_days' }, currency: 'USD', meta: { truncated: false } };

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

describe('a measure’s key', () => {
  it.each(MEASURE_NAMES)(
    '%s is found by every spelling, snake_case or camelCase, bare or grouped',
    (measure) => {
      for (const spelling of MEASURES[measure].spellings) {
        for (const key of [
          spelling,
          camel(spelling),
          `totals.${spelling}`,
          `metrics.${camel(spelling)}`,
          `${spelling}.amount`,
        ]) {
          expect(measureOfKey(key), key).toBe(measure);
        }
      }
    },
  );

  it('reads the parent when it names the measure’s family', () => {
    expect(measureOfKey('kenp.royalties')).toBe('kenp_royalties');
    expect(measureOfKey('sales.royalties')).toBe('sales_royalties');
    expect(measureOfKey('kenp.pages_read')).toBe('kenp_pages');
    expect(measureOfKey('KENPPagesRead')).toBe('kenp_pages');
    expect(measureOfKey('totals.royalties.value')).toBe('royalties');
    expect(measureOfKey('title')).toBeNull();
    expect(measureOfKey('book_id')).toBeNull();
  });

  it('names a measure by its name, its label or a spelling, as a formula may write it', () => {
    expect(measureNamed('net_profit')).toBe('net_profit');
    expect(measureNamed('Net profit')).toBe('net_profit');
    expect(measureNamed('netProfit')).toBe('net_profit');
    expect(measureNamed('KENP pages read')).toBe('kenp_pages');
    expect(measureNamed('estimated_royalties')).toBe('kenp_royalties');
    expect(measureNamed('title')).toBeNull();
    expect(measureNamed('')).toBeNull();
  });
});

describe('in a table', () => {
  const figures = (summary: unknown): Partial<Record<Measure, unknown>> => {
    const table = toReportTable(summary, 'summary');
    const out: Partial<Record<Measure, unknown>> = {};
    for (const measure of MEASURE_NAMES) {
      const found = measureFigure(table, measure);
      if (found.found) out[measure] = found.value;
    }
    return out;
  };

  it('gives the same figures of a summary in snake_case, camelCase, under metrics and as amount objects', () => {
    const totals = {
      royalties: 412.37,
      ad_spend: 50.1,
      net_profit: 362.27,
      units_sold: 12,
      kenp_pages: 3456,
    };
    const expected = {
      royalties: 412.37,
      ad_spend: 50.1,
      net_profit: 362.27,
      units_sold: 12,
      kenp_pages: 3456,
    };
    expect(figures({ ...ENVELOPE, totals })).toEqual(expected);
    const camelTotals = Object.fromEntries(Object.entries(totals).map(([k, v]) => [camel(k), v]));
    expect(figures({ ...ENVELOPE, metrics: camelTotals })).toEqual(expected);
    const amounts = Object.fromEntries(
      Object.entries(totals).map(([k, v]) => [
        k,
        k.includes('units') || k.includes('pages') ? v : { amount: v, currency: 'USD' },
      ]),
    );
    expect(figures({ ...ENVELOPE, summary: { metrics: amounts } })).toEqual(expected);
    expect(
      figures({ ...ENVELOPE, totalRoyalties: '412.37', adSpend: { value: '50.10', currency: 'USD' } }),
    ).toEqual({
      royalties: 412.37,
      ad_spend: 50.1,
    });
  });

  it('prefers the total to a breakdown listed beside it, in any order', () => {
    const breakdown = [
      { format: 'ebook', royalties: 5 },
      { format: 'print', royalties: 7 },
    ];
    expect(figures({ ...ENVELOPE, by_format: breakdown, totals: { royalties: 12 } }).royalties).toBe(12);
    const table = toReportTable({ ...ENVELOPE, by_format: breakdown, totals: { royalties: 12 } }, 'summary');
    expect(table.rows.map((row) => row[1])).toEqual(['ebook', 5, 'print', 7, 12]);
  });

  it('says a measure the response does not send is missing, never zero', () => {
    const table = toReportTable({ ...ENVELOPE, totals: { royalties: 1 } }, 'summary');
    expect(measureFigure(table, 'ad_spend')).toEqual({ found: false });
    expect(measureValues(table, 'royalties')).toEqual({ found: false });
  });

  it('finds the column of rows, and the figures beside them (KENP totals, a bare total of free downloads)', () => {
    const kenp = toReportTable(demoResponse('kenp'), 'kenp');
    const pages = measureValues(kenp, 'kenp_pages');
    expect(pages.found && pages.value.length).toBe(kenp.rows.length);
    const body = demoResponse('kenp') as { kenp: { pages_read: number; estimated_royalties: number } };
    expect(measureFigure(kenp, 'kenp_pages')).toMatchObject({ found: true, value: body.kenp.pages_read });
    expect(measureFigure(kenp, 'kenp_royalties')).toMatchObject({
      found: true,
      value: body.kenp.estimated_royalties,
    });
    expect(measureFigure(kenp, 'royalties')).toEqual({ found: false });

    const free = toReportTable(demoResponse('free-units'), 'free-units');
    expect(measureColumn(free, 'free_downloads')).toBeGreaterThanOrEqual(0);
    expect(measureFigure(free, 'free_downloads')).toMatchObject({
      found: true,
      value: (demoResponse('free-units') as { total: number }).total,
    });
  });

  it('never reads a measure that is a part of something else: a sub-field, a best book, refunds', () => {
    const summary = (body: object) => toReportTable({ ...ENVELOPE, ...body }, 'summary');
    // Net royalties are not net profit; the ad spend's net is not either.
    const netRoyalties = summary({ totals: { royalties: { gross: 1200, net: 1000 }, ad_spend: 300 } });
    expect(measureFigure(netRoyalties, 'net_profit')).toEqual({ found: false });
    expect(measureFigure(netRoyalties, 'royalties')).toEqual({ found: false });
    const netSpend = summary({ totals: { royalties: 1000, ad_spend: { gross: 300, net: 280 } } });
    expect(measureFigure(netSpend, 'net_profit')).toEqual({ found: false });
    const refunds = summary({ totals: { royalties: 1000, refunds: { units: 3, royalties: -20 } } });
    expect(measureFigure(refunds, 'units_sold')).toEqual({ found: false });
    expect(measureFigure(refunds, 'royalties')).toMatchObject({ found: true, value: 1000 });
    // A best book's royalties are not the period's, whether or not the total is sent.
    const best = { title: 'X', royalties: 300 };
    expect(measureFigure(summary({ totals: { ad_spend: 10 }, best_book: best }), 'royalties')).toEqual({
      found: false,
    });
    expect(
      measureFigure(summary({ totals: { royalties: 1000 }, best_book: best }), 'royalties'),
    ).toMatchObject({ found: true, value: 1000 });
    // Two such parts with the same figure are still two things, never one answer.
    expect(
      measureFigure(summary({ best_book: best, worst_book: { title: 'Y', royalties: 300 } }), 'royalties'),
    ).toEqual({ found: false, ambiguous: ['best_book.royalties', 'worst_book.royalties'] });
    // Net alone, or under a group, is still net profit.
    expect(measureFigure(summary({ totals: { net: 700 } }), 'net_profit')).toMatchObject({ value: 700 });
    expect(measureFigure(summary({ net: 700 }), 'net_profit')).toMatchObject({ value: 700 });
  });

  it('does not take a bare total for a measure when the rows carry several', () => {
    const table = toReportTable(
      { ...ENVELOPE, total: 9, rows: [{ royalties: 1, ad_spend: 2 }] },
      'books-report',
    );
    expect(measureFigure(table, 'royalties')).toMatchObject({ found: true, value: 1 });
    const two = toReportTable(
      {
        ...ENVELOPE,
        total: 9,
        rows: [
          { royalties: 1, ad_spend: 2 },
          { royalties: 3, ad_spend: 4 },
        ],
      },
      'books-report',
    );
    expect(measureFigure(two, 'royalties')).toEqual({ found: false });
  });
});
