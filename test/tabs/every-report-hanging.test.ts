// Acceptance: every report endpoint hangs (summary, timeline, books, marketplaces, KENP, KENP by book, free
// downloads: a reporting backend that is down) while /account, /books (the catalogue), /series and the
// read-through answer. UrlFetchApp's fetchAll throws for the whole batch when one request gets no answer,
// so an answer that shares a round with a hanging request is lost with it. On every surface (the menu, the
// sidebar's refresh in parts, the nightly trigger) and on both routes (bound, installed add-on), the tabs
// that answer are fresh, the read-through follows the series, the hanging tabs keep their figures under the
// amber banner, the Status tab names each, and the execution ends within its 6 minutes.
// UrlFetchApp's 60 s timeout is modelled in compressed time (EmulatorOptions.hangAfterMs).
// Each test (a surface on a route) has an add-on of its own, filled before the faults are set.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointId } from '../../src/core/endpoints.ts';
import { EXECUTION_LIMIT_MS, type RefreshResult, WRITE_RESERVE_MS } from '../../src/core/refresh/index.ts';
import { BANNER_BACKGROUND } from '../../src/core/tabs/index.ts';
import { type AddOn, startAddOn, useDemoApi } from '../support/addon.ts';
import { addOnDist, installedAddOnDist, TEST_SETTINGS } from '../support/bundles.ts';
import { expectNoKeyLeak } from '../support/leaks.ts';
import { banner, ourTab, TITLES } from './support.ts';

/** The reports whose backend is down. */
const HANGING: readonly EndpointId[] = [
  'summary',
  'timeline',
  'books-report',
  'marketplaces-report',
  'kenp',
  'kenp-books',
  'free-units',
];
/** What still answers, and the tab the series list leads to. */
const ANSWERING: readonly EndpointId[] = ['account', 'catalog', 'series', 'read-through'];

type Surface = 'menu' | 'sidebar' | 'nightly';

/** Whether `url` asks `tab`'s endpoint (a read-through for any series). */
function asks(url: string, tab: EndpointId): boolean {
  const pattern = ENDPOINTS[tab].path.replace('{series_id}', '[^/]+');
  return new RegExp(`^${pattern}$`).test(url.split('?')[0]!.slice(TEST_SETTINGS.apiBaseUrl.length));
}

type Route = 'bound' | 'addon';

interface Run {
  /** Each tab's outcome, as the refresh returned it or as the Status record holds it. */
  readonly failed: ReadonlySet<string>;
  readonly fresh: ReadonlySet<string>;
  /** The longest execution, on the emulated clock. */
  readonly longestMs: number;
  /** The URLs the refresh asked, in order. */
  readonly asked: readonly string[];
}

const askedSoFar = (addOn: AddOn): string[] => addOn.emulator.stats.http().map((r) => r.url);

/** One execution on the emulated clock: its value and how long it took. */
function timed<T>(addOn: AddOn, run: () => T): { value: T; ms: number } {
  const start = addOn.emulator.clock.now();
  const value = run();
  return { value, ms: addOn.emulator.clock.now() - start };
}

function outcomes(result: RefreshResult): Pick<Run, 'failed' | 'fresh'> {
  return {
    failed: new Set(result.tabs.filter((t) => t.error).map((t) => t.tab)),
    fresh: new Set(result.tabs.filter((t) => !t.error).map((t) => t.tab)),
  };
}

/** The menu's item: one execution. */
function menu(addOn: AddOn): Run {
  const { value, ms } = timed(addOn, () => addOn.emulator.run<RefreshResult>('menuRefreshAllTabs'));
  return { ...outcomes(value), longestMs: ms, asked: askedSoFar(addOn) };
}

/** The sidebar's refresh (src/sidebar/refresh-parts.ts): start, its parts side by side, the parts the
 * /series part added, the finish; each its own execution, the longest counted. */
function sidebar(addOn: AddOn): Run {
  let longestMs = 0;
  const execution = <T>(run: () => T): T => {
    const { value, ms } = timed(addOn, run);
    longestMs = Math.max(longestMs, ms);
    return value;
  };
  const { runId, parts } = execution(() =>
    addOn.emulator.run<{ runId: string; parts: number }>('startRefresh'),
  );
  const wave = (from: number, count: number): number => {
    const calls = Array.from({ length: count }, (_, i) => ({ name: 'refreshPart', args: [runId, from + i] }));
    // Side by side: each part's time is at most the wave's.
    const outcomes = execution(() => addOn.emulator.runConcurrently<{ more: number }>(calls));
    return outcomes.reduce((sum, o) => {
      if (!o.ok) throw o.error;
      return sum + o.value.more;
    }, 0);
  };
  const more = wave(0, parts);
  if (more > 0) wave(parts, more);
  const result = execution(() => addOn.emulator.run<RefreshResult>('finishRefresh', [runId]));
  return { ...outcomes(result), longestMs, asked: askedSoFar(addOn) };
}

/** The nightly trigger: its tabs' outcomes read back from the Status record, as the sidebar shows them. */
function nightly(addOn: AddOn, triggerId: string): Run {
  const at = addOn.emulator.clock.now();
  const { ms } = timed(addOn, () => addOn.emulator.runTrigger(triggerId));
  // Before the sidebar's state, which asks for the account.
  const asked = askedSoFar(addOn);
  type Status = Record<string, { lastSuccessAt: number | null; lastFailureAt: number | null }>;
  const status = addOn.emulator.run<{ status: Status }>('getSidebarState').status;
  const failed = new Set<string>();
  const fresh = new Set<string>();
  for (const [tab, s] of Object.entries(status)) {
    if ((s.lastFailureAt ?? 0) >= at) failed.add(tab);
    else if ((s.lastSuccessAt ?? 0) >= at) fresh.add(tab);
  }
  return { failed, fresh, longestMs: ms, asked };
}

for (const route of ['bound', 'addon'] as const satisfies readonly Route[]) {
  describe(`every report hanging, ${route} route`, () => {
    const demoApi = useDemoApi();
    let addOn: AddOn;
    let triggerId: string;
    beforeEach(async () => {
      const distDir = route === 'addon' ? await installedAddOnDist() : await addOnDist();
      addOn = await startAddOn({ api: demoApi(), distDir, emulator: { deployment: route } });
      addOn.saveApiKeyFor();
      addOn.emulator.run('refreshAllTabs');
      addOn.emulator.run('setNightlyRefresh', [true, 5]);
      triggerId = addOn.emulator.triggers()[0]!.id;
      for (const tab of HANGING) await addOn.api.setFaults(ENDPOINTS[tab].path, { hang: true });
    });
    afterEach(async () => {
      await addOn?.close();
    });

    for (const surface of ['menu', 'sidebar', 'nightly'] as const satisfies readonly Surface[]) {
      it(`${surface}: the answering tabs fresh, the hanging ones amber with their figures, in time`, () => {
        const before = new Map(HANGING.map((tab) => [tab, ourTab(addOn, tab).values.slice(2)]));
        addOn.emulator.stats.reset();
        const run =
          surface === 'menu'
            ? menu(addOn)
            : surface === 'sidebar'
              ? sidebar(addOn)
              : nightly(addOn, triggerId);
        // Within the API's time: the writes' reserve is kept, as on any refresh.
        expect(run.longestMs).toBeLessThanOrEqual(EXECUTION_LIMIT_MS - WRITE_RESERVE_MS);
        // What answers is asked at most twice: with the reports, then apart from them; each read-through once.
        for (const tab of ANSWERING) {
          const urls = run.asked.filter((url) => asks(url, tab));
          expect(urls.length, tab).toBeGreaterThan(0);
          const most = Math.max(...urls.map((url) => urls.filter((u) => u === url).length));
          expect(most, tab).toBeLessThanOrEqual(tab === 'read-through' ? 1 : 2);
        }
        for (const tab of ANSWERING) {
          expect(run.fresh.has(tab), `${tab} fresh`).toBe(true);
          expect(ourTab(addOn, tab).backgrounds[0]?.[0], tab).toBe(BANNER_BACKGROUND.normal);
        }
        const status = ourTab(addOn, 'status');
        for (const tab of HANGING) {
          expect(run.failed.has(tab), `${tab} failed`).toBe(true);
          const sheet = ourTab(addOn, tab);
          expect(sheet.values.slice(2)).toEqual(before.get(tab));
          expect(sheet.backgrounds[0]?.[0]).toBe(BANNER_BACKGROUND.failed);
          expect(banner(sheet)).toContain('The API did not answer in time');
          // The Status tab names the tab whose endpoint did not answer, with why.
          const row = status.values.find((r) => r[0] === TITLES[tab]);
          expect(row?.join(' '), TITLES[tab]).toMatch(/did not answer in time/);
        }
        expectNoKeyLeak(addOn.emulator, addOn.api.demoKey);
      });
    }
  });
}
