// The equalities every request keeps: summary = timeline (days and months) = books = marketplaces, to
// the cent (the yen for JPY), in several ranges and currencies; royalties and net profit derived from
// their parts; KENP and free downloads agreeing with the summary; conversion at the fixed rates.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  type DemoApiHandle,
  KENP_RATE_USD_PER_10K_PAGES,
  startDemoApi,
} from '../../local/demo-api/index.ts';
import { arr, at, num, ok, rec, str, TODAY, withApi } from './support.ts';

const AMOUNTS = ['royalties', 'sales_royalties', 'kenp_royalties', 'ad_spend', 'net_profit'];
const COUNTS = ['units_sold', 'kenp_pages', 'free_units'];

let api: DemoApiHandle;
beforeAll(async () => {
  api = await startDemoApi({ today: TODAY });
});
afterAll(() => api.stop());

/** An amount in minor units, refusing amounts with more decimals than the currency has. */
function minor(value: unknown, digits: number): number {
  const scaled = num(value) * 10 ** digits;
  expect(Math.abs(scaled - Math.round(scaled))).toBeLessThan(1e-6);
  return Math.round(scaled);
}

function sumRows(rows: Record<string, unknown>[], field: string, digits: number): number {
  return rows.reduce((sum, row) => sum + minor(row[field], digits), 0);
}

const RANGES = ['last_7_days', 'last_30_days', 'last_month', 'year_to_date', 'last_365_days'];
const CODES = ['USD', 'EUR', 'GBP', 'JPY', 'INR'];

describe.each(RANGES)('range %s', (range) => {
  it.each(CODES)(
    'in %s: summary = timeline = months = books = marketplaces, to the minor unit',
    async (code) => {
      const digits = CURRENCIES[code]!.digits;
      const query = `?range=${range}&currency=${code}`;
      const summary = rec((await ok(api, `/summary${query}`)).totals);
      const views = {
        days: arr((await ok(api, `/timeline${query}`)).points).map(rec),
        months: arr((await ok(api, `/timeline${query}&interval=month`)).points).map(rec),
        books: arr((await ok(api, `/reports/books${query}`)).rows).map(rec),
        marketplaces: arr((await ok(api, `/reports/marketplaces${query}`)).rows).map(rec),
      };
      for (const [view, rows] of Object.entries(views)) {
        for (const field of AMOUNTS)
          expect(sumRows(rows, field, digits), `${view}.${field}`).toBe(minor(summary[field], digits));
        for (const field of COUNTS) expect(sumRows(rows, field, 0), `${view}.${field}`).toBe(summary[field]);
        for (const row of [summary, ...rows]) {
          const [royalties, sales, kenp, ads, net] = AMOUNTS.map((f) => minor(row[f], digits));
          // Free downloads are never royalties: royalties are sales plus KENP, nothing else.
          expect(royalties).toBe(sales! + kenp!);
          expect(net).toBe(royalties! - ads!);
        }
      }
      const kenp = rec((await ok(api, `/kenp${query}`)).kenp);
      expect(kenp.pages_read).toBe(summary.kenp_pages);
      expect(minor(kenp.estimated_royalties, digits)).toBe(minor(summary.kenp_royalties, digits));
      const kenpBooks = arr((await ok(api, `/kenp/books${query}`)).rows).map(rec);
      expect(sumRows(kenpBooks, 'estimated_royalties', digits)).toBe(minor(summary.kenp_royalties, digits));
      expect((await ok(api, `/free-units${query}`)).total).toBe(summary.free_units);
    },
  );
});

describe('currency conversion', () => {
  it('converts every amount at the fixed rate, rounding each figure to the currency’s minor unit', async () => {
    const range = 'last_30_days';
    const usd = rec((await ok(api, `/summary?range=${range}&currency=USD`)).totals);
    const facts = arr((await ok(api, `/books?range=${range}`)).books).length * 9 * 30;
    for (const [code, currency] of Object.entries(CURRENCIES)) {
      const body = await ok(api, `/summary?range=${range}&currency=${code}`);
      expect(body.currency).toBe(code);
      const totals = rec(body.totals);
      const rate = currency.ratePer10k / 10_000;
      const perUnit = 10 ** currency.digits;
      for (const field of ['sales_royalties', 'kenp_royalties', 'ad_spend']) {
        const converted = minor(totals[field], currency.digits);
        const expected = num(usd[field]) * rate * perUnit;
        // Each fact is rounded once in USD and once in the target currency: half a unit each at most.
        const bound = facts * (0.5 + (0.5 * rate * perUnit) / 100);
        expect(Math.abs(converted - expected), `${code} ${field}`).toBeLessThanOrEqual(bound);
        // …and the bound is far below the amount itself.
        expect(bound).toBeLessThan(expected / 10);
      }
      for (const field of ['units_sold', 'kenp_pages', 'free_units']) expect(totals[field]).toBe(usd[field]);
    }
  });

  it('JPY amounts are whole yen', async () => {
    const rows = arr((await ok(api, '/reports/books?currency=JPY&range=last_90_days')).rows).map(rec);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) for (const field of AMOUNTS) expect(Number.isInteger(row[field])).toBe(true);
  });

  it('KENP royalties follow the pages read at the per-page rate', async () => {
    const totals = rec((await ok(api, '/summary?range=last_30_days')).totals);
    const facts = 14 * 9 * 30;
    const expectedCents = (num(totals.kenp_pages) * KENP_RATE_USD_PER_10K_PAGES) / 100;
    expect(Math.abs(minor(totals.kenp_royalties, 2) - expectedCents)).toBeLessThanOrEqual(facts * 0.5);
  });
});

describe('free promotions', () => {
  it('a book gives copies away on promotion days and sells none on them', async () => {
    await withApi(
      {
        today: TODAY,
        scale: { books: 1, marketplaces: 1, years: 1, series: 1 },
      },
      async (single) => {
        const points = arr((await ok(single, '/timeline?range=last_90_days')).points).map(rec);
        const promo = points.filter((p) => num(p.free_units) > 0);
        // KDP Select allows five free days in every ninety.
        expect(promo.length).toBeGreaterThan(0);
        expect(promo.length).toBeLessThanOrEqual(5);
        for (const day of promo) {
          expect(day.units_sold).toBe(0);
          expect(day.sales_royalties).toBe(0);
        }
        const dates = promo.map((p) => str(p.date));
        const after = points.filter((p) => str(p.date) > dates.at(-1)!).slice(0, 7);
        const before = points.filter((p) => str(p.date) < dates[0]!).slice(-7);
        const sum = (days: Record<string, unknown>[]) => days.reduce((s, p) => s + num(p.units_sold), 0);
        // Readers who found the book for free buy more in the week after than in the week before.
        expect([before.length, after.length]).toEqual([7, 7]);
        expect(sum(after)).toBeGreaterThan(sum(before));
        expect(at(await ok(single, '/account'), 'is_demo')).toBe(true);
      },
    );
  });
});
