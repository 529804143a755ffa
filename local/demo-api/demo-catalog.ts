// The demo account's fictional author: three series (five, four and three books), two standalones and
// nine stores, the first launch about two and three-quarter years ago and the latest three weeks ago.

import type { BookSpec, CatalogSpec } from './catalog.ts';

interface SeriesPlan {
  readonly name: string;
  readonly subtitle: (position: number) => string;
  readonly titles: readonly string[];
  readonly launchesDaysAgo: readonly number[];
  readonly starterReaders: number;
  /** Share of a book's readers who go on to the next one. */
  readonly readThrough: number;
  readonly royaltyCents: number;
  readonly kenpc: readonly number[];
  readonly adBudgetCents: number;
}

const SERIES: readonly SeriesPlan[] = [
  {
    name: 'The Ember Crown',
    subtitle: (position) => `The Ember Crown, Book ${position}`,
    titles: [
      'Ashes of the Ember Crown',
      'The Iron Heir',
      'Crown of Cinders',
      'The Shattered Throne',
      'Embers Rising',
    ],
    launchesDaysAgo: [1000, 880, 760, 610, 430],
    starterReaders: 14,
    readThrough: 0.74,
    royaltyCents: 349,
    kenpc: [612, 655, 701, 688, 742],
    adBudgetCents: 1_500,
  },
  {
    name: 'Salt & Starlight Mysteries',
    subtitle: () => 'A Salt & Starlight Cozy Mystery',
    titles: [
      'Murder at Saltmarsh Bay',
      'The Starlight Inn Affair',
      'A Body in the Boathouse',
      'Death by Sea Glass',
    ],
    launchesDaysAgo: [820, 700, 520, 300],
    starterReaders: 10,
    readThrough: 0.68,
    royaltyCents: 279,
    kenpc: [388, 402, 375, 410],
    adBudgetCents: 1_200,
  },
  {
    name: 'Hollow City Files',
    subtitle: (position) => `Hollow City Files #${position}`,
    titles: ['Hollow City', 'Neon Ghosts', 'The Glass Precinct'],
    launchesDaysAgo: [380, 200, 24],
    starterReaders: 8,
    readThrough: 0.71,
    royaltyCents: 349,
    kenpc: [455, 470, 498],
    adBudgetCents: 1_300,
  },
];

function standalone(title: string, launchDaysAgo: number, readers: number, kenpc: number): BookSpec {
  return {
    title,
    subtitle: 'A Novel',
    launchDaysAgo,
    readers,
    royaltyCents: 419,
    kenpc,
    formats: ['ebook', 'paperback', 'hardcover'],
    adBudgetCents: 800,
    promotions: false,
  };
}

export const DEMO_CATALOG: CatalogSpec = {
  marketplaces: 9,
  series: SERIES.map((plan) => ({
    name: plan.name,
    books: plan.titles.map(
      (title, i): BookSpec => ({
        title,
        subtitle: plan.subtitle(i + 1),
        launchDaysAgo: plan.launchesDaysAgo[i]!,
        readers: plan.starterReaders * plan.readThrough ** i,
        royaltyCents: plan.royaltyCents,
        kenpc: plan.kenpc[i]!,
        formats: ['ebook', 'paperback'],
        // Series starters are advertised all the time; later books only around their launch.
        adBudgetCents: i === 0 ? plan.adBudgetCents : Math.round(plan.adBudgetCents / 3),
        promotions: i === 0,
      }),
    ),
  })),
  standalones: [
    standalone("The Lighthouse Keeper's Daughter", 900, 5, 520),
    standalone('Winter Orchard', 150, 4, 466),
  ],
};
