// The books that moved most, from plain inputs: the ranking (largest change either way, to the cent), the
// report's own previous-period figures, the Books tab as it stood, and every reason there is nothing to
// compare with, which the e-mail says above the top books it lists instead.
import { describe, expect, it } from 'vitest';
import type { EndpointId } from '../../../src/core/endpoints.ts';
import {
  type BookFigure,
  type BooksBefore,
  composeMorningEmail,
  FIRST_REFRESH,
  MOVERS,
  type MorningReport,
  morningFigures,
  movedBooks,
  rankMovers,
} from '../../../src/core/morning/index.ts';
import { type CellValue, toReportTable } from '../../../src/core/report/index.ts';
import { isPreviousPeriodKey } from '../../../src/core/report/period-role.ts';
import { type Fetched, figuresBasis } from '../../../src/core/tabs/index.ts';
import { demoResponse, ENVELOPE } from '../../support/demo-shapes.ts';

const book = (id: string, royalties: number, title = `Title ${id}`): BookFigure => ({ id, title, royalties });
const HOSTILE = '<img src=x onerror="alert(1)">&amp; =HYPERLINK("http://evil")';

describe('rankMovers', () => {
  it('ranks by the largest change either way, to the cent, with both figures', () => {
    const now = [book('a', 100.1), book('b', 50), book('c', 10.01), book('d', 7)];
    const before = [book('a', 100.05), book('b', 80.5), book('c', 0.01), book('d', 7)];
    expect(rankMovers(now, before, 2)).toEqual([
      { title: 'Title b', royalties: 50, previous: 80.5, change: -30.5 },
      { title: 'Title c', royalties: 10.01, previous: 0.01, change: 10 },
      { title: 'Title a', royalties: 100.1, previous: 100.05, change: 0.05 },
    ]);
  });

  it('counts a book new to the report from 0, and one gone from it down to 0', () => {
    expect(rankMovers([book('new', 12)], [book('gone', 30)], 2)).toEqual([
      { title: 'Title gone', royalties: 0, previous: 30, change: -30 },
      { title: 'Title new', royalties: 12, previous: 0, change: 12 },
    ]);
  });

  it('keeps at most five of 2,000, ties in the order of the report', () => {
    const now = Array.from({ length: 2000 }, (_, i) => book(`bk${i}`, i % 3 === 0 ? 20 : 10));
    const before = now.map((b) => ({ ...b, royalties: 10 }));
    const movers = rankMovers(now, before, 2);
    expect(MOVERS).toBe(5);
    expect(movers.map((m) => m.title)).toEqual(
      ['bk0', 'bk3', 'bk6', 'bk9', 'bk12'].map((id) => `Title ${id}`),
    );
  });

  it('rounds to the currency: yen in whole units', () => {
    expect(rankMovers([book('a', 1201)], [book('a', 1199.6)], 0)).toEqual([
      { title: 'Title a', royalties: 1201, previous: 1199.6, change: 1 },
    ]);
    expect(rankMovers([book('a', 1200.4)], [book('a', 1200)], 0)).toEqual([]);
  });
});

describe('a previous-period figure', () => {
  it('is another period figure, not a change between periods', () => {
    for (const key of [
      'previous_period.royalties',
      'previousPeriod.royalties',
      'royalties.prior',
      'comparison.royalties',
    ])
      expect(isPreviousPeriodKey(key), key).toBe(true);
    for (const key of [
      'royalties',
      'change.royalties',
      'previous.royalties_pct',
      'current.royalties',
      'delta.royalties',
    ])
      expect(isPreviousPeriodKey(key), key).toBe(false);
  });
});

function booksTable(rows: Record<string, unknown>[], currency = 'USD') {
  return toReportTable({ ...ENVELOPE, currency, rows }, 'books-report');
}

const tabBefore = (at: string, basis: string | null, rows: CellValue[][]): BooksBefore => ({
  at,
  basis,
  columns: ['book_id', 'title', 'royalties'],
  rows,
});

describe('movedBooks', () => {
  const report = booksTable([
    { book_id: 'b1', title: 'One', royalties: 120.5, previous_period: { royalties: 100 } },
    { book_id: 'b2', title: 'Two', royalties: 40, previous_period: { royalties: 90.25 } },
  ]);

  it('takes the report own previous-period figures first, whatever the Books tab held', () => {
    expect(movedBooks(report, { why: FIRST_REFRESH }, 'last_30_days')).toEqual({
      heading: 'Books that moved most against the period before (last 30 days, USD)',
      books: [
        { title: 'Two', royalties: 40, previous: 90.25, change: -50.25 },
        { title: 'One', royalties: 120.5, previous: 100, change: 20.5 },
      ],
    });
  });

  const plain = booksTable([
    { book_id: 'b1', title: 'One', royalties: 120.5 },
    { book_id: 'b2', title: 'Two', royalties: 40 },
  ]);
  const basis = figuresBasis('last_30_days', 'USD');

  it('else compares with the Books tab as it stood, named by that refresh', () => {
    const before = tabBefore('2026-11-23 05:00', basis, [
      ['b2', 'Two', 39.99],
      ['b1', 'One', 130],
      ['', '', ''],
    ]);
    expect(movedBooks(plain, before, 'last_30_days')).toEqual({
      heading: 'Books that moved most since the refresh of 2026-11-23 05:00 (last 30 days, USD)',
      books: [
        { title: 'One', royalties: 120.5, previous: 130, change: -9.5 },
        { title: 'Two', royalties: 40, previous: 39.99, change: 0.01 },
      ],
    });
  });

  it('says why there is nothing to compare with: none before, another period or currency, cut short', () => {
    const rows = [['b1', 'One', 100]];
    expect(movedBooks(plain, { why: FIRST_REFRESH }, 'last_30_days')).toEqual({ why: FIRST_REFRESH });
    expect(
      movedBooks(plain, tabBefore('x', figuresBasis('last_7_days', 'USD'), rows), 'last_30_days'),
    ).toEqual({
      why: 'the Books tab held last 7 days, USD, not last 30 days, USD',
    });
    expect(
      movedBooks(plain, tabBefore('x', figuresBasis('last_30_days', 'EUR'), rows), 'last_30_days'),
    ).toEqual({
      why: 'the Books tab held last 30 days, EUR, not last 30 days, USD',
    });
    expect(movedBooks(plain, tabBefore('x', null, rows), 'last_30_days')).toEqual({
      why: 'the Books tab held figures of an earlier version, not last 30 days, USD',
    });
    const cut = { ...plain, meta: { ...plain.meta, truncated: true } };
    expect(movedBooks(cut, tabBefore('x', basis, rows), 'last_30_days')).toEqual({
      why: 'the books report was cut short',
    });
    expect(movedBooks(plain, tabBefore('x', basis, [['b1', 'One', '']]), 'last_30_days')).toEqual({
      why: 'no earlier royalties were found since the refresh of x',
    });
  });
});

describe('books that cannot be matched one to one', () => {
  const basis = figuresBasis('last_30_days', 'USD');

  it('leaves out a book whose figure is missing on either side, never counting it from or down to 0', () => {
    const now = booksTable([
      { book_id: 'b1', title: 'One', royalties: 120 },
      { book_id: 'b2', title: 'Two', royalties: null },
      { book_id: 'b3', title: 'Three', royalties: 15 },
    ]);
    const before = tabBefore('x', basis, [
      ['b1', 'One', 100],
      ['b2', 'Two', 300],
      ['b3', 'Three', ''],
    ]);
    expect(movedBooks(now, before, 'last_30_days')).toEqual({
      heading: 'Books that moved most since the refresh of x (last 30 days, USD)',
      books: [{ title: 'One', royalties: 120, previous: 100, change: 20 }],
    });
  });

  it('refuses to rank when a book is on more than one row, in the report or in the tab', () => {
    const twice = booksTable([
      { book_id: 'b1', title: 'One', marketplace: 'US', royalties: 50 },
      { book_id: 'b1', title: 'One', marketplace: 'UK', royalties: 30 },
    ]);
    const before = tabBefore('x', basis, [['b1', 'One', 10]]);
    const refused = {
      why: '"One" is on more than one row, so the books cannot be matched',
    };
    expect(movedBooks(twice, before, 'last_30_days')).toEqual(refused);
    const once = booksTable([{ book_id: 'b1', title: 'One', royalties: 80 }]);
    const tabTwice = tabBefore('x', basis, [
      ['b1', 'One', 10],
      ['b1', 'One', 10],
    ]);
    expect(movedBooks(once, tabTwice, 'last_30_days')).toEqual(refused);
  });

  it('does not compare with a Books tab that was cut short: its missing books are not at 0', () => {
    const plain = booksTable([{ book_id: 'b1', title: 'One', royalties: 80 }]);
    const cut = tabBefore('2026-11-23 05:00', figuresBasis('last_30_days', 'USD', true), [['b2', 'Two', 10]]);
    expect(figuresBasis('last_30_days', 'USD', true)).toBe('last 30 days, USD, cut short');
    expect(movedBooks(plain, cut, 'last_30_days')).toEqual({
      why: 'the Books tab was cut short at the refresh of 2026-11-23 05:00',
    });
  });
});

function firstRound(books: unknown): Map<EndpointId, Fetched> {
  const ids: EndpointId[] = ['account', 'summary', 'timeline', 'kenp', 'free-units'];
  const round = new Map<EndpointId, Fetched>(ids.map((id) => [id, { ok: true, data: demoResponse(id) }]));
  round.set('books-report', { ok: true, data: books });
  return round;
}

function mailWith(books: unknown, before: BooksBefore) {
  const report: MorningReport = {
    spreadsheetName: 'My royalties',
    spreadsheetUrl: 'https://docs.google.com/spreadsheets/d/abc/edit',
    timeZone: 'Europe/London',
    ranAt: '2026-11-24 05:12',
    figures: morningFigures(firstRound(books), [], { before, range: 'last_30_days' }),
    problems: [],
  };
  return composeMorningEmail(report);
}

describe('in the e-mail', () => {
  const rows = [
    { book_id: 'b1', title: HOSTILE, royalties: 1234.5 },
    { book_id: 'b2', title: 'Two', royalties: 40 },
  ];

  it('lists the movers with both figures and the change, titles escaped', () => {
    const before = tabBefore('2026-11-23 05:00', figuresBasis('last_30_days', 'USD'), [
      ['b1', HOSTILE, 1000],
      ['b2', 'Two', 40],
    ]);
    const mail = mailWith({ ...ENVELOPE, rows }, before);
    expect(mail.body).toContain(
      `Books that moved most since the refresh of 2026-11-23 05:00 (last 30 days, USD)\n1. ${HOSTILE}: $1,234.50 (was $1,000.00, +$234.50)\n\n`,
    );
    expect(mail.body).not.toContain('Top books this period');
    expect(mail.htmlBody).not.toContain('<img');
    expect(mail.htmlBody).toContain('&#60;img src=x onerror=&#34;alert(1)&#34;&#62;&#38;amp;');
    expect(mail.htmlBody).toContain('was $1,000.00');
  });

  it('says when no book moved', () => {
    const before = tabBefore('2026-11-23 05:00', figuresBasis('last_30_days', 'USD'), [
      ['b1', HOSTILE, 1234.5],
      ['b2', 'Two', 40],
    ]);
    const mail = mailWith({ ...ENVELOPE, rows }, before);
    expect(mail.body).toContain("(last 30 days, USD)\nNo book's royalties changed.");
  });

  it('prints the book lists in the books report own currency, not the Summary one', () => {
    const mail = mailWith({ ...ENVELOPE, currency: 'EUR', rows }, { why: FIRST_REFRESH });
    expect(mail.body).toContain('2. Two: €40.00\n');
    expect(mail.body).not.toContain('Two: $40.00');
  });

  it('with nothing to compare with, lists the top books under their own name and says why', () => {
    const mail = mailWith({ ...ENVELOPE, rows }, { why: FIRST_REFRESH });
    expect(mail.body).toContain(
      `Books that moved most: nothing to compare with (${FIRST_REFRESH}).\nTop books this period\n1. ${HOSTILE}: $1,234.50\n2. Two: $40.00\n`,
    );
    expect(mail.htmlBody).not.toContain('moved most since');
  });
});
