// Responses in the shapes the local demo API serves (docs/api.md §2), built from a small
// deterministic data set so every expectation can be derived from the inputs.
import type { EndpointId } from '../../src/core/endpoints.ts';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Obj = { [key: string]: Json };

/** The money fields of the demo shapes (what the amounts-as-objects variant wraps). */
export const MONEY_KEYS: ReadonlySet<string> = new Set(
  'royalties sales_royalties kenp_royalties ad_spend net_profit estimated_royalties'.split(' '),
);

/** Figures for one seed, with net profit = royalties - ad spend, amounts rounded to cents. */
export function figures(seed: number): Obj {
  const cents = (n: number): number => Math.round(n * 100) / 100;
  const sales = cents(10 + ((seed * 37) % 90) + ((seed * 13) % 100) / 100);
  const kenp = cents(((seed * 7) % 20) + 0.45);
  const royalties = cents(sales + kenp);
  const adSpend = cents(((seed * 11) % 30) + 0.1);
  return {
    royalties,
    sales_royalties: sales,
    kenp_royalties: kenp,
    ad_spend: adSpend,
    net_profit: cents(royalties - adSpend),
    units_sold: (seed * 5) % 17,
    kenp_pages: (seed * 131) % 4000,
    free_units: (seed * 3) % 9,
  };
}

export const ENVELOPE: Obj = {
  period: { range: 'last_30_days', start: '2026-10-22', end: '2026-11-20', time_zone: 'America/New_York' },
  currency: 'USD',
  meta: { truncated: false },
};

const BOOKS = [
  { book_id: 'bk_1', title: 'The Salt Road', series_id: 'ser_1', asin: 'B0C1234567', isbn: '0123456789' },
  { book_id: 'bk_2', title: 'The Iron Tide', series_id: 'ser_1', asin: 'B0C2345678', isbn: '9781234567897' },
  { book_id: 'bk_3', title: 'Glass Harbour', series_id: 'ser_2', asin: 'B0C3456789', isbn: '0987654321' },
  { book_id: 'bk_4', title: 'A Quiet Field', series_id: null, asin: 'B0C4567890', isbn: '9780000000002' },
];
const MARKETPLACES = [
  { marketplace: 'amazon.com', country: 'US' },
  { marketplace: 'amazon.co.uk', country: 'GB' },
  { marketplace: 'amazon.de', country: 'DE' },
];
const DAYS = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'];

export function demoAccount(): Obj {
  return {
    reporting_currency: 'USD',
    is_demo: true,
    subscription: { status: 'active' },
    platforms: [
      {
        platform_id: 'kdp',
        name: 'Kindle Direct Publishing',
        connected: true,
        last_sync_at: '2026-11-20T04:12:33.120Z',
        sync_status: 'success',
        covered_through: '2026-11-19',
      },
      {
        platform_id: 'ads',
        name: 'Amazon Ads',
        connected: true,
        last_sync_at: '2026-11-20T05:00:00.000Z',
        sync_status: 'success',
        covered_through: '2026-11-20',
      },
      {
        platform_id: 'd2d',
        name: 'Draft2Digital',
        connected: false,
        last_sync_at: '2026-09-01T12:30:00.000Z',
        sync_status: 'success',
        covered_through: '2026-08-31',
      },
    ],
    api_key: {
      name: 'Royalties for Sheets',
      start: 'rk_live_ab12',
      scopes: ['read'],
      created_at: '2026-01-02T03:04:05Z',
      last_used_at: null,
    },
    connected_app: null,
  };
}

/** The demo response of an endpoint, and the path of its list of rows (empty for the summary). */
export function demoResponse(endpoint: EndpointId): Obj {
  const response = demoResponseOrNothing(endpoint);
  if (response === undefined) {
    throw new Error(
      `test/support/demo-shapes.ts has no demo response for ${endpoint}: add one, and its ROWS_KEY.`,
    );
  }
  return response;
}

function demoResponseOrNothing(endpoint: EndpointId): Obj | undefined {
  switch (endpoint) {
    case 'account':
      return demoAccount();
    case 'summary':
      return { ...ENVELOPE, totals: figures(1) };
    case 'timeline':
      return { ...ENVELOPE, interval: 'day', points: DAYS.map((date, i) => ({ date, ...figures(i + 2) })) };
    case 'books-report':
      return {
        ...ENVELOPE,
        rows: BOOKS.map((b, i) => ({
          book_id: b.book_id,
          title: b.title,
          series_id: b.series_id,
          ...figures(i + 10),
        })),
      };
    case 'marketplaces-report':
      return { ...ENVELOPE, rows: MARKETPLACES.map((m, i) => ({ ...m, ...figures(i + 20) })) };
    case 'catalog':
      return {
        ...ENVELOPE,
        books: BOOKS.map((b, i) => ({
          ...b,
          subtitle: i % 2 === 0 ? `Book ${i + 1}` : null,
          series_position: b.series_id === null ? null : i + 1,
          formats: i === 3 ? ['ebook'] : ['ebook', 'paperback'],
          published_on: `2025-0${i + 1}-15`,
          kenpc: 300 + i * 17,
        })),
      };
    case 'series':
      return {
        ...ENVELOPE,
        series: [
          {
            series_id: 'ser_1',
            name: 'The Salt Chronicles',
            books: BOOKS.slice(0, 2).map((b, i) => ({ book_id: b.book_id, title: b.title, position: i + 1 })),
          },
          {
            series_id: 'ser_2',
            name: 'Harbour Tales',
            books: [{ book_id: 'bk_3', title: 'Glass Harbour', position: 1 }],
          },
        ],
      };
    case 'kenp':
      return {
        ...ENVELOPE,
        kenp: {
          pages_read: DAYS.reduce((sum, _, i) => sum + 100 * (i + 1), 0),
          estimated_royalties: 7.25,
          points: DAYS.map((date, i) => ({ date, pages_read: 100 * (i + 1) })),
        },
      };
    case 'kenp-books':
      return {
        ...ENVELOPE,
        rows: BOOKS.map((b, i) => ({
          book_id: b.book_id,
          title: b.title,
          pages_read: 250 * (i + 1),
          estimated_royalties: 1.1 * (i + 1),
        })),
      };
    case 'free-units':
      return {
        ...ENVELOPE,
        total: 18,
        rows: BOOKS.slice(0, 3).map((b, i) => ({
          book_id: b.book_id,
          title: b.title,
          marketplace: MARKETPLACES[i]?.marketplace ?? 'amazon.com',
          free_units: 3 * (i + 1),
        })),
      };
    case 'read-through':
      return {
        ...ENVELOPE,
        series: { series_id: 'ser_1', name: 'The Salt Chronicles' },
        rows: [
          {
            position: 1,
            book_id: 'bk_1',
            title: 'The Salt Road',
            readers: 400,
            read_through_from_previous: null,
            read_through_from_first: 1,
          },
          {
            position: 2,
            book_id: 'bk_2',
            title: 'The Iron Tide',
            readers: 260,
            read_through_from_previous: 0.65,
            read_through_from_first: 0.65,
          },
          {
            position: 3,
            book_id: 'bk_5',
            title: 'Ash Crown',
            readers: 208,
            read_through_from_previous: 0.8,
            read_through_from_first: 0.52,
          },
        ],
      };
  }
  return undefined;
}

/** Where each demo response keeps its rows (what a variant moves, nests or renames). */
export const ROWS_KEY: Readonly<Record<EndpointId, readonly string[]>> = {
  account: ['platforms'],
  summary: ['totals'],
  timeline: ['points'],
  'books-report': ['rows'],
  'marketplaces-report': ['rows'],
  catalog: ['books'],
  series: ['series'],
  kenp: ['kenp', 'points'],
  'kenp-books': ['rows'],
  'free-units': ['rows'],
  'read-through': ['rows'],
};
