// The account's books, series and stores, and what drives each book's daily figures. Built once per
// (account, today) from a seeded generator: the same inputs give the same catalog on every run.

import { formatDay } from './dates.ts';
import { MARKETPLACES, type Marketplace } from './marketplaces.ts';
import { seededRandom } from './prng.ts';

/** One book as written by a catalog source, launch given relative to "today". */
export interface BookSpec {
  readonly title: string;
  readonly subtitle: string;
  readonly launchDaysAgo: number;
  /** Expected buyers a day across all stores once the launch has settled. */
  readonly readers: number;
  /** Royalty per unit sold on amazon.com, in US cents. */
  readonly royaltyCents: number;
  /** KENP page count (Kindle Edition Normalized Pages). */
  readonly kenpc: number;
  readonly formats: readonly string[];
  /** Daily ad budget on amazon.com in US cents; 0 = never advertised. */
  readonly adBudgetCents: number;
  /** Whether the book runs a free promotion (5 days every 90, as KDP Select allows). */
  readonly promotions: boolean;
}

export interface SeriesSpec {
  readonly name: string;
  readonly books: readonly BookSpec[];
}

export interface CatalogSpec {
  readonly series: readonly SeriesSpec[];
  readonly standalones: readonly BookSpec[];
  readonly marketplaces: number;
}

export interface Book extends BookSpec {
  readonly index: number;
  readonly bookId: string;
  readonly asin: string;
  readonly isbn: string | null;
  readonly seriesId: string | null;
  readonly seriesPosition: number | null;
  readonly launchDay: number;
  readonly publishedOn: string;
  /** Days after launch of the first free promotion. */
  readonly promoOffset: number;
}

export interface Series {
  readonly seriesId: string;
  readonly name: string;
  /** Indexes into Catalog.books, in reading order. */
  readonly bookIndexes: readonly number[];
}

export interface Catalog {
  readonly books: readonly Book[];
  readonly series: readonly Series[];
  readonly marketplaces: readonly Marketplace[];
  /** Each store's share of a book's buyers, normalised over the stores in use. */
  readonly shares: readonly number[];
  /** The first day any book was on sale. */
  readonly firstDay: number;
}

export function assembleCatalog(spec: CatalogSpec, seed: number, today: number): Catalog {
  const random = seededRandom(seed ^ 0x5eed);
  const books: Book[] = [];
  const series: Series[] = [];
  const addBook = (bookSpec: BookSpec, seriesId: string | null, position: number | null): number => {
    const index = books.length;
    const launchDay = today - bookSpec.launchDaysAgo;
    books.push({
      ...bookSpec,
      index,
      bookId: `bk_${String(index + 1).padStart(4, '0')}`,
      asin: `B0${randomCode(random, 8)}`,
      isbn: bookSpec.formats.some((format) => format !== 'ebook') ? isbn13(random) : null,
      seriesId,
      seriesPosition: position,
      launchDay,
      publishedOn: formatDay(launchDay),
      promoOffset: 20 + Math.floor(random() * 60),
    });
    return index;
  };
  spec.series.forEach((seriesSpec, i) => {
    const seriesId = `sr_${String(i + 1).padStart(3, '0')}`;
    const bookIndexes = seriesSpec.books.map((bookSpec, position) =>
      addBook(bookSpec, seriesId, position + 1),
    );
    series.push({ seriesId, name: seriesSpec.name, bookIndexes });
  });
  for (const bookSpec of spec.standalones) addBook(bookSpec, null, null);

  const marketplaces = MARKETPLACES.slice(0, spec.marketplaces);
  const shareSum = marketplaces.reduce((sum, market) => sum + market.share, 0);
  const firstDay = books.reduce((first, book) => Math.min(first, book.launchDay), today);
  return { books, series, marketplaces, shares: marketplaces.map((m) => m.share / shareSum), firstDay };
}

const CODE_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function randomCode(random: () => number, length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CODE_CHARS[Math.floor(random() * CODE_CHARS.length)];
  return code;
}

/** A valid ISBN-13 in the 979-8 range that KDP assigns, check digit included. */
function isbn13(random: () => number): string {
  let digits = '9798';
  while (digits.length < 12) digits += String(Math.floor(random() * 10));
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 1 : 3);
  return digits + String((10 - (sum % 10)) % 10);
}
