// Figures written as an app displays them: read as numbers when nothing is guessed (the response's own
// currency, the decimal mark decided from the whole column or table), else kept as sent and named in the
// table's meta so the banners say sums will miss them.
import { describe, expect, it } from 'vitest';
import { toReportTable } from '../../../src/core/report/index.ts';
import { ENVELOPE } from '../../support/demo-shapes.ts';
import { columnOf, formatOf } from './support.ts';

function table(rows: Record<string, unknown>[], currency: string | null = 'EUR') {
  return toReportTable({ ...ENVELOPE, currency, rows }, 'books-report');
}

describe('figures written as text', () => {
  it('reads money with a decimal point or a decimal comma, signs and parentheses', () => {
    const en = table([
      { royalties: '€1,234.56' },
      { royalties: '(12.30)' },
      { royalties: '-€5.00' },
      { royalties: 'EUR 12.30' },
    ]);
    expect(columnOf(en, 'royalties')).toEqual([1234.56, -12.3, -5, 12.3]);
    expect(formatOf(en, 'royalties')).toEqual({ kind: 'money', currency: 'EUR' });
    expect(en.meta.textFigures).toBeUndefined();
    const de = table([{ royalties: '1.234,56 €' }, { royalties: '12,30 €' }, { royalties: '1.234 €' }]);
    expect(columnOf(de, 'royalties')).toEqual([1234.56, 12.3, 1234]);
  });

  it('reads a percent as a fraction shown as a percent', () => {
    const t = table([{ read_through: '12.5%' }, { read_through: '3.3%' }]);
    expect(columnOf(t, 'read_through')).toEqual([0.125, 0.033]);
    expect(formatOf(t, 'read_through')).toEqual({ kind: 'percent' });
  });

  it('decides an ambiguous column from the table, never from one value', () => {
    const decided = table([
      { royalties: '€1,234.56', kenp_pages_read: '12,345' },
      { royalties: '€2.00', kenp_pages_read: '1,200' },
    ]);
    expect(columnOf(decided, 'kenp_pages_read')).toEqual([12345, 1200]);
    const alone = table([{ kenp_pages_read: '12,345' }, { kenp_pages_read: '1,200' }]);
    expect(columnOf(alone, 'kenp_pages_read')).toEqual(['12,345', '1,200']);
    expect(formatOf(alone, 'kenp_pages_read')).toEqual({ kind: 'text' });
    expect(alone.meta.textFigures).toEqual(['KENP pages read']);
  });

  it('keeps text in another currency than the response’s, and says so', () => {
    const t = table([{ royalties: '$12.30' }, { royalties: '$4.00' }]);
    expect(columnOf(t, 'royalties')).toEqual(['$12.30', '$4.00']);
    expect(t.meta.textFigures).toEqual(['Royalties']);
  });

  it('reads a summary’s totals written for people', () => {
    const summary = toReportTable(
      { ...ENVELOPE, currency: 'EUR', totals: { royalties: '8.412,10 €', units_sold: '1,204' } },
      'summary',
    );
    const values = Object.fromEntries(summary.rows.map((row) => [row[2], row[1]]));
    expect(values['totals.royalties']).toBe(8412.1);
    // One value alone: "1,204" could be either.
    expect(values['totals.units_sold']).toBe('1,204');
    expect(summary.meta.textFigures).toEqual(['Units sold']);
  });

  it('leaves words and identifiers alone', () => {
    const t = table([{ title: 'EUR 2 deals', asin: 'B0012,345' }]);
    expect(columnOf(t, 'title')).toEqual(['EUR 2 deals']);
    expect(t.meta.textFigures).toBeUndefined();
  });
});
