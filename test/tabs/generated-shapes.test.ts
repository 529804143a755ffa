// Generative shape test: the demo account's figures in response shapes composed from transformations an
// unknown API might apply (list and envelope names, nesting, key casing, records as objects, column-wise,
// keyed by id or wrapped in attributes, amounts as numbers, text, amount objects or display text with a
// decimal point or a decimal comma, royalties in parts beside their total, a previous-period sibling, pages
// of any style (counts with offset/limit, page/per_page, start/count among them), days as keys,
// undocumented extra fields; rates out of 100, Unix dates, money split in two parts, a summary in several
// currencies; and what a response says beside its rows: a row sent again on the next page, a count of rows
// in a header, flags written as text or numbers, a report answered "still preparing" (202) before it is
// ready, a byte-order mark before the JSON). For every generated shape,
// through the built add-on in the emulator: each figure reaches its tab and its formula exactly, or the
// tab (and the formula) says loudly what it could not read; reconciliation never flags the demo's
// consistent figures; a formula's royalties are this period's to the cent, or a message, never a guess.
// fast-check prints the seed and the shape of a failing run; SHAPES_SEED=<seed> replays it.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ComposedShape,
  type FaultSpec,
  MORE_PAGING_STYLES,
  PAGING_STYLES,
  type PagingSpec,
} from '../../local/demo-api/index.ts';
import type { UnseenClasses } from '../../local/demo-api/unseen-shapes.ts';
import type { Check } from '../../src/core/checks/index.ts';
import { ENDPOINTS, type EndpointId } from '../../src/core/endpoints.ts';
import type { AddOn } from '../support/addon.ts';
import { expectNoKeyLeak } from '../support/leaks.ts';
import { missingNumbers, type SentNumber, sentNumbers, shownNumbers } from '../support/numbers.ts';
import { apiGet, chooseSettings, ourTab, refresh, startWithKey } from './support.ts';

const TABS = [
  'summary',
  'books-report',
  'marketplaces-report',
  'timeline',
  'kenp-books',
  'free-units',
] as const;
/** The custom function of each tab's report. */
const FORMULAS: Partial<Record<EndpointId, string>> = {
  'books-report': 'ROYALTIES_BOOKS',
  timeline: 'ROYALTIES_TIMELINE',
};
/** Banner words that say the figures may be incomplete or wrong: the loud alternative to every figure. */
const LOUD = /too low|could not be read|failed for this tab|do not add up/;
const PAST_CACHE = 7 * 60 * 60 * 1000;

const baseShapes: fc.Arbitrary<ComposedShape> = fc.record({
  kind: fc.constant('composed' as const),
  records: fc.constantFrom('demo', 'column-wise', 'keyed-by-id', 'attributes'),
  listName: fc.constantFrom(null, 'data', 'items', 'results', 'records', 'entries'),
  nest: fc.constantFrom(null, 'data', 'result', 'attributes'),
  casing: fc.constantFrom('snake', 'camel', 'kebab', 'title'),
  amounts: fc.constantFrom('number', 'string', 'object', 'display-en', 'display-de'),
  parts: fc.boolean(),
  previous: fc.boolean(),
  daysAsKeys: fc.boolean(),
  extra: fc.boolean(),
});
/** Classes the report readers meet without knowing their names (unseen-shapes.ts): rates out of 100,
 * Unix dates, split money, a summary in several currencies. Each is left out where another transformation
 * would rewrite the same fields (split money's parts written as text, a second currency's amounts tagged
 * with the first's). */
const unseenClasses: fc.Arbitrary<UnseenClasses> = fc.record(
  {
    ratesOutOf100: fc.boolean(),
    unixDates: fc.constantFrom('seconds', 'milliseconds'),
    splitMoney: fc.constantFrom('money-type', 'units-cents', 'major-minor'),
    severalCurrencies: fc.boolean(),
  },
  { requiredKeys: [] },
);
const shapes: fc.Arbitrary<ComposedShape> = fc
  .tuple(baseShapes, fc.option(unseenClasses, { nil: undefined }))
  .map(([shape, unseen]) => {
    if (!unseen) return shape;
    const plainAmounts = unseen.splitMoney || unseen.severalCurrencies;
    return {
      ...shape,
      unseen,
      ...(plainAmounts ? { parts: false, amounts: shape.amounts === 'string' ? 'string' : 'number' } : {}),
    } as ComposedShape;
  });

/** What each unseen class must give, beside every figure: days (no raw Unix time), rates as fractions,
 * the summary's currencies said. */
function expectUnseenClasses(unseen: UnseenClasses | undefined, severalCurrencies: boolean): void {
  if (unseen?.unixDates && !LOUD.test(banner('timeline')))
    expect(shownNumbers(ourTab(addOn, 'timeline').values).filter((n) => n >= 1e9)).toEqual([]);
  if (unseen?.ratesOutOf100 && !LOUD.test(banner('books-report'))) {
    const { values } = ourTab(addOn, 'books-report');
    // Read without a loud banner: the headers, and a row per book below them.
    expect(values[1]!.length).toBeGreaterThan(0);
    expect(values.length).toBeGreaterThan(2);
    values[1]!.forEach((header, at) => {
      if (/share/i.test(String(header)))
        for (const row of values.slice(2))
          if (typeof row[at] === 'number') expect(row[at], String(header)).toBeLessThanOrEqual(1);
    });
  }
  if (severalCurrencies) expect(banner('summary')).toMatch(/Currencies USD, EUR/);
}

const pagings: fc.Arbitrary<PagingSpec | null> = fc.option(
  fc.record({
    size: fc.integer({ min: 3, max: 12 }),
    style: fc.constantFrom(...PAGING_STYLES, ...MORE_PAGING_STYLES),
  }),
  { nil: null },
);

/** What a response says beside its rows: flags written another way, reports answered 202 (with a
 * Retry-After) before they are ready, a byte-order mark before every body. */
interface Signals {
  readonly flags: ComposedShape['flags'] | null;
  readonly preparing: readonly EndpointId[];
  readonly byteOrderMark: boolean;
}
const signals: fc.Arbitrary<Signals> = fc.record({
  flags: fc.constantFrom(null, 'text' as const, 'number' as const, 'word' as const),
  preparing: fc.subarray([...TABS]),
  byteOrderMark: fc.boolean(),
});

/** The demo API set to send `given`: the shape's flags, the faults. */
async function sendSignals(shape: ComposedShape, given: Signals): Promise<void> {
  await addOn.api.clearFaults();
  await addOn.api.setShape(given.flags ? { ...shape, flags: given.flags } : shape);
  if (given.byteOrderMark) await addOn.api.setFaults('*', { body: 'byte-order-mark' });
  for (const tab of given.preparing) {
    const fault: FaultSpec = { statuses: [{ status: 202, retryAfter: 1 }] };
    await addOn.api.setFaults(ENDPOINTS[tab].path, fault);
  }
}

let addOn: AddOn;
const sent = new Map<EndpointId, SentNumber[]>();
let royalties = 0;

beforeAll(async () => {
  addOn = await startWithKey();
  addOn.emulator.run('setFormulaAccess', [true]);
  chooseSettings(addOn, { tabs: [...TABS] });
  for (const tab of TABS) sent.set(tab, sentNumbers(await apiGet(addOn, ENDPOINTS[tab].path)));
  royalties = ((await apiGet(addOn, '/summary')).totals as { royalties: number }).royalties;
});
afterAll(async () => {
  await addOn?.close();
});

function banner(tab: EndpointId): string {
  return String(ourTab(addOn, tab).values[0]![0]);
}

describe('generated response shapes', () => {
  it('every figure reaches its tab and formula, or the tab says loudly what it could not read', async () => {
    await fc.assert(
      fc.asyncProperty(shapes, pagings, signals, async (shape, paging, given) => {
        await sendSignals(shape, given);
        await addOn.api.setPaging(paging);
        addOn.emulator.clock.advance(PAST_CACHE);
        const result = refresh(addOn) as unknown as { checks: Check[] };
        for (const tab of TABS) {
          const loud = LOUD.test(banner(tab));
          if (!loud) {
            const shown = shownNumbers(ourTab(addOn, tab).values);
            expect(missingNumbers(sent.get(tab)!, shown), `${tab} tab, no warning`).toEqual([]);
          }
          const formula = FORMULAS[tab];
          if (formula) {
            const cells = addOn.emulator.runCustomFunction<unknown[][]>(formula, []);
            if (!LOUD.test(String(cells[0]![0])))
              expect(missingNumbers(sent.get(tab)!, shownNumbers(cells)), `${formula}, no warning`).toEqual(
                [],
              );
          }
        }
        // The demo's figures agree with each other: a check that does not add up would be a false alarm.
        // The summary and the books report are both asked for: their royalties are compared at least.
        expect(result.checks.length).toBeGreaterThan(0);
        for (const check of result.checks)
          expect(check.result, `${check.subject}: ${check.text}`).not.toBe('differs');
        // This period's royalties to the cent, or a message saying why not: never another figure.
        let answer: unknown;
        try {
          answer = addOn.emulator.runCustomFunction('ROYALTIES_SUMMARY', ['', '', 'royalties']);
        } catch (error) {
          answer = error instanceof Error ? error.message : String(error);
        }
        // A summary in several currencies (its totals as they are, not renamed as periods): one labelled row
        // per currency, this period's royalties on the first's.
        // (Or a message that names the figures to choose from: an arrangement that hides the list.)
        const perCurrency = Boolean(
          shape.unseen?.severalCurrencies && !shape.previous && Array.isArray(answer),
        );
        if (perCurrency) {
          expect((answer as unknown[][])[0]).toEqual(['Currency', 'Royalties']);
          expect((answer as unknown[][]).slice(1)).toContainEqual(['USD', royalties]);
        } else if (typeof answer !== 'string') expect(answer).toBe(royalties);
        else expect(answer).toMatch(/royalties/i);
        expectUnseenClasses(shape.unseen, perCurrency);
      }),
      { numRuns: 24, seed: Number(process.env.SHAPES_SEED ?? Date.now() % 2 ** 31) },
    );
    await addOn.api.setShape('demo');
    await addOn.api.setPaging(null);
    await addOn.api.clearFaults();
    expectNoKeyLeak(addOn.emulator, addOn.api.demoKey);
    // 24 refreshes take about 25 s on a busy shared machine: more room than one test's usual 30 s.
  }, 120_000);
});
