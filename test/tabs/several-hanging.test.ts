// Acceptance: several report endpoints accept the request and never answer, and the refresh runs in one
// execution (the nightly trigger). UrlFetchApp's fetchAll waits for its slowest request and its error
// names one URL, so each round that hangs tells us of one more hanging report; the refresh asks the account
// and its lists again apart, then the read-through, then the other reports without the one named while a
// whole round still fits, so every healthy tab is fresh with up to three hanging.
// UrlFetchApp's 60 s timeout is modelled in compressed time (EmulatorOptions.hangAfterMs).
// Each test has an add-on of its own, its tabs filled once (useFilledAddOn, on the file's demo API), and reads
// nothing another test left.
import { describe, expect, it } from 'vitest';
import { ENDPOINT_IDS, ENDPOINTS, type EndpointId } from '../../src/core/endpoints.ts';
import { EXECUTION_LIMIT_MS } from '../../src/core/refresh/index.ts';
import { BANNER_BACKGROUND } from '../../src/core/tabs/index.ts';
import type { AddOn } from '../support/addon.ts';
import { expectNoKeyLeak } from '../support/leaks.ts';
import { banner, ourTab, useFilledAddOn } from './support.ts';

const path = (tab: EndpointId) => ENDPOINTS[tab].path.replace('{series_id}', '*');

interface NightlyRunJson {
  at: string;
  ok: boolean;
  message: string;
}

let addOn: AddOn;
let triggerId: string;
useFilledAddOn((started) => {
  addOn = started;
  addOn.emulator.run('setNightlyRefresh', [true, 5]);
  triggerId = addOn.emulator.triggers()[0]!.id;
});

/** The nightly trigger with `tabs` hanging: its emulated duration, its record and the tabs before. */
async function nightWithHanging(tabs: readonly EndpointId[]) {
  for (const tab of tabs) await addOn.api.setFaults(path(tab), { hang: true });
  const before = new Map(tabs.map((tab) => [tab, ourTab(addOn, tab).values.slice(2)]));
  addOn.emulator.stats.reset();
  const start = addOn.emulator.clock.now();
  const run = addOn.emulator.runTrigger(triggerId) as NightlyRunJson;
  const ms = addOn.emulator.clock.now() - start;
  return { run, ms, before };
}

describe('the nightly refresh with several reports that never answer', () => {
  for (const hanging of [
    ['books-report', 'kenp'],
    ['books-report', 'kenp', 'free-units'],
  ] as EndpointId[][]) {
    it(`${hanging.length} hanging: every other tab fresh within the 6 minutes; the hanging ones amber`, async () => {
      const { run, ms, before } = await nightWithHanging(hanging);
      expect(ms).toBeLessThan(EXECUTION_LIMIT_MS);
      // One round per hanging report, each naming one, then the round in which the rest answer.
      expect(ms).toBeGreaterThanOrEqual(hanging.length * 60_000);
      expect(run.ok).toBe(false);
      // A hanging report named by a round's error is never asked again; one lost with the batch another
      // held is: the k-th named was asked k times. Rounds: one per hanging report, the account and its lists
      // asked again apart, the read-through's, and the one in which the other reports answer.
      const asked = addOn.emulator.stats
        .http()
        .filter((r) => hanging.some((tab) => r.url.split('?')[0]!.endsWith(ENDPOINTS[tab].path)));
      expect(asked.length).toBe((hanging.length * (hanging.length + 1)) / 2);
      expect(addOn.emulator.stats.fetchAllRounds()).toBe(hanging.length + 3);
      expect(run.message).toMatch(new RegExp(`^${hanging.length + 1} of \\d+ tabs failed`));
      const state = addOn.emulator.run<{ lastRefresh?: unknown; nightly: { lastRun: NightlyRunJson } }>(
        'getSidebarState',
      );
      expect(state.nightly.lastRun.message).toBe(run.message);
      // The dashboard reads the books report, so it keeps its figures too; nothing else failed.
      const status = ourTab(addOn, 'status');
      expect(banner(status)).toMatch(new RegExp(`, ${hanging.length + 1} failed`));
      for (const tab of hanging) {
        const sheet = ourTab(addOn, tab);
        expect(sheet.values.slice(2)).toEqual(before.get(tab));
        expect(sheet.backgrounds[0]?.[0]).toBe(BANNER_BACKGROUND.failed);
        expect(banner(sheet)).toContain('The API did not answer in time');
      }
      for (const tab of ENDPOINT_IDS.filter((t) => !hanging.includes(t) && t !== 'series')) {
        expect(ourTab(addOn, tab).backgrounds[0]?.[0]).toBe(BANNER_BACKGROUND.normal);
      }
      expectNoKeyLeak(addOn.emulator, addOn.api.demoKey);
    });
  }

  it('every endpoint hanging: nothing blanked, every failure on the Status tab and in the record, in time', async () => {
    await addOn.api.setFaults('*', { hang: true });
    const before = new Map(ENDPOINT_IDS.map((tab) => [tab, ourTab(addOn, tab).values.slice(2)]));
    const { run, ms } = await nightWithHanging([]);
    expect(ms).toBeLessThan(EXECUTION_LIMIT_MS);
    expect(run.ok).toBe(false);
    expect(run.message).toMatch(/^(\d+) of \1 tabs failed/);
    for (const tab of ENDPOINT_IDS) {
      if (tab === 'series') continue;
      expect(ourTab(addOn, tab).values.slice(2)).toEqual(before.get(tab));
    }
    expect(banner(ourTab(addOn, 'status'))).toMatch(/0 tabs updated, \d+ failed/);
    const state = addOn.emulator.run<{ nightly: { lastRun: NightlyRunJson } }>('getSidebarState');
    expect(state.nightly.lastRun.message).toBe(run.message);
  });
});
