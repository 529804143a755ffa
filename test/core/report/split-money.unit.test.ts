// Money in two parts joined to the cent, or said, never two columns neither of which is the figure.
import { describe, expect, it } from 'vitest';
import { toReportTable } from '../../../src/core/report/index.ts';

const ENVELOPE = { currency: 'USD', meta: { truncated: false } };

function royalties(rows: unknown[], currency = 'USD'): unknown[] {
  const table = toReportTable({ ...ENVELOPE, currency, rows }, 'books-report');
  const at = table.columns.findIndex((column) => column.key === 'royalties');
  expect(at, table.columns.map((c) => c.key).join(', ')).toBeGreaterThanOrEqual(0);
  return table.rows.map((row) => row[at]);
}

describe('split money', () => {
  it('joins Money objects exactly, a part left out read as zero', () => {
    expect(
      royalties([
        { royalties: { currency_code: 'USD', units: '412', nanos: 370000000 } },
        { royalties: { currencyCode: 'USD', units: '-1', nanos: -750000000 } },
        { royalties: { currency_code: 'USD', nanos: 50000000 } },
        { royalties: { currency_code: 'USD', units: 3 } },
      ]),
    ).toEqual([412.37, -1.75, 0.05, 3]);
  });

  it('joins a whole and a minor part named so, the minor in the currency’s decimals', () => {
    expect(royalties([{ royalties_units: 12, royalties_cents: 5 }])).toEqual([12.05]);
    expect(royalties([{ royaltiesMajor: -3, royaltiesMinor: -50 }])).toEqual([-3.5]);
    expect(royalties([{ royalties_major: 1200, royalties_minor: 0 }], 'JPY')).toEqual([1200]);
  });

  it('says so when the parts do not fit together, never reading them as an amount', () => {
    const [cell] = royalties([{ royalties_units: 1, royalties_cents: 150 }]);
    expect(cell).toMatch(/do not fit together/);
    const [money] = royalties([{ royalties: { currency_code: 'USD', units: '2', nanos: -5 } }]);
    expect(money).toMatch(/do not fit together/);
  });

  it('leaves units sold in a currency alone', () => {
    const table = toReportTable(
      { ...ENVELOPE, rows: [{ by_currency: { currency: 'EUR', units: 4 } }] },
      'books-report',
    );
    expect(table.rows[0]).toEqual(['EUR', 4]);
  });

  it('leaves a count named units alone, and a Money of nothing but its currency unread', () => {
    const table = toReportTable(
      { ...ENVELOPE, rows: [{ units: 4, nanos_per_page: 3, royalties: { currency_code: 'USD' } }] },
      'books-report',
    );
    expect(table.columns.map((c) => c.key)).toEqual(['units', 'nanos_per_page', 'royalties.currency_code']);
  });
});
