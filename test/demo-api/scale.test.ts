// The big account for benchmarks, and the row-read cap past which responses are truncated and too low.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoApiHandle, startDemoApi } from '../../local/demo-api/index.ts';
import { addDays, arr, at, daysBetween, num, ok, rec, str, TODAY, withApi } from './support.ts';

const FIGURES = ['royalties', 'sales_royalties', 'kenp_royalties', 'ad_spend', 'units_sold', 'kenp_pages'];

describe('big account', () => {
  let big: DemoApiHandle;
  beforeAll(async () => {
    big = await startDemoApi({ today: TODAY, scale: 'big' });
  });
  afterAll(() => big.stop());

  it('has 2,000 books in 13 stores over 3 years', async () => {
    const books = arr((await ok(big, '/books')).books).map(rec);
    expect(books).toHaveLength(2_000);
    expect(new Set(books.map((b) => b.book_id)).size).toBe(2_000);
    const markets = arr((await ok(big, '/reports/marketplaces?range=last_365_days')).rows);
    expect(markets).toHaveLength(13);
    const first = books.map((b) => str(b.published_on)).sort()[0]!;
    expect(Math.round(daysBetween(first, TODAY) / 365)).toBe(3);
    const series = arr((await ok(big, '/series')).series);
    expect(series.length).toBeGreaterThan(0);
  });

  it('keeps summary = books = marketplaces over a year', async () => {
    const summary = rec((await ok(big, '/summary?range=last_365_days')).totals);
    for (const path of ['/reports/books', '/reports/marketplaces']) {
      const rows = arr((await ok(big, `${path}?range=last_365_days`)).rows).map(rec);
      for (const field of FIGURES) {
        const sum = rows.reduce((s, r) => s + Math.round(num(r[field]) * 100), 0);
        expect(sum, `${path} ${field}`).toBe(Math.round(num(summary[field]) * 100));
      }
    }
  });
});

describe('row-read cap', () => {
  let full: DemoApiHandle;
  let capped: DemoApiHandle;
  // More rows than a week can hold (14 books × 9 stores × 7 days), far fewer than 90 days hold.
  const cap = 14 * 9 * 7;
  beforeAll(async () => {
    full = await startDemoApi({ today: TODAY });
    capped = await startDemoApi({ today: TODAY, rowReadCap: cap });
  });
  afterAll(async () => {
    await full.stop();
    await capped.stop();
  });

  it('past the cap: meta.truncated true and figures too low', async () => {
    const all = await ok(full, '/summary?range=last_90_days');
    const cut = await ok(capped, '/summary?range=last_90_days');
    expect(at(all, 'meta.truncated')).toBe(false);
    expect(at(cut, 'meta.truncated')).toBe(true);
    const [allTotals, cutTotals] = [rec(all.totals), rec(cut.totals)];
    expect(num(cutTotals.royalties)).toBeLessThan(num(allTotals.royalties));
    for (const field of FIGURES) expect(num(cutTotals[field])).toBeLessThanOrEqual(num(allTotals[field]));
  });

  it('a truncated response still agrees with itself, and holds only the days it could read', async () => {
    const summary = rec((await ok(capped, '/summary?range=last_90_days')).totals);
    const timeline = await ok(capped, '/timeline?range=last_90_days');
    const points = arr(timeline.points).map(rec);
    expect(at(timeline, 'meta.truncated')).toBe(true);
    expect(points.length).toBeLessThan(90);
    expect(points[0]!.date).toBe(at(timeline, 'period.start'));
    const books = arr((await ok(capped, '/reports/books?range=last_90_days')).rows).map(rec);
    for (const rows of [points, books]) {
      for (const field of FIGURES) {
        const sum = rows.reduce((s, r) => s + Math.round(num(r[field]) * 100), 0);
        expect(sum, field).toBe(Math.round(num(summary[field]) * 100));
      }
    }
  });

  it('a short period under the cap is complete and equal to the uncapped answer', async () => {
    const path = '/summary?range=last_7_days';
    const small = await ok(capped, path);
    expect(at(small, 'meta.truncated')).toBe(false);
    expect(small).toEqual(await ok(full, path));
  });

  it('the catalog lists only as many books as the cap allows', async () => {
    await withApi({ today: TODAY, rowReadCap: 6 }, async (tiny) => {
      const catalog = await ok(tiny, '/books');
      expect(arr(catalog.books)).toHaveLength(6);
      expect(at(catalog, 'meta.truncated')).toBe(true);
      const series = await ok(tiny, '/series');
      expect(arr(series.series).reduce<number>((n, s) => n + arr(rec(s).books).length, 0)).toBe(6);
      expect(at(series, 'meta.truncated')).toBe(true);
    });
  });
});

describe('scale options', () => {
  it('builds a custom size and refuses impossible ones', async () => {
    await withApi(
      {
        today: TODAY,
        scale: { books: 30, marketplaces: 4, years: 1.5, series: 3 },
      },
      async (custom) => {
        const books = arr((await ok(custom, '/books')).books).map(rec);
        expect(books).toHaveLength(30);
        expect(books.filter((b) => b.series_id !== null)).toHaveLength(15);
        const first = books.map((b) => str(b.published_on)).sort()[0]!;
        expect(first).toBe(addDays(TODAY, -Math.round(1.5 * 365)));
        expect(arr((await ok(custom, '/reports/marketplaces?range=last_365_days')).rows)).toHaveLength(4);
      },
    );
    await expect(startDemoApi({ scale: { books: 0, marketplaces: 1, years: 1 } })).rejects.toThrow(/books/);
    await expect(startDemoApi({ scale: { books: 5, marketplaces: 14, years: 1 } })).rejects.toThrow(
      /marketplaces/,
    );
    await expect(startDemoApi({ today: '2026-02-30' })).rejects.toThrow(/today/);
  });
});
