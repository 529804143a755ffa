// The accounts the server knows, by API key: the demo account (is_demo true) and any configured ones.
// Each holds its catalog and fact model for the current "today" and caches its aggregates per
// (period, currency), so a big account answers repeated requests without re-reading its facts.

import { type Aggregates, aggregate } from './aggregate.ts';
import { assembleCatalog } from './catalog.ts';
import { DEMO_CATALOG } from './demo-catalog.ts';
import { type AccountTuning, type FactModel, factModel } from './facts.ts';
import { BIG_SCALE, generatedCatalog } from './generated-catalog.ts';
import { type Currency, converterFor } from './money.ts';
import type { DayPeriod } from './periods.ts';
import { seedFromText } from './prng.ts';
import { SETTLED, type Settling } from './settling.ts';
import type { DemoScale } from './types.ts';

export interface Account {
  readonly key: string;
  readonly keyName: string;
  readonly isDemo: boolean;
  readonly reportingCurrency: string;
  readonly seed: number;
  /** Days before "today" the key was created, and the time of day. */
  readonly keyCreatedDaysAgo: number;
  /** Time of the previous request made with this key (ms), or null if none yet. */
  lastUsedAt: number | null;
  /** `anchor`: the day the catalog's launches count back from (default today); a moving today keeps it, so
   * past days keep their figures as the nights pass. */
  model(today: number, anchor?: number): FactModel;
  aggregates(
    today: number,
    period: DayPeriod,
    currency: Currency,
    settling?: Settling,
    anchor?: number,
  ): Aggregates;
}

const AGGREGATE_CACHE_SIZE = 64;

export function createAccount(
  settings: {
    key: string;
    keyName: string;
    isDemo: boolean;
    reportingCurrency: string;
    scale: DemoScale;
    tuning?: AccountTuning;
  },
  rowReadCap: number,
): Account {
  // The demo account's figures are the same on every machine; other accounts get figures of their own.
  const seed = settings.isDemo ? 20_261_120 : seedFromText(settings.key);
  const spec = catalogSpecFor(settings.scale, seed);
  let modelToday = '';
  let model: FactModel | null = null;
  const cache = new Map<string, Aggregates>();
  const modelFor = (today: number, anchor = today): FactModel => {
    if (model === null || modelToday !== `${today}|${anchor}`) {
      model = factModel(assembleCatalog(spec, seed, anchor), seed, today, settings.tuning);
      modelToday = `${today}|${anchor}`;
      cache.clear();
    }
    return model;
  };
  return {
    key: settings.key,
    keyName: settings.keyName,
    isDemo: settings.isDemo,
    reportingCurrency: settings.reportingCurrency,
    seed,
    keyCreatedDaysAgo: 40 + (seed % 300),
    lastUsedAt: null,
    model: modelFor,
    aggregates(today, period, currency, settling = SETTLED, anchor = today) {
      const current = modelFor(today, anchor);
      const cacheKey = `${period.start}|${period.end}|${currency.code}|${settling.version}`;
      let found = cache.get(cacheKey);
      if (!found) {
        found = aggregate(current, period, converterFor(currency), rowReadCap, (day) =>
          settling.scale(day, today),
        );
        if (cache.size >= AGGREGATE_CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
        cache.set(cacheKey, found);
      }
      return found;
    },
  };
}

function catalogSpecFor(scale: DemoScale, seed: number) {
  if (scale === 'demo') return DEMO_CATALOG;
  return generatedCatalog(scale === 'big' ? BIG_SCALE : scale, seed);
}
