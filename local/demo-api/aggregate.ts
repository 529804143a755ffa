// One pass over the facts of a period, in one currency, adding each fact into the totals per book, per
// store, per day and per (book, store). Every endpoint reads these same sums, which is why summary =
// timeline = books = marketplaces holds exactly. Facts are read day by day, book by book, store by store;
// a row-read cap stops the pass early, as the real API does when it cannot read every row.

import { type BookDay, bookDay, dayFactor, draw, type FactModel } from './facts.ts';
import type { Converter } from './money.ts';
import type { DayPeriod } from './periods.ts';
import { hashWord } from './prng.ts';

/** Slots of one figure vector: whole numbers, amounts in minor units of the response currency. */
export const F = { units: 0, sales: 1, pages: 2, kenp: 3, free: 4, ads: 5 } as const;
export const FIGURE_SLOTS = 6;

export interface Aggregates {
  readonly start: number;
  readonly total: Float64Array;
  /** Days of the period that were read (all of them unless truncated). */
  readonly daysRead: number;
  readonly byBook: Float64Array;
  readonly byMarket: Float64Array;
  readonly byDay: Float64Array;
  /** Free downloads per (book × store). */
  readonly freeByBookMarket: Float64Array;
  /** Whether any fact of the book / store was read: only those get a report row. */
  readonly bookRead: Uint8Array;
  readonly marketRead: Uint8Array;
  readonly rowsRead: number;
  readonly truncated: boolean;
}

export function aggregate(
  model: FactModel,
  period: DayPeriod,
  convert: Converter,
  rowReadCap: number,
  /** Share of each day's figures counted so far (settling.ts); 1 = final. */
  scaleOf: (day: number) => number = () => 1,
): Aggregates {
  const { books, marketplaces, shares } = model.catalog;
  const stores = marketplaces.length;
  const days = period.end - period.start + 1;
  // Facts add into (book × store) and per-day vectors only; the other totals are sums of those.
  const byBookMarket = new Float64Array(books.length * stores * FIGURE_SLOTS);
  const byDay = new Float64Array(days * FIGURE_SLOTS);
  const expected: BookDay = { units: 0, pages: 0, free: 0, advertised: false };
  const { seed, royaltyCents, adBudgetCents } = model;
  let rowsRead = 0;
  let lastDayRead = -1;
  let truncated = false;

  scan: for (let d = 0; d < days; d++) {
    const day = period.start + d;
    const factor = dayFactor(day);
    const scale = scaleOf(day);
    const dayAt = d * FIGURE_SLOTS;
    for (let b = 0; b < books.length; b++) {
      if (!bookDay(model, b, day, factor, expected)) continue;
      if (scale !== 1) {
        expected.units *= scale;
        expected.pages *= scale;
        expected.free *= scale;
      }
      for (let m = 0; m < stores; m++) {
        const share = shares[m]!;
        const cell = b * stores + m;
        const units = draw(expected.units * share, hashWord(seed, b, m, day, 0));
        const pages = draw(expected.pages * share, hashWord(seed, b, m, day, 1));
        const free = expected.free > 0 ? draw(expected.free * share, hashWord(seed, b, m, day, 2)) : 0;
        const budget = expected.advertised ? adBudgetCents[cell]! : 0;
        const adCents = budget > 0 ? draw(budget, hashWord(seed, b, m, day, 3)) : 0;
        if (units === 0 && pages === 0 && free === 0 && adCents === 0) continue;
        if (rowsRead >= rowReadCap) {
          truncated = true;
          break scan;
        }
        rowsRead += 1;
        lastDayRead = d;
        const sales = units === 0 ? 0 : convert.fromUsdCents(units * royaltyCents[cell]!);
        const kenp = convert.fromKenpPages(pages);
        const ads = convert.fromUsdCents(adCents);
        addFact(byBookMarket, cell * FIGURE_SLOTS, units, sales, pages, kenp, free, ads);
        addFact(byDay, dayAt, units, sales, pages, kenp, free, ads);
      }
    }
  }
  return {
    start: period.start,
    daysRead: truncated ? lastDayRead + 1 : days,
    byDay,
    ...rollUp(byBookMarket, books.length, stores),
    rowsRead,
    truncated,
  };
}

/** Adds one fact's figures into the vector at `offset` (scalars, not an array: this runs millions of times). */
function addFact(
  target: Float64Array,
  offset: number,
  units: number,
  sales: number,
  pages: number,
  kenp: number,
  free: number,
  ads: number,
): void {
  target[offset + F.units]! += units;
  target[offset + F.sales]! += sales;
  target[offset + F.pages]! += pages;
  target[offset + F.kenp]! += kenp;
  target[offset + F.free]! += free;
  target[offset + F.ads]! += ads;
}

/** Totals per book, per store and overall from the (book × store) vectors. */
function rollUp(byBookMarket: Float64Array, bookCount: number, stores: number) {
  const total = new Float64Array(FIGURE_SLOTS);
  const byBook = new Float64Array(bookCount * FIGURE_SLOTS);
  const byMarket = new Float64Array(stores * FIGURE_SLOTS);
  const freeByBookMarket = new Float64Array(bookCount * stores);
  const bookRead = new Uint8Array(bookCount);
  const marketRead = new Uint8Array(stores);
  for (let b = 0; b < bookCount; b++) {
    for (let m = 0; m < stores; m++) {
      const at = (b * stores + m) * FIGURE_SLOTS;
      let any = false;
      for (let f = 0; f < FIGURE_SLOTS; f++) {
        const value = byBookMarket[at + f]!;
        if (value === 0) continue;
        any = true;
        total[f]! += value;
        byBook[b * FIGURE_SLOTS + f]! += value;
        byMarket[m * FIGURE_SLOTS + f]! += value;
      }
      freeByBookMarket[b * stores + m] = byBookMarket[at + F.free]!;
      if (any) {
        bookRead[b] = 1;
        marketRead[m] = 1;
      }
    }
  }
  return { total, byBook, byMarket, freeByBookMarket, bookRead, marketRead };
}
