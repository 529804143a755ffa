// What cannot be a table is refused with a clear ReportShapeError that says what arrived, and nothing of
// its content.
import { describe, expect, it } from 'vitest';
import { accountFacts, ReportShapeError, toReportTable } from '../../../src/core/report/index.ts';

describe('ReportShapeError', () => {
  it.each([
    ['a string', 'rk_live_secret-looking text', 'a string of 27 characters'],
    ['a number', 42, 'a number'],
    ['a boolean', true, 'the boolean true'],
    ['null', null, 'null'],
    ['nothing', undefined, 'with nothing instead'],
  ])('refuses %s, naming the endpoint and what was received', (_, response, received) => {
    const error = (() => {
      try {
        toReportTable(response, 'books-report');
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ReportShapeError);
    const message = (error as Error).message;
    expect(message).toContain('Books');
    expect(message).toContain(received);
    if (typeof response === 'string') expect(message).not.toContain(response);
  });

  it('refuses an error body, naming its code', () => {
    const body = { error: { code: 'rate_limited', message: 'Slow down' } };
    expect(() => toReportTable(body, 'summary')).toThrow(ReportShapeError);
    expect(() => toReportTable(body, 'summary')).toThrow(/Summary.*error \(rate_limited\)/);
    expect(() => toReportTable({ error: 'x y z' }, 'summary')).toThrow(/error instead of a report/);
  });

  it('refuses an account that is not an object or array', () => {
    expect(() => accountFacts('nope')).toThrow(ReportShapeError);
  });

  it.each([
    ['{}', {}],
    ['[]', []],
    ['{"data": null}', { data: null }],
    ['{"rows": []}', { rows: [] }],
    ['{"data": {"books": [{}]}}', { data: { books: [{}] } }],
  ])('refuses an answer with nothing in it, %s, rather than an empty table', (_, response) => {
    for (const endpoint of ['books-report', 'summary', 'account'] as const) {
      expect(() => toReportTable(response, endpoint)).toThrow(ReportShapeError);
      expect(() => toReportTable(response, endpoint)).toThrow(/request with nothing in it/);
    }
  });

  it('reads an empty report that carries its envelope: a period with no rows is an answer', () => {
    const empty = {
      period: { range: 'last_30_days' },
      currency: 'USD',
      meta: { truncated: false },
      books: [],
    };
    const table = toReportTable(empty, 'books-report');
    expect(table.rows).toEqual([]);
    expect(table.meta).toMatchObject({ currency: 'USD', truncated: false });
    expect(toReportTable({ books: [], total: 0 }, 'books-report').rows).toEqual([]);
  });

  it('reads an object that merely has an error field beside others', () => {
    expect(toReportTable({ error: null, rows: [{ a: 1 }] }, 'books-report').rows).toEqual([[1]]);
  });
});
