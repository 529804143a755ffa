// A rate limit asked again through the built bundle: Google's "Service invoked too many times in a short
// time" from PropertiesService (the emulator's serviceFault('propertiesRateLimit', { forMs })) met by a
// formula's first answer, which reads the owner's key from user properties. core/google-faults.ts pauses
// 1 s, then 2 s, and asks again, three tries in all, within the read's few seconds: a limit that passes
// sooner gives the figures (the pauses seen as Utilities.sleep on the emulated clock); one that outlasts
// them gives the author a plain sentence, well inside the formula's 30 seconds, and nothing is lost.
import { describe, expect, it } from 'vitest';
import { type AddOn, startAddOn, useDemoApi } from '../support/addon.ts';
import { ourTab } from '../tabs/support.ts';

const api = useDemoApi();
const GOOGLE_TEXT = /Service invoked|rateMax|Utilities\.sleep/;
/** A custom function's limit (guides/services/quotas). */
const FORMULA_LIMIT_MS = 30_000;

async function filled(): Promise<AddOn> {
  const addOn = await startAddOn({ api: api() });
  addOn.saveApiKeyFor();
  addOn.emulator.run('setFormulaAccess', [true]);
  addOn.emulator.run('refreshAllTabs');
  addOn.emulator.switches.evictCaches();
  return addOn;
}

/** A formula's first answer with PropertiesService refusing for `forMs` from its first call. */
function firstAnswerUnder(addOn: AddOn, forMs: number) {
  const { emulator } = addOn;
  emulator.stats.reset();
  const startedAt = emulator.clock.now();
  emulator.switches.serviceFault('propertiesRateLimit', { forMs });
  let answer: unknown[][] | undefined;
  let message: string | undefined;
  try {
    answer = emulator.runCustomFunction<unknown[][]>('ROYALTIES_BOOKS', ['last_30_days']);
  } catch (err) {
    message = (err as Error).message;
  }
  const refused = emulator.serviceFaultRefusals('propertiesRateLimit');
  emulator.switches.clearServiceFaults();
  return {
    answer,
    message,
    refused,
    sleeps: emulator.stats.calls()['Utilities.sleep'] ?? 0,
    elapsed: emulator.clock.now() - startedAt,
  };
}

describe('a rate limit met by a formula’s first answer, through the built bundle', () => {
  it('passing within the pauses: asked again after 1 s and 2 s, the figures arrive', async () => {
    const addOn = await filled();
    try {
      // Refused at 0 s and at 1 s; the third try, at 3 s, finds it over.
      const seen = firstAnswerUnder(addOn, 2_500);
      expect(seen.message).toBeUndefined();
      expect(seen.answer!.length).toBeGreaterThan(1);
      expect(seen.answer![0]).toContain('Title');
      expect(seen.refused).toBe(2);
      expect(seen.sleeps).toBe(2);
      expect(seen.elapsed).toBeGreaterThanOrEqual(3_000);
      // The first pause is 1 s: a limit of just under 1 s is over at the second try, one of just over
      // 1 s is not (the emulated clock moves only by the pauses until the request goes out).
      addOn.emulator.switches.evictCaches();
      const under = firstAnswerUnder(addOn, 999);
      expect([under.message, under.refused, under.sleeps]).toEqual([undefined, 1, 1]);
      addOn.emulator.switches.evictCaches();
      const over = firstAnswerUnder(addOn, 1_001);
      expect([over.message, over.refused, over.sleeps]).toEqual([undefined, 2, 2]);
    } finally {
      await addOn.close();
    }
  });

  it('outlasting them: a plain sentence after three tries, inside the formula’s time, nothing lost', async () => {
    const addOn = await filled();
    try {
      const books = ourTab(addOn, 'books-report').values;
      const keyStored = () => Object.values(addOn.emulator.properties.user(addOn.emulator.owner));
      expect(keyStored()).toContain(addOn.api.demoKey);
      const seen = firstAnswerUnder(addOn, 60_000);
      expect(seen.answer).toBeUndefined();
      expect(seen.message).toMatch(/slow down/);
      expect(seen.message).toMatch(/asks again at the next refresh/);
      expect(seen.message).not.toMatch(GOOGLE_TEXT);
      // Three tries, two pauses, then no more: the rate limit still on, the execution long from its end.
      expect(seen.refused).toBe(3);
      expect(seen.sleeps).toBe(2);
      // The pauses, 1 s then 2 s, are all the time that passed (no request went out).
      expect(seen.elapsed).toBe(3_000);
      expect(seen.elapsed).toBeLessThan(FORMULA_LIMIT_MS / 2);
      expect(keyStored()).toContain(addOn.api.demoKey);
      expect(ourTab(addOn, 'books-report').values).toEqual(books);
    } finally {
      await addOn.close();
    }
  });
});
