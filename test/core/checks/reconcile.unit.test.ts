// Reconciliation (core/checks): plain tables in, each check's result and words out.
import { describe, expect, it } from 'vitest';
import { type Check, checksBannerText, reconcile } from '../../../src/core/checks/index.ts';
import type { EndpointId } from '../../../src/core/endpoints.ts';
import { type ReportTable, toReportTable } from '../../../src/core/report/index.ts';

const meta = (currency = 'USD', truncated = false) => ({ period: null, currency, meta: { truncated } });
const table = (id: EndpointId, body: object) => toReportTable(body, id);
const summary = (totals: object, currency = 'USD') => table('summary', { ...meta(currency), totals });
const books = (rows: object[], truncated = false) =>
  table('books-report', { ...meta('USD', truncated), rows });

function check(checks: readonly Check[], subject: string): Check {
  const found = checks.find((c) => c.subject === subject);
  if (!found) throw new Error(`no check "${subject}" among ${checks.map((c) => c.subject).join('; ')}`);
  return found;
}

describe('the Summary against the book rows', () => {
  const rows = [
    { book_id: 'b1', royalties: 10.01, units_sold: 3 },
    { book_id: 'b2', royalties: 20.02, units_sold: 4 },
  ];

  it('agrees within rounding: a cent a row', () => {
    const checks = reconcile({
      summary: summary({ royalties: 30.04, units_sold: 7 }),
      'books-report': books(rows),
    });
    expect(check(checks, 'Royalties: the Summary against the book rows').result).toBe('agrees');
    expect(check(checks, 'Units sold: the Summary against the book rows').result).toBe('agrees');
  });

  it('allows only what rounding can do: 2,000 books never hide a missing $15 book', () => {
    // Each book's royalties rounded half up to the cent on its own, the total rounded from the exact sum:
    // honest, yet 88 cents apart (half-up rounding drifts up), so no cap of a few cents would do.
    const exact = Array.from({ length: 2000 }, (_, i) => ((i * 7919) % 100_000) / 1000 + 1);
    const cents = (x: number) => Math.round(x * 100) / 100;
    const many = exact.map((x, i) => ({ book_id: `b${i}`, royalties: cents(x) }));
    const total = exact.reduce((a, b) => a + b, 0);
    const subject = 'Royalties: the Summary against the book rows';
    const honest = reconcile({ summary: summary({ royalties: cents(total) }), 'books-report': books(many) });
    expect(check(honest, subject).result).toBe('agrees');
    const missing = reconcile({
      summary: summary({ royalties: cents(total + 15) }),
      'books-report': books(many),
    });
    expect(check(missing, subject).result).toBe('differs');
    // Two rows and the total can be off by a cent and a half at most: two cents is no rounding.
    const two = reconcile({ summary: summary({ royalties: 30.05 }), 'books-report': books(rows) });
    expect(check(two, subject).result).toBe('differs');
  });

  it('does not add up past rounding, with both figures and the gap', () => {
    const checks = reconcile({
      summary: summary({ royalties: 1030.03, units_sold: 8 }),
      'books-report': books(rows),
    });
    const royalties = check(checks, 'Royalties: the Summary against the book rows');
    expect(royalties.result).toBe('differs');
    expect(royalties.text).toBe(
      'The book rows add up to $30.03 of royalties; the Summary says $1,030.03: $1,000.00 is in none of the book rows.',
    );
    expect(royalties.tabs).toEqual(['summary', 'books-report']);
    // Counts are whole: one unit off does not add up.
    expect(check(checks, 'Units sold: the Summary against the book rows').result).toBe('differs');
    expect(checksBannerText(checks, 'books-report')).toMatch(
      /^Reports do not add up: Royalties: the Summary/,
    );
    expect(checksBannerText(checks, 'marketplaces-report')).toBeNull();
  });

  it('cannot be checked when a side is cut short, missing, or in another currency', () => {
    const cut = reconcile({ summary: summary({ royalties: 1 }), 'books-report': books(rows, true) });
    expect(check(cut, 'Royalties: the Summary against the book rows')).toMatchObject({
      result: 'unchecked',
      text: 'The book rows were not read in full.',
    });
    const gone = reconcile({ summary: summary({ royalties: 1 }), 'books-report': 'failed' });
    expect(check(gone, 'Royalties: the Summary against the book rows').text).toBe(
      'The book rows could not be read.',
    );
    // A report not asked for is no check at all.
    expect(gone.length).toBeGreaterThan(0);
    expect(gone.filter((c) => c.subject.includes('marketplace'))).toEqual([]);
    const euros = reconcile({ summary: summary({ royalties: 30.03 }, 'EUR'), 'books-report': books(rows) });
    expect(check(euros, 'Royalties: the Summary against the book rows').text).toBe(
      'The Summary is in EUR and the book rows in USD.',
    );
    // A measure neither side sends is no check at all.
    expect(euros.length).toBeGreaterThan(0);
    expect(euros.filter((c) => c.subject.startsWith('Ad spend'))).toEqual([]);
  });
});

describe('read-through against readers', () => {
  const readThrough = (rows: object[]): ReportTable => {
    const t = table('read-through', { ...meta(), rows });
    return {
      ...t,
      columns: [{ key: 'series_id', label: 'Series ID', format: { kind: 'text' } }, ...t.columns],
      rows: t.rows.map((row) => ['s1', ...row]),
    };
  };

  it('agrees, a later book with more readers than book 1 included (at most 100%)', () => {
    const checks = reconcile(
      {},
      readThrough([
        { position: 1, readers: 100, read_through_from_first: 1 },
        { position: 2, readers: 50, read_through_from_first: 0.5 },
        { position: 3, readers: 140, read_through_from_first: 1 },
      ]),
    );
    expect(check(checks, 'Read-through from book 1: sent against readers').result).toBe('agrees');
  });

  it('does not add up when the sent fraction is not readers ÷ readers of book 1', () => {
    const checks = reconcile(
      {},
      readThrough([
        { position: 1, readers: 100, read_through_from_first: 1 },
        { position: 2, readers: 50, read_through_from_first: 0.45 },
      ]),
    );
    expect(check(checks, 'Read-through from book 1: sent against readers')).toMatchObject({
      result: 'differs',
      text: 'In "s1", book 2 has 50 readers and book 1 100, which is 50.0%; the API sends 45.0%.',
    });
  });
});
