// Rows in several currencies: said, labelled, never added across.
import { describe, expect, it } from 'vitest';
import { currencyColumnOf, toReportTable } from '../../../src/core/report/index.ts';

const ENVELOPE = { currency: 'USD', meta: { truncated: false } };

describe('several currencies', () => {
  it('reads totals keyed by currency code as rows with a currency column', () => {
    const table = toReportTable(
      { ...ENVELOPE, totals: { USD: { royalties: 10.5 }, EUR: { royalties: 4.25 } } },
      'summary',
    );
    expect(table.meta.currencies).toEqual(['USD', 'EUR']);
    expect(table.columns.map((c) => [c.key, c.format.kind])).toEqual([
      ['currency', 'text'],
      ['royalties', 'decimal'],
    ]);
    expect(currencyColumnOf(table, 1)).toBe(0);
  });

  it('finds a summary’s list of totals, one per currency, whatever its name', () => {
    const table = toReportTable(
      {
        ...ENVELOPE,
        Figures: [
          { Currency: 'USD', Royalties: 1 },
          { Currency: 'GBP', Royalties: 2 },
        ],
      },
      'summary',
    );
    expect(table.layout).toBe('rows');
    expect(table.meta.currencies).toEqual(['USD', 'GBP']);
  });

  it('leaves a table of one currency as it was', () => {
    const table = toReportTable(
      {
        ...ENVELOPE,
        rows: [
          { currency: 'USD', royalties: 1 },
          { currency: 'USD', royalties: 2 },
        ],
      },
      'books-report',
    );
    expect(table.meta.currencies).toBeUndefined();
    expect(table.columns.find((c) => c.key === 'royalties')!.format).toEqual({
      kind: 'money',
      currency: 'USD',
    });
  });
});
