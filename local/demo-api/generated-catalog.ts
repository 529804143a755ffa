// Catalogs of any size for benchmarks and scale tests ('big': 2,000 books, 13 stores, 3 years), drawn
// from a seeded generator. Series hold three to seven books; the rest are standalones.

import type { BookSpec, CatalogSpec, SeriesSpec } from './catalog.ts';
import { MARKETPLACES } from './marketplaces.ts';
import { seededRandom } from './prng.ts';

interface ScaleSpec {
  readonly books: number;
  readonly marketplaces: number;
  readonly years: number;
  readonly series?: number;
}

export const BIG_SCALE: ScaleSpec = { books: 2_000, marketplaces: 13, years: 3, series: 300 };

const ADJECTIVES = [
  'Silent',
  'Crimson',
  'Hidden',
  'Broken',
  'Golden',
  'Last',
  'Wild',
  'Frozen',
  'Secret',
  'Burning',
];
const NOUNS = [
  'River',
  'Orchard',
  'Tower',
  'Harbor',
  'Garden',
  'Empire',
  'Winter',
  'Compass',
  'Lantern',
  'Island',
];
const PATTERNS = [
  (a: string, n: string) => `The ${a} ${n}`,
  (a: string, n: string) => `${n} of the ${a} Moon`,
  (a: string, n: string) => `A ${a} ${n} Summer`,
];

export function validateScale(scale: ScaleSpec): void {
  const whole = (value: number, min: number, max: number) =>
    Number.isInteger(value) && value >= min && value <= max;
  if (!whole(scale.books, 1, 20_000))
    throw new RangeError('scale.books must be a whole number from 1 to 20,000');
  if (!whole(scale.marketplaces, 1, MARKETPLACES.length)) {
    throw new RangeError(`scale.marketplaces must be a whole number from 1 to ${MARKETPLACES.length}`);
  }
  if (!(scale.years > 0 && scale.years <= 10))
    throw new RangeError('scale.years must be above 0 and at most 10');
  if (scale.series !== undefined && !whole(scale.series, 0, scale.books)) {
    throw new RangeError('scale.series must be a whole number from 0 to scale.books');
  }
}

export function generatedCatalog(scale: ScaleSpec, seed: number): CatalogSpec {
  validateScale(scale);
  const random = seededRandom(seed);
  const historyDays = Math.max(2, Math.round(scale.years * 365));
  const seriesCount = scale.series ?? Math.round(scale.books / 7);
  const inSeries = Math.min(scale.books, seriesCount * 5);
  let made = 0;
  const book = (launchDaysAgo: number, readers: number, promotions: boolean): BookSpec => {
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    made += 1;
    return {
      title: pick(PATTERNS)(pick(ADJECTIVES), pick(NOUNS)),
      subtitle: '',
      // The first book opens the account's history; the others fall inside it.
      launchDaysAgo: made === 1 ? historyDays : Math.max(1, Math.min(historyDays, Math.round(launchDaysAgo))),
      readers,
      royaltyCents: 199 + Math.floor(random() * 300),
      kenpc: 250 + Math.floor(random() * 400),
      formats: random() < 0.6 ? ['ebook', 'paperback'] : ['ebook'],
      adBudgetCents: random() < 0.12 ? 200 + Math.floor(random() * 800) : 0,
      promotions,
    };
  };
  const series: SeriesSpec[] = [];
  for (let s = 0; s < seriesCount; s++) {
    const size = Math.floor(inSeries / seriesCount) + (s < inSeries % seriesCount ? 1 : 0);
    let launch = historyDays * (0.3 + 0.7 * random());
    const starter = 0.2 + 3 * random() ** 3;
    const books: BookSpec[] = [];
    for (let p = 0; p < size; p++) {
      books.push(book(launch, starter * 0.7 ** p, p === 0));
      launch -= 45 + random() * 120;
    }
    series.push({ name: `${NOUNS[s % NOUNS.length]} Saga ${s + 1}`, books });
  }
  const standalones: BookSpec[] = [];
  while (made < scale.books) standalones.push(book(historyDays * random(), 0.1 + 2 * random() ** 3, false));
  return { series, standalones, marketplaces: scale.marketplaces };
}
