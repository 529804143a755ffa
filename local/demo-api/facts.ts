// The one model every figure comes from: for each (day, book, store), whole numbers of units sold, KENP
// pages read, free downloads and ad spend in US cents, drawn from a seeded hash. Demand follows a weekly
// rhythm, the season, a launch spike that settles into a slow decline, and free promotions (5 days in
// every 90) during which the book sells nothing, gives copies away, and then sells more for a while.

import type { Book, Catalog } from './catalog.ts';
import { monthOf, parseDay, weekday } from './dates.ts';

/** Sunday … Saturday: readers buy more at the weekend. */
const WEEKLY = [1.18, 0.92, 0.9, 0.93, 0.97, 1.03, 1.15];
/** January … December: the holidays and New Year sell best. */
const SEASON = [1.15, 0.95, 1, 0.95, 0.92, 0.95, 1.05, 1, 0.92, 0.97, 1.05, 1.2];
const PROMO_DAYS = 5;
const PROMO_CYCLE = 90;
/** Kindle Unlimited readers per buyer, and how much of a book they read on average. */
const KU_READERS = 1.1;
const KU_COMPLETION = 0.8;
/** Days a later book in a series is advertised after its launch. */
const LAUNCH_ADS_DAYS = 60;

export interface FactModel {
  readonly catalog: Catalog;
  readonly seed: number;
  /** Royalty per unit in US cents, per (book × store). */
  readonly royaltyCents: Int32Array;
  /** Daily ad budget in US cents, per (book × store); 0 where the book is never advertised there. */
  readonly adBudgetCents: Int32Array;
  /** Per book, flat for the hot loop: launch day, readers, KENP pages per reader, first promotion (-1: none). */
  readonly launchDay: Int32Array;
  readonly readers: Float64Array;
  readonly pagesPerReader: Float64Array;
  readonly promoOffset: Int32Array;
  /** Per book, the first day it sells nothing (a book taken off sale, a broken listing); +∞: never. */
  readonly stopDay: Float64Array;
  /** Whether the book is advertised all the time (series starters, standalones) or only after launch. */
  readonly adsAlways: Uint8Array;
  readonly adsAtLaunch: Uint8Array;
  /** Demand by days since launch: a launch sells four times the settled rate, fading over weeks; the
   * settled rate declines over years. */
  readonly lifeByAge: Float64Array;
}

/** How an account differs from the demo's shape: scenarios the alerts are tested on. */
export interface AccountTuning {
  /** Every ad budget times this (an account that spends less on ads, or none). Default 1. */
  readonly adSpend?: number;
  /** Every book's buyers times this (0.02: a quiet catalogue whose books go days without a sale). Default 1. */
  readonly sales?: number;
  /** A book (by title) that sells nothing from a day on (`YYYY-MM-DD`): pages are still read. */
  readonly salesStop?: { readonly title: string; readonly from: string };
}

export function factModel(
  catalog: Catalog,
  seed: number,
  today: number,
  tuning: AccountTuning = {},
): FactModel {
  const adSpend = tuning.adSpend ?? 1;
  const sales = tuning.sales ?? 1;
  const stop = tuning.salesStop;
  const { books, marketplaces, shares } = catalog;
  const stores = marketplaces.length;
  const royaltyCents = new Int32Array(books.length * stores);
  const adBudgetCents = new Int32Array(books.length * stores);
  const usShare = shares[0] ?? 1;
  for (const book of books) {
    marketplaces.forEach((market, m) => {
      royaltyCents[book.index * stores + m] = Math.round(book.royaltyCents * market.priceLevel);
      if (market.ads)
        adBudgetCents[book.index * stores + m] = Math.round(
          (book.adBudgetCents * adSpend * shares[m]!) / usShare,
        );
    });
  }
  const lifeByAge = new Float64Array(Math.max(1, today - catalog.firstDay + 1));
  for (let age = 0; age < lifeByAge.length; age++) {
    lifeByAge[age] = (1 + 3 * Math.exp(-age / 21)) * Math.max(0.35, Math.exp(-age / 1_100));
  }
  const perBook = <T>(
    make: (length: number) => T & { [i: number]: number },
    value: (book: Book) => number,
  ) => {
    const array = make(books.length);
    for (const book of books) array[book.index] = value(book);
    return array;
  };
  return {
    catalog,
    seed,
    royaltyCents,
    adBudgetCents,
    launchDay: perBook(
      (n) => new Int32Array(n),
      (book) => book.launchDay,
    ),
    readers: perBook(
      (n) => new Float64Array(n),
      (book) => book.readers * sales,
    ),
    stopDay: perBook(
      (n) => new Float64Array(n),
      (book) =>
        stop && book.title === stop.title
          ? (parseDay(stop.from) ?? Number.POSITIVE_INFINITY)
          : Number.POSITIVE_INFINITY,
    ),
    pagesPerReader: perBook(
      (n) => new Float64Array(n),
      (book) => KU_READERS * KU_COMPLETION * book.kenpc,
    ),
    promoOffset: perBook(
      (n) => new Int32Array(n),
      (book) => (book.promotions ? book.promoOffset : -1),
    ),
    adsAlways: perBook(
      (n) => new Uint8Array(n),
      (book) => (book.adBudgetCents > 0 && (book.seriesPosition ?? 1) === 1 ? 1 : 0),
    ),
    adsAtLaunch: perBook(
      (n) => new Uint8Array(n),
      (book) => (book.adBudgetCents > 0 ? 1 : 0),
    ),
    lifeByAge,
  };
}

/** Expected figures of one book on one day, across all stores (before the store shares and noise). */
export interface BookDay {
  units: number;
  pages: number;
  free: number;
  advertised: boolean;
}

/** Multipliers that depend only on the day, computed once per day. */
export function dayFactor(day: number): number {
  return WEEKLY[weekday(day)]! * SEASON[monthOf(day)]!;
}

/** Sales after a promotion, by day of the 90-day cycle; and free downloads by day of the promotion. */
const AFTER_PROMO = Float64Array.from({ length: PROMO_CYCLE }, (_, k) =>
  k >= PROMO_DAYS && k < PROMO_DAYS + 20 ? 1 + 1.2 * Math.exp(-(k - PROMO_DAYS) / 5) : 1,
);
const FREE_PER_READER = Float64Array.from({ length: PROMO_DAYS }, (_, k) => 45 * Math.exp(-k / 1.8));

/** Fills `out` with the book's expectations for a day; false when the book was not yet on sale. */
export function bookDay(model: FactModel, b: number, day: number, factor: number, out: BookDay): boolean {
  const age = day - model.launchDay[b]!;
  if (age < 0) return false;
  const readers = model.readers[b]!;
  const offset = model.promoOffset[b]!;
  const cycleDay = offset >= 0 && age >= offset ? (age - offset) % PROMO_CYCLE : -1;
  const inPromo = cycleDay >= 0 && cycleDay < PROMO_DAYS;
  const demand = readers * model.lifeByAge[age]! * factor * (cycleDay >= 0 ? AFTER_PROMO[cycleDay]! : 1);
  out.units = inPromo || day >= model.stopDay[b]! ? 0 : demand;
  out.pages = demand * model.pagesPerReader[b]!;
  out.free = inPromo ? readers * FREE_PER_READER[cycleDay]! : 0;
  out.advertised = model.adsAlways[b] === 1 || (model.adsAtLaunch[b] === 1 && age < LAUNCH_ADS_DAYS);
  return true;
}

/** A whole-number draw with the given mean: noise of ±50% around it, then a random rounding. */
export function draw(mean: number, word: number): number {
  if (mean <= 0) return 0;
  return Math.floor(mean * (0.5 + (word & 0xffff) / 65_536) + (word >>> 16) / 65_536);
}
