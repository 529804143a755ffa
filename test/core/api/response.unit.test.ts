// What a response says beside its rows, read through the client (fake HTTP): a report still being prepared
// (202, a "processing" status) is asked for again, at its Location on the API's origin only, never cached;
// a count of rows in a header is compared with the rows read; a byte-order mark is ignored.
import { describe, expect, it } from 'vitest';
import { json, text } from '../../support/fake-ports.ts';
import { BASE, KEY, makeClient, target } from './support.ts';

const REPORT = { currency: 'USD', meta: { truncated: false }, rows: [{ book_id: 'a', royalties: 1 }] };

describe('a report the API is still preparing', () => {
  it('is asked for again after Retry-After, at the Location given', () => {
    const { client, clock, http } = makeClient(() =>
      http.requests.length === 1
        ? json(202, { status: 'queued' }, { 'retry-after': '4', location: '/v1/reports/books?job=9' })
        : json(200, REPORT),
    );
    const response = client.fetch({ endpoint: 'books-report' });
    expect(response.data).toEqual(REPORT);
    expect(clock.sleeps).toEqual([4000]);
    expect(http.requests.map((r) => target(r).query.job ?? null)).toEqual([null, '9']);
  });

  it('never follows a Location on another origin or holding the key', () => {
    for (const location of ['https://elsewhere.example/v1/r', `${BASE}/reports/books?k=${KEY}`]) {
      const { client, http } = makeClient(() =>
        http.requests.length === 1 ? json(202, {}, { location, 'retry-after': '1' }) : json(200, REPORT),
      );
      client.fetch({ endpoint: 'books-report' });
      expect(http.requests.map((r) => r.url)).toEqual([`${BASE}/reports/books`, `${BASE}/reports/books`]);
    }
  });

  it('says when to try again once the time is out, and is never cached', () => {
    const preparing = { status: 'processing', currency: 'USD', meta: { truncated: false } };
    const { client, http, cache } = makeClient(() => json(200, preparing, { 'retry-after': '120' }), {
      withCache: true,
    });
    const [outcome] = client.fetchMany([{ endpoint: 'books-report' }]);
    expect(outcome?.ok).toBe(false);
    if (outcome?.ok === false) {
      expect(outcome.error.kind).toBe('preparing');
      expect(outcome.error.message).toBe(
        'The API is still preparing this report (Books); try again in 120 s.',
      );
    }
    expect(http.requests).toHaveLength(1);
    expect(cache.entries.size).toBe(0);
  });
});

describe('a count of rows in a header', () => {
  it('is compared with the rows read, and such an answer is not cached', () => {
    const { client, cache } = makeClient(() => json(200, REPORT, { 'x-total-count': '3' }), {
      withCache: true,
    });
    const response = client.fetch({ endpoint: 'books-report' });
    expect(response.pages?.rows).toEqual({ read: 1, inAll: 3 });
    expect(response.pages?.unread).toMatch(/^Only 1 of 3 rows of Books was read: the API gave no way/);
    expect(cache.entries.size).toBe(0);
  });

  it('in Content-Range counts too; X-Next-Page asks for the next page', () => {
    const { client, http } = makeClient((request) =>
      target(request).query.page === '2'
        ? json(200, { ...REPORT, rows: [{ book_id: 'b', royalties: 2 }] }, { 'content-range': 'items 1-1/2' })
        : json(200, REPORT, { 'x-next-page': '2', 'content-range': 'items 0-0/2' }),
    );
    const response = client.fetch({ endpoint: 'books-report' });
    expect(http.requests).toHaveLength(2);
    expect(response.pages).toMatchObject({ read: 2, unread: null, rows: null });
  });
});

describe('a byte-order mark', () => {
  it('before the JSON is ignored', () => {
    const { client } = makeClient(() => text(200, `\uFEFF${JSON.stringify(REPORT)}`));
    expect(client.fetch({ endpoint: 'books-report' }).data).toEqual(REPORT);
  });
});
