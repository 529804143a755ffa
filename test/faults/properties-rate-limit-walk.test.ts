// A properties rate limit met at any step of any entry point, through the built bundle: Google's "Service
// invoked too many times in a short time: properties" (the emulator's serviceFault('propertiesRateLimit'))
// from the Nth PropertiesService call of the entry point on, for 2.5 s of the emulated clock, for every N
// the entry point makes (eighteen, spread from the first to the last, where it makes more). Every store
// call is asked again as core/flows/asked-again.ts allows (paused 1 s, then 2 s): each entry point then
// ends as it would have without the limit. Before, the menu's refresh failed from its first properties call
// (the refresh's start record, read without a retry), and so did the sidebar's refresh, the night, saving
// a key or the settings, the nightly switch and a formula's claim of its request. (The sidebar's
// refreshAllTabs, kept for npm start, runs the menu's path.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefreshResult } from '../../src/core/refresh/index.ts';
import { type AddOn, startAddOn, useDemoApi } from '../support/addon.ts';
import { ourTab } from '../tabs/support.ts';

const api = useDemoApi();
/** The rate limit's sentence and Google's own words: neither may be what an entry point ends with. */
const REFUSED = /slow down|Service invoked|rateMax/;
/** Passes before the third try (at 3 s): two pauses at most. */
const SHORT_MS = 2_500;

type Walk = (addOn: AddOn) => unknown;

/** At most this many steps walked per entry point (a refresh in parts makes many more calls, each step a
 * whole refresh): spread evenly from the first call to the last. */
const MOST_STEPS = 18;

function walked(calls: number): number[] {
  if (calls <= MOST_STEPS) return Array.from({ length: calls }, (_, i) => i + 1);
  return Array.from({ length: MOST_STEPS }, (_, i) => 1 + Math.round((i * (calls - 1)) / (MOST_STEPS - 1)));
}

/** A sidebar refresh in its parts: the start, each part, the finish. */
function sidebarRefreshInParts(addOn: AddOn): RefreshResult {
  const { runId, parts } = addOn.emulator.run<{ runId: string; parts: number }>('startRefresh');
  for (let part = 0; part < parts; part++) addOn.emulator.run('refreshPart', [runId, part]);
  return addOn.emulator.run<RefreshResult>('finishRefresh', [runId]);
}

const ENTRY_POINTS: readonly (readonly [string, Walk])[] = [
  ['the sidebar opening', (a) => [a.emulator.run('showSidebar'), a.emulator.run('getSidebarState')]],
  ['saving a key', (a) => a.saveApiKeyFor()],
  ['saving the settings', (a) => a.emulator.run('saveSettings', [{ currency: 'USD' }])],
  ['the nightly switch', (a) => a.emulator.run('setNightlyRefresh', [true, 5])],
  ['the morning e-mail switch', (a) => a.emulator.run('setMorningEmail', ['daily'])],
  ['the formula allowance', (a) => a.emulator.run('setFormulaAccess', [true])],
  ['a test e-mail', (a) => a.emulator.run('sendTestMorningEmail')],
  ['the installation check', (a) => a.emulator.run('checkInstallation')],
  ['a refresh from the menu', (a) => a.emulator.run('menuRefreshAllTabs')],
  ['a refresh from the sidebar in parts', sidebarRefreshInParts],
  [
    'the night',
    (a) => {
      a.emulator.clock.advance(24 * 60 * 60 * 1000);
      return a.emulator.runTrigger(a.emulator.triggers()[0]!.id);
    },
  ],
  [
    "a formula's first answer",
    (a) => {
      a.emulator.switches.evictCaches();
      return a.emulator.runCustomFunction('ROYALTIES_BOOKS', ['last_30_days']);
    },
  ],
];

/** What the author was told by `walk`: what it returned or threw, and the toasts it showed. */
function told(addOn: AddOn, walk: Walk): string {
  const toasts = addOn.emulator.ui().toasts.length;
  let said: string;
  try {
    said = JSON.stringify(walk(addOn) ?? null);
  } catch (err) {
    said = `threw: ${(err as Error).message}`;
  }
  return [said, ...addOn.emulator.ui().toasts.slice(toasts)].join(' / ');
}

describe('a properties rate limit at any step of each entry point, through the built bundle', () => {
  let addOn: AddOn;
  beforeAll(async () => {
    addOn = await startAddOn({ api: api() });
    addOn.saveApiKeyFor();
    addOn.emulator.run('setFormulaAccess', [true]);
    addOn.emulator.run('refreshAllTabs');
    addOn.emulator.run('setNightlyRefresh', [true, 5]);
    addOn.emulator.run('setMorningEmail', ['daily']);
  });
  afterAll(async () => {
    await addOn?.close();
  });

  it.each(ENTRY_POINTS)(
    '%s ends as without it, whichever call meets it',
    (_name, walk) => {
      const { emulator } = addOn;
      // Once to settle what it stores (a second save of the same settings writes less), once to count.
      told(addOn, walk);
      emulator.stats.reset();
      const healthy = told(addOn, walk);
      expect(healthy).not.toMatch(REFUSED);
      const calls = emulator.stats.callsByService().PropertiesService ?? 0;
      expect(calls).toBeGreaterThan(0);
      const failed: string[] = [];
      const steps = walked(calls);
      expect(steps).toHaveLength(Math.min(calls, MOST_STEPS));
      for (const from of steps) {
        emulator.stats.reset();
        const before = emulator.serviceFaultRefusals('propertiesRateLimit');
        emulator.switches.serviceFault('propertiesRateLimit', { from, forMs: SHORT_MS });
        const said = told(addOn, walk);
        const refused = emulator.serviceFaultRefusals('propertiesRateLimit') - before;
        emulator.switches.clearServiceFaults();
        // Met (refused at least once), waited for (a pause per refusal, no more), and outlasted.
        expect(refused, `from call ${from}`).toBeGreaterThan(0);
        expect(emulator.stats.calls()['Utilities.sleep'] ?? 0, `from call ${from}`).toBeGreaterThanOrEqual(1);
        if (REFUSED.test(said)) failed.push(`from call ${from}: ${said.slice(0, 160)}`);
      }
      expect(failed).toEqual([]);
    },
    180_000,
  );

  it('onOpen and the installation make no properties call (nothing to wait for)', () => {
    const { emulator } = addOn;
    emulator.stats.reset();
    emulator.open();
    emulator.run('onInstall', [{}]);
    expect(emulator.stats.callsByService().PropertiesService ?? 0).toBe(0);
    expect(emulator.ui().menus.length).toBeGreaterThan(0);
  });

  it('outlasting the pauses, a refresh from the menu ends in a plain sentence and loses nothing', () => {
    const { emulator } = addOn;
    const books = ourTab(addOn, 'books-report').values;
    emulator.stats.reset();
    const startedAt = emulator.clock.now();
    const before = emulator.serviceFaultRefusals('propertiesRateLimit');
    emulator.switches.serviceFault('propertiesRateLimit');
    const said = told(addOn, (a) => a.emulator.run('menuRefreshAllTabs'));
    const refused = emulator.serviceFaultRefusals('propertiesRateLimit') - before;
    emulator.switches.clearServiceFaults();
    expect(said).toMatch(/^null \/ Google asked Royalties for Sheets to slow down/);
    expect(said).not.toMatch(/Service invoked|rateMax|Utilities\.sleep/);
    // Three tries of the first call, two pauses (1 s, 2 s), then no more.
    expect(refused).toBe(3);
    expect(emulator.stats.calls()['Utilities.sleep']).toBe(2);
    expect(emulator.clock.now() - startedAt).toBeGreaterThanOrEqual(3_000);
    expect(ourTab(addOn, 'books-report').values).toEqual(books);
  });
});
