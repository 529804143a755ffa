// A report in pages read through the client (fake HTTP, the real paging and combining): whenever the pages
// cannot all be read, or the API's paging says more remain, the report says its figures are too low, never
// shows part of a report as if whole; paging counts are never figures; a later page's truncation counts.
import { describe, expect, it } from 'vitest';
import type { ApiResponse } from '../../../src/core/api/index.ts';
import type { EndpointId } from '../../../src/core/endpoints.ts';
import { measureFigure, measureValues } from '../../../src/core/figures/index.ts';
import type { HttpRequest } from '../../../src/core/ports.ts';
import { toReportTable } from '../../../src/core/report/to-table.ts';
import { json } from '../../support/fake-ports.ts';
import { makeClient, target } from './support.ts';

const ENVELOPE = {
  period: { start: '2026-10-22', end: '2026-11-20' },
  currency: 'USD',
  meta: { truncated: false },
};
const book = (id: string, royalties: number) => ({ book_id: id, royalties });

/** Reads one report through a client whose server answers with `page`; returns the response and its table. */
function read(endpoint: EndpointId, page: (query: Record<string, string>, request: HttpRequest) => unknown) {
  const { client, http } = makeClient((request) => json(200, page(target(request).query, request)));
  const [outcome] = client.fetchMany([{ endpoint }]);
  if (!outcome?.ok) throw new Error(`not read: ${outcome?.error.message}`);
  const response: ApiResponse = outcome.response;
  const table = toReportTable(response.data, endpoint, response.pages?.unread);
  return { response, table, asked: http.rounds.flat().length };
}

describe('an API that ignores the paging parameter', () => {
  it('sends page 1 again for a cursor: its rows are not added twice, the report says so', () => {
    const page1 = { ...ENVELOPE, rows: [book('a', 5), book('b', 6)], next_cursor: 'c2' };
    const { response, table } = read('books-report', () => page1);
    expect(table.rows).toHaveLength(2);
    expect(table.meta.truncated).toBe(true);
    expect(response.pages?.unread).toMatch(
      /^Only the first page of Books was read: the API gave a page already read as the next one\..*too low/,
    );
  });

  it('sends page 1 again for a page number: 1 of 5 pages read, and said', () => {
    const page1 = { ...ENVELOPE, rows: [book('a', 5)], page: 1, total_pages: 5 };
    const { response, table } = read('books-report', () => page1);
    expect(table.rows).toHaveLength(1);
    expect(response.pages).toMatchObject({ read: 1, total: 5 });
    expect(response.pages?.unread).toMatch(
      /^Only 1 of 5 pages of Books was read: the API gave a page already read as the next one/,
    );
  });
});

describe('pages that end early', () => {
  it('at a next link to a page already read are marked not read in full', () => {
    const { response, table } = read('books-report', (query, request) =>
      query.p === '2'
        ? { ...ENVELOPE, rows: [book('b', 6)], next: request.url.replace(/\?.*$/, '') }
        : { ...ENVELOPE, rows: [book('a', 5)], next: '?p=2' },
    );
    expect(table.rows).toHaveLength(2);
    expect(table.meta.truncated).toBe(true);
    expect(response.pages?.unread).toMatch(
      /^Only the first 2 pages of Books were read: the API gave a page already read as the next one\./,
    );
  });

  it('before the stated number of pages are marked not read in full', () => {
    const { response, table } = read('books-report', (query) =>
      query.page === '2'
        ? { ...ENVELOPE, rows: [book('b', 6)], has_more: false, total_pages: 3 }
        : { ...ENVELOPE, rows: [book('a', 5)], page: 1, total_pages: 3 },
    );
    expect(table.rows).toHaveLength(2);
    expect(response.pages?.unread).toMatch(
      /^Only 2 of 3 pages of Books were read: the API gave no way to ask for the rest\./,
    );
  });

  it('with has_more and no way to ask for the next page say so, never show page 1 as the whole', () => {
    for (const more of [{ has_more: true }, { has_next: true }, { pagination: { has_more: true } }]) {
      const { response, table, asked } = read('books-report', () => ({
        ...ENVELOPE,
        rows: [book('a', 5)],
        ...more,
      }));
      expect(asked).toBe(1);
      expect(table.meta.truncated, JSON.stringify(more)).toBe(true);
      expect(response.pages?.unread).toMatch(
        /^Only the first page of Books was read: the API gave no way to ask for the rest\..*too low/,
      );
      expect(JSON.stringify(response.data)).not.toMatch(/has_?more|has_?next/i);
    }
  });
});

describe('a pagination block of page, per_page and total rows', () => {
  const rows = [3, 4, 5, 6, 7].map((n, i) => ({ book_id: `b${i}`, free_units: n }));
  const serve = (query: Record<string, string>) => {
    const page = Number(query.page || 1);
    return {
      ...ENVELOPE,
      rows: rows.slice((page - 1) * 2, page * 2),
      pagination: { page, per_page: 2, total: rows.length },
    };
  };

  it('is followed page by page, and its total is never a figure', () => {
    const { response, table, asked } = read('free-units', serve);
    expect(asked).toBe(3);
    expect(response.pages).toEqual({ read: 3, total: 3, unread: null, rows: null, repeated: null });
    expect(table.rows).toHaveLength(5);
    expect(table.meta.truncated).toBe(false);
    // The rows count 25 downloads; no total was sent, so none is shown (never the 5 rows' count).
    expect(measureValues(table, 'free_downloads')).toMatchObject({ found: true, value: [3, 4, 5, 6, 7] });
    expect(measureFigure(table, 'free_downloads')).toEqual({ found: false });
    expect(JSON.stringify(table.facts)).not.toMatch(/pagination/i);
  });

  it('on its last page still leaves no paging count as a figure', () => {
    const { table } = read('free-units', () => ({
      ...ENVELOPE,
      rows: rows.slice(0, 2),
      pagination: { page: 1, per_page: 50, total: 2 },
    }));
    expect(table.meta.truncated).toBe(false);
    expect(measureFigure(table, 'free_downloads')).toEqual({ found: false });
    expect(JSON.stringify(table.facts)).not.toMatch(/pagination/i);
  });
});

describe('a later page that says it was truncated', () => {
  it('marks the whole report truncated', () => {
    const { table } = read('books-report', (query) =>
      query.cursor === 'c2'
        ? { ...ENVELOPE, meta: { truncated: true }, rows: [book('b', 6)] }
        : { ...ENVELOPE, rows: [book('a', 5)], next_cursor: 'c2' },
    );
    expect(table.rows).toHaveLength(2);
    expect(table.meta.truncated).toBe(true);
  });
});
