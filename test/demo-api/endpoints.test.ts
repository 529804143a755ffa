// Every endpoint over real HTTP: the envelope every report carries, each endpoint's part in the shapes of
// docs/api.md §2, the demo account as described there, and the days each range covers.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoApiHandle, RANGES, startDemoApi } from '../../local/demo-api/index.ts';
import { ENDPOINTS } from '../../src/core/endpoints.ts';
import { addDays, arr, at, daysBetween, get, num, ok, rec, str, TODAY, withApi } from './support.ts';

const FIGURES = [
  'royalties',
  'sales_royalties',
  'kenp_royalties',
  'ad_spend',
  'net_profit',
  'units_sold',
  'kenp_pages',
  'free_units',
];

let api: DemoApiHandle;
beforeAll(async () => {
  api = await startDemoApi({ today: TODAY });
});
afterAll(() => api.stop());

function expectFigures(row: Record<string, unknown>) {
  for (const name of FIGURES) expect(typeof row[name], name).toBe('number');
}

describe('every endpoint of src/core/endpoints.ts', () => {
  it('answers 200 with JSON; every report carries period, currency and meta.truncated', async () => {
    const firstSeries = str(at(arr((await ok(api, '/series')).series)[0], 'series_id'));
    for (const [id, spec] of Object.entries(ENDPOINTS)) {
      const path = spec.path.replace('{series_id}', encodeURIComponent(firstSeries));
      const got = await get(api, path);
      expect(
        got.status,
        `${path}: the demo API must answer every endpoint of src/core/endpoints.ts (local/demo-api/handler.ts)`,
      ).toBe(200);
      expect(got.headers.get('content-type')).toMatch(/^application\/json/);
      const body = rec(got.json);
      if (id === 'account') continue;
      expect(Object.keys(rec(body.period)).sort()).toEqual(['end', 'range', 'start', 'time_zone']);
      expect(body.currency).toBe('USD');
      expect(at(body, 'meta.truncated')).toBe(false);
    }
  });
});

describe('endpoint parts (demo shapes)', () => {
  it('/summary: totals with the eight figures', async () => {
    expectFigures(rec((await ok(api, '/summary')).totals));
  });

  it('/timeline: one point per day of the period, or per month with interval=month', async () => {
    const daily = await ok(api, '/timeline?range=last_30_days');
    const points = arr(daily.points).map(rec);
    expect(daily.interval).toBe('day');
    expect(points).toHaveLength(30);
    expect(points[0]!.date).toBe(at(daily, 'period.start'));
    expect(points.at(-1)!.date).toBe(at(daily, 'period.end'));
    points.forEach(expectFigures);
    const monthly = await ok(api, '/timeline?range=year_to_date&interval=month');
    const months = arr(monthly.points).map((p) => str(rec(p).date));
    const lastMonth = Number(addDays(TODAY, -1).slice(5, 7));
    expect(months).toEqual(
      Array.from({ length: lastMonth }, (_, i) => `${TODAY.slice(0, 4)}-${String(i + 1).padStart(2, '0')}`),
    );
  });

  it('/reports/books and /reports/marketplaces: one row per book and per store', async () => {
    const books = arr((await ok(api, '/reports/books?range=last_365_days')).rows).map(rec);
    expect(books).toHaveLength(14);
    for (const row of books) {
      expect(str(row.book_id)).toBeTruthy();
      expect(str(row.title)).toBeTruthy();
      expect(row.series_id === null || typeof row.series_id === 'string').toBe(true);
      expectFigures(row);
    }
    const markets = arr((await ok(api, '/reports/marketplaces?range=last_365_days')).rows).map(rec);
    expect(markets).toHaveLength(9);
    for (const row of markets) {
      expect(str(row.marketplace)).toMatch(/^amazon\./);
      expect(str(row.country)).toMatch(/^[A-Z]{2}$/);
      expectFigures(row);
    }
  });

  it('/books: the catalog with text ISBNs, formats, publication days and KENP page counts', async () => {
    const books = arr((await ok(api, '/books')).books).map(rec);
    expect(books).toHaveLength(14);
    for (const book of books) {
      expect(Object.keys(book).sort()).toEqual(
        [
          'asin',
          'book_id',
          'formats',
          'isbn',
          'kenpc',
          'published_on',
          'series_id',
          'series_position',
          'subtitle',
          'title',
        ].sort(),
      );
      expect(book.isbn === null || /^\d{10}(\d{3})?$/.test(str(book.isbn))).toBe(true);
      expect(arr(book.formats).length).toBeGreaterThan(0);
      expect(str(book.published_on) < TODAY).toBe(true);
      expect(num(book.kenpc)).toBeGreaterThan(0);
    }
    // Two standalones; the rest belong to series.
    expect(books.filter((b) => b.series_id === null)).toHaveLength(2);
  });

  it('/series: three series of five, four and three books, in reading order', async () => {
    const series = arr((await ok(api, '/series')).series).map(rec);
    expect(series.map((s) => arr(s.books).length)).toEqual([5, 4, 3]);
    const catalog = arr((await ok(api, '/books')).books).map(rec);
    for (const entry of series) {
      const books = arr(entry.books).map(rec);
      expect(books.map((b) => b.position)).toEqual(books.map((_, i) => i + 1));
      for (const book of books) {
        const listed = catalog.find((b) => b.book_id === book.book_id)!;
        expect(listed.series_id).toBe(entry.series_id);
        expect(listed.series_position).toBe(book.position);
        expect(listed.title).toBe(book.title);
      }
      // Later books come out later.
      const published = books.map((b) => str(catalog.find((c) => c.book_id === b.book_id)!.published_on));
      expect([...published].sort()).toEqual(published);
    }
  });

  it('/kenp and /kenp/books: pages read with estimated royalties, per day and per book', async () => {
    const kenp = rec((await ok(api, '/kenp')).kenp);
    expect(num(kenp.pages_read)).toBeGreaterThan(0);
    expect(num(kenp.estimated_royalties)).toBeGreaterThan(0);
    const points = arr(kenp.points).map(rec);
    expect(points).toHaveLength(30);
    expect(points.reduce((sum, p) => sum + num(p.pages_read), 0)).toBe(kenp.pages_read);
    const rows = arr((await ok(api, '/kenp/books')).rows).map(rec);
    expect(rows.reduce((sum, r) => sum + num(r.pages_read), 0)).toBe(kenp.pages_read);
    for (const row of rows)
      expect(Object.keys(row).sort()).toEqual(['book_id', 'estimated_royalties', 'pages_read', 'title']);
  });

  it('/free-units: total and rows per book and store; promotions happen in a year', async () => {
    const body = await ok(api, '/free-units?range=last_365_days');
    const rows = arr(body.rows).map(rec);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.reduce((sum, r) => sum + num(r.free_units), 0)).toBe(body.total);
    for (const row of rows)
      expect(Object.keys(row).sort()).toEqual(['book_id', 'free_units', 'marketplace', 'title']);
  });

  it('/series/{id}/read-through: one row per book in order, fractions between 0 and 1', async () => {
    const series = arr((await ok(api, '/series')).series).map(rec);
    expect(series.length).toBeGreaterThan(0);
    for (const entry of series) {
      const body = await ok(
        api,
        `/series/${encodeURIComponent(str(entry.series_id))}/read-through?range=last_365_days`,
      );
      expect(rec(body.series)).toEqual({ series_id: entry.series_id, name: entry.name });
      const rows = arr(body.rows).map(rec);
      expect(rows.map((r) => r.book_id)).toEqual(arr(entry.books).map((b) => rec(b).book_id));
      rows.forEach((row, i) => {
        expect(row.position).toBe(i + 1);
        expect(num(row.readers)).toBeGreaterThan(0);
        const fromFirst = num(row.read_through_from_first);
        expect(fromFirst).toBeGreaterThanOrEqual(0);
        expect(fromFirst).toBeLessThanOrEqual(1);
        if (i === 0) expect(row.read_through_from_previous).toBeNull();
        else {
          const previous = num(rows[i - 1]!.readers);
          expect(row.read_through_from_previous).toBeCloseTo(Math.min(1, num(row.readers) / previous), 4);
        }
      });
    }
  });
});

describe('periods', () => {
  const yesterday = addDays(TODAY, -1);
  const expected: Record<string, [string, string]> = {
    last_7_days: [addDays(yesterday, -6), yesterday],
    last_30_days: [addDays(yesterday, -29), yesterday],
    last_90_days: [addDays(yesterday, -89), yesterday],
    last_365_days: [addDays(yesterday, -364), yesterday],
    month_to_date: [`${yesterday.slice(0, 7)}-01`, yesterday],
    year_to_date: [`${yesterday.slice(0, 4)}-01-01`, yesterday],
  };
  const firstOfThisMonth = `${TODAY.slice(0, 7)}-01`;
  expected.last_month = [`${addDays(firstOfThisMonth, -1).slice(0, 7)}-01`, addDays(firstOfThisMonth, -1)];

  it('each range covers the expected days, ending yesterday', async () => {
    for (const range of RANGES.filter((r) => r !== 'all_time')) {
      const body = await ok(api, `/timeline?range=${range}`);
      const [start, end] = expected[range]!;
      expect([at(body, 'period.start'), at(body, 'period.end')], range).toEqual([start, end]);
      expect(arr(body.points)).toHaveLength(daysBetween(start, end) + 1);
    }
  });

  it('all_time starts on the first publication day, at least two years of daily figures', async () => {
    const first = arr((await ok(api, '/books')).books)
      .map((b) => str(rec(b).published_on))
      .sort()[0]!;
    const body = await ok(api, '/summary?range=all_time');
    expect(at(body, 'period.start')).toBe(first);
    expect(daysBetween(first, TODAY)).toBeGreaterThanOrEqual(730);
  });

  it('the demo account has a weekly rhythm: weekends sell more than midweek over a year', async () => {
    const points = arr((await ok(api, '/timeline?range=last_365_days')).points).map(rec);
    const byWeekday = Array.from({ length: 7 }, () => 0);
    for (const p of points) byWeekday[new Date(`${str(p.date)}T00:00:00Z`).getUTCDay()]! += num(p.units_sold);
    expect(byWeekday[6]!).toBeGreaterThan(byWeekday[2]!);
    expect(byWeekday[0]!).toBeGreaterThan(byWeekday[3]!);
  });

  it('the same request gives the same figures from another server with the same today', async () => {
    await withApi({ today: TODAY }, async (again) => {
      for (const path of [
        '/summary?range=last_90_days&currency=GBP',
        '/reports/books',
        '/books',
        '/free-units',
      ]) {
        expect((await get(again, path)).text).toBe((await get(api, path)).text);
      }
    });
  });
});
