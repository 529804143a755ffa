// Acceptance: a refresh from the sidebar asks for its reports in parallel executions (google.script.run
// calls run side by side: Emulator.runConcurrently), so however many reports hang it takes about one
// timeout, every report that answers is written, and the writes stay with one writer: the finish, under
// the document lock. The sidebar's own sequence (src/sidebar/refresh-parts.ts: start, the parts side by
// side, the finish) is replayed here.
// Each test has an add-on of its own, its tabs filled once (useFilledAddOn, on the file's demo API), and reads
// nothing another test left.
import { describe, expect, it } from 'vitest';
import { ENDPOINT_IDS, ENDPOINTS, type EndpointId } from '../../src/core/endpoints.ts';
import type { RefreshResult } from '../../src/core/refresh/index.ts';
import { BANNER_BACKGROUND } from '../../src/core/tabs/index.ts';
import type { AddOn } from '../support/addon.ts';
import { expectNoKeyLeak } from '../support/leaks.ts';
import { banner, ourTab, refresh, useFilledAddOn } from './support.ts';

/** The acceptance's bound for a sidebar refresh with reports hanging: about one timeout. */
const ONE_TIMEOUT_BOUND_MS = 75_000;
const path = (tab: EndpointId) => ENDPOINTS[tab].path.replace('{series_id}', '*');

let addOn: AddOn;
// Parts side by side overlap only while one of them waits on the network: a hang the demo API announces
// at once would let each part's timeout follow the last, so these hangs are waited for as Google would.
useFilledAddOn(
  (started) => {
    addOn = started;
  },
  { hangNotices: false },
);

/** The sidebar's refresh: start, every part side by side, then the parts the /series part added (one
 * per series: the sidebar starts them as it learns of them, here as a second wave), then the finish. */
function sidebarRefresh(): RefreshResult {
  const { runId, parts } = addOn.emulator.run<{ runId: string; parts: number }>('startRefresh');
  const wave = (from: number, count: number): number => {
    const calls = Array.from({ length: count }, (_, i) => ({ name: 'refreshPart', args: [runId, from + i] }));
    const outcomes = addOn.emulator.runConcurrently<{ more: number }>(calls);
    return outcomes.reduce((sum, o) => {
      if (!o.ok) throw o.error;
      return sum + o.value.more;
    }, 0);
  };
  const more = wave(0, parts);
  // What the sidebar's poll shows before the finish: every part of round 1 done, k of n.
  const progress = () =>
    addOn.emulator.run<{ step: string; asked?: number; requests: number; series: number }>(
      'getRefreshProgress',
    );
  expect(progress()).toMatchObject({ step: 'asking', asked: parts, requests: parts, series: more });
  if (more > 0) wave(parts, more);
  expect(progress()).toMatchObject({ step: 'asking', asked: parts + more });
  return addOn.emulator.run<RefreshResult>('finishRefresh', [runId]);
}

describe("the sidebar's refresh in parallel executions", () => {
  for (const hanging of [
    ['books-report', 'kenp'],
    ['books-report', 'kenp', 'free-units'],
  ] as EndpointId[][]) {
    it(`${hanging.length} hanging: about one timeout, every other tab fresh, the hanging ones amber`, async () => {
      for (const tab of hanging) await addOn.api.setFaults(path(tab), { hang: true });
      const before = new Map(hanging.map((tab) => [tab, ourTab(addOn, tab).values.slice(2)]));
      const start = addOn.emulator.clock.now();
      const result = sidebarRefresh();
      const ms = addOn.emulator.clock.now() - start;
      expect(ms).toBeGreaterThanOrEqual(60_000);
      expect(ms).toBeLessThanOrEqual(ONE_TIMEOUT_BOUND_MS);
      // The dashboard reads the books report, so it keeps its figures too; nothing else failed.
      expect(result.tabs.filter((t) => t.error).map((t) => t.tab)).toEqual([...hanging, 'dashboard']);
      for (const tab of hanging) {
        const sheet = ourTab(addOn, tab);
        expect(sheet.values.slice(2)).toEqual(before.get(tab));
        expect(sheet.backgrounds[0]?.[0]).toBe(BANNER_BACKGROUND.failed);
        expect(banner(sheet)).toContain('The API did not answer in time');
        expect(result.tabs.find((t) => t.tab === tab)?.error).toMatch(/^The API did not answer in time/);
      }
      for (const tab of ENDPOINT_IDS.filter((t) => !hanging.includes(t) && t !== 'series')) {
        expect(ourTab(addOn, tab).backgrounds[0]?.[0]).toBe(BANNER_BACKGROUND.normal);
      }
      expect(banner(ourTab(addOn, 'status'))).toMatch(new RegExp(`, ${hanging.length + 1} failed`));
      // A request that hung in a part is never asked again by the finish.
      for (const tab of hanging) {
        const asked = addOn.emulator.stats
          .http()
          .filter((r) => r.url.split('?')[0]!.endsWith(ENDPOINTS[tab].path) && r.error);
        expect(asked.length).toBeGreaterThan(0);
      }
      expectNoKeyLeak(addOn.emulator, addOn.api.demoKey);
    });
  }

  it("every series' read-through hanging: each its own part, one timeout between them", async () => {
    await addOn.api.setFaults('/series/*/read-through', { hang: true });
    addOn.emulator.stats.reset();
    const start = addOn.emulator.clock.now();
    const result = sidebarRefresh();
    expect(addOn.emulator.clock.now() - start).toBeLessThanOrEqual(ONE_TIMEOUT_BOUND_MS);
    expect(result.tabs.filter((t) => t.error).map((t) => t.tab)).toEqual(['read-through', 'dashboard']);
    const hung = addOn.emulator.stats.http().filter((r) => r.url.includes('/read-through') && r.error);
    expect(hung.length).toBeGreaterThan(1);
  });

  it('every endpoint hanging: about one timeout, nothing blanked, every failure recorded', async () => {
    await addOn.api.setFaults('*', { hang: true });
    const before = new Map(ENDPOINT_IDS.map((tab) => [tab, ourTab(addOn, tab).values.slice(2)]));
    const start = addOn.emulator.clock.now();
    const result = sidebarRefresh();
    expect(addOn.emulator.clock.now() - start).toBeLessThanOrEqual(ONE_TIMEOUT_BOUND_MS);
    expect(result.tabs.length).toBeGreaterThan(0);
    for (const t of result.tabs) expect(t.error, t.tab).toBeTruthy();
    for (const tab of ENDPOINT_IDS.filter((t) => t !== 'series')) {
      expect(ourTab(addOn, tab).values.slice(2)).toEqual(before.get(tab));
    }
    expect(banner(ourTab(addOn, 'status'))).toMatch(/0 tabs updated, \d+ failed/);
  });

  it('a second sidebar, the menu or the nightly is refused while the parts fetch; one start record', async () => {
    await addOn.api.setFaults(path('books-report'), { hang: true });
    const { runId, parts } = addOn.emulator.run<{ runId: string; parts: number }>('startRefresh');
    expect(addOn.emulator.properties.document()['royalties.refresh.started']).toMatch(/"origin":"sidebar"/);
    expect(() => addOn.emulator.run('startRefresh')).toThrow(/A refresh is already running/);
    expect(() => addOn.emulator.run('refreshAllTabs')).toThrow(/A refresh is already running/);
    const outcomes = addOn.emulator.runConcurrently([
      ...Array.from({ length: parts }, (_, part) => ({ name: 'refreshPart', args: [runId, part] })),
      { name: 'menuRefreshAllTabs' },
    ]);
    expect(outcomes).toHaveLength(parts + 1);
    expect(outcomes.slice(0, parts).filter((o) => !o.ok)).toEqual([]);
    expect(addOn.emulator.ui().toasts.at(-1)).toMatch(/A refresh is already running/);
    const result = addOn.emulator.run<RefreshResult>('finishRefresh', [runId]);
    expect(result.tabs.filter((t) => t.error).map((t) => t.tab)).toEqual(['books-report', 'dashboard']);
    // Finished: the claim and the start record are gone, so the next refresh runs.
    expect(addOn.emulator.properties.document()['royalties.refresh.started']).toBeUndefined();
    await addOn.api.clearFaults();
    const again = refresh(addOn).tabs;
    expect(again.length).toBeGreaterThan(0);
    expect(again.filter((t) => t.error)).toEqual([]);
  });

  it('a sidebar closed before its finish: refreshes run again after 6 minutes, and it is reported as stopped', async () => {
    const { runId, parts } = addOn.emulator.run<{ runId: string; parts: number }>('startRefresh');
    addOn.emulator.runConcurrently(
      Array.from({ length: parts }, (_, part) => ({ name: 'refreshPart', args: [runId, part] })),
    );
    // No finish: the sidebar was closed.
    expect(() => addOn.emulator.run('refreshAllTabs')).toThrow(/A refresh is already running/);
    addOn.emulator.clock.advance(6 * 60_000 + 1_000);
    const after = refresh(addOn).tabs;
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((t) => t.error)).toEqual([]);
    const messages = ourTab(addOn, 'status')
      .values.slice(2)
      .map((row) => String(row[4] ?? ''));
    expect(messages).toContainEqual(expect.stringMatching(/sidebar refresh started .* was stopped/));
  });
});
