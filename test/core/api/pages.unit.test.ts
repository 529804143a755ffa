// Pages of a report recognised by shape (core/api/pages.ts): plain inputs, no HTTP.
import { describe, expect, it } from 'vitest';
import { nextFromLinkHeader, originOf, readPage, resolveLink } from '../../../src/core/api/pages.ts';

const URL = 'https://api.example.com/v1/reports/books?range=last_30_days';

/** How to get the page after `data`, the page holding `rows` rows. */
const pageHint = (data: unknown, url: string, headerLink: string | undefined, rows: number) =>
  readPage(data, url, headerLink === undefined ? {} : { link: `<${headerLink}>; rel="next"` }, () => rows);

/** The body the report layer reads. */
const withoutPaging = (data: unknown) => readPage(data, URL, {}, () => null).body;

describe('the next page', () => {
  it('is found in every usual style', () => {
    expect(pageHint({ rows: [], next_cursor: 'c2' }, URL, undefined, 0).next).toEqual({
      kind: 'query',
      options: { cursor: 'c2' },
    });
    expect(pageHint({ rows: [], pageInfo: { nextPageToken: 't' } }, URL, undefined, 0).next).toEqual({
      kind: 'query',
      options: { page_token: 't' },
    });
    expect(pageHint({ rows: [], links: { next: '?range=x&page=2' } }, URL, undefined, 0).next).toEqual({
      kind: 'url',
      url: 'https://api.example.com/v1/reports/books?range=x&page=2',
    });
    expect(pageHint({ rows: [], _links: { next: { href: '/v1/b?p=2' } } }, URL, undefined, 0).next).toEqual({
      kind: 'url',
      url: 'https://api.example.com/v1/b?p=2',
    });
    expect(pageHint({ rows: [], page: 1, total_pages: 3 }, URL, undefined, 0)).toMatchObject({
      next: { kind: 'query', options: { page: '2' } },
      total: 3,
    });
    expect(pageHint({ rows: [], meta: { has_more: true, offset: 0 } }, URL, undefined, 25).next).toEqual({
      kind: 'query',
      options: { offset: '25' },
    });
    expect(pageHint({ rows: [] }, URL, '/v1/reports/books?offset=4', 4).next).toEqual({
      kind: 'url',
      url: 'https://api.example.com/v1/reports/books?offset=4',
    });
  });

  it('is none on the last page, and never a page already asked for', () => {
    expect(pageHint({ rows: [], next_cursor: null, cursor: 'c1' }, URL, undefined, 0).next).toBeNull();
    expect(pageHint({ rows: [], page: 3, total_pages: 3 }, URL, undefined, 0).next).toBeNull();
    expect(pageHint({ rows: [], has_more: false, next: '/v1/x' }, URL, undefined, 0).next).toBeNull();
    expect(pageHint({ rows: [], next: URL }, URL, undefined, 0).next).toBeNull();
  });

  it('on another origin is reported, never followed', () => {
    for (const link of [
      'https://evil.example/v1/b?p=2',
      '//evil.example/p2',
      'http://api.example.com/v1/b',
    ]) {
      expect(pageHint({ rows: [], next: link }, URL, undefined, 0).next, link).toMatchObject({
        kind: 'elsewhere',
      });
    }
    expect(originOf('HTTPS://API.example.com:443/x')).toBe('https://api.example.com:443');
    expect(resolveLink('p2?x=1', URL)).toBe('https://api.example.com/v1/reports/p2?x=1');
  });

  it('reads a Link header', () => {
    expect(nextFromLinkHeader('</a?p=1>; rel="prev", </a?p=3>; rel="next"')).toBe('/a?p=3');
    expect(nextFromLinkHeader('<https://x/y>; rel="next last"')).toBe('https://x/y');
    expect(nextFromLinkHeader('</a>; rel="nextish"')).toBeNull();
    expect(nextFromLinkHeader(undefined)).toBeNull();
  });
});

describe('paging fields', () => {
  it('are taken out, so none becomes a figure; a previous period and the documented meta stay', () => {
    const body = {
      period: { range: 'last_30_days' },
      meta: { truncated: false, next_cursor: 'c2' },
      rows: [{ royalties: 1 }],
      previous: { royalties: 2 },
      pagination: { total_count: 40, per_page: 20 },
      has_more: true,
    };
    expect(withoutPaging(body)).toEqual({
      period: { range: 'last_30_days' },
      meta: { truncated: false },
      rows: [{ royalties: 1 }],
      previous: { royalties: 2 },
    });
  });

  it('are left alone in a body that says nothing of pages (nothing copied)', () => {
    const body = { rows: [{ page: 12, offset: 3 }], total: 5 };
    expect(withoutPaging(body)).toBe(body);
  });
});
