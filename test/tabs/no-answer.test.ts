// Acceptance: report endpoints that accept the request and never answer. UrlFetchApp's
// 60 s timeout is modelled in compressed time (EmulatorOptions.hangAfterMs), so the emulated clock says
// how long a refresh would take in Sheets while the test waits a few seconds.
// Each test has an add-on of its own, its tabs filled once (useFilledAddOn, on the file's demo API), and reads
// nothing another test left.
import { describe, expect, it } from 'vitest';
import { ENDPOINT_IDS, ENDPOINTS, type EndpointId } from '../../src/core/endpoints.ts';
import { EXECUTION_LIMIT_MS, WRITE_RESERVE_MS } from '../../src/core/refresh/index.ts';
import { BANNER_BACKGROUND } from '../../src/core/tabs/index.ts';
import { type AddOn, startAddOn } from '../support/addon.ts';
import { expectNoKeyLeak } from '../support/leaks.ts';
import { banner, ourTab, refresh, useFilledAddOn } from './support.ts';

const LIMIT_MS = 150_000;
/** The refresh's time with the API (core/refresh/time.ts): no round starts that could end later. */
const API_TIME_MS = EXECUTION_LIMIT_MS - WRITE_RESERVE_MS;
const path = (tab: EndpointId) => ENDPOINTS[tab].path.replace('{series_id}', '*');

let addOn: AddOn;
useFilledAddOn((started) => {
  addOn = started;
});

/** A refresh with `tabs` hanging: its emulated duration and what it did. */
async function refreshWithHanging(tabs: readonly EndpointId[]) {
  for (const tab of tabs) await addOn.api.setFaults(path(tab), { hang: true });
  const before = new Map(tabs.map((tab) => [tab, ourTab(addOn, tab).values.slice(2)]));
  addOn.emulator.stats.reset();
  const start = addOn.emulator.clock.now();
  const result = refresh(addOn);
  const ms = addOn.emulator.clock.now() - start;
  return { result, ms, before };
}

describe('a refresh with endpoints that never answer', () => {
  it('one hanging: about a minute; every other tab fresh; the hanging one keeps its figures, amber', async () => {
    const { result, ms, before } = await refreshWithHanging(['books-report']);
    expect(ms).toBeLessThan(LIMIT_MS);
    expect(ms).toBeGreaterThanOrEqual(60_000);
    const failed = result.tabs.filter((t) => t.error);
    // The dashboard reads the books report too, and keeps its previous figures.
    expect(failed.map((t) => t.tab)).toEqual(['books-report', 'dashboard']);
    expect(failed[0]?.error).toMatch(/^The API did not answer in time/);
    const books = ourTab(addOn, 'books-report');
    expect(books.values.slice(2)).toEqual(before.get('books-report'));
    expect(books.backgrounds[0]?.[0]).toBe(BANNER_BACKGROUND.failed);
    expect(banner(books)).toContain('The API did not answer in time');
    // Asked once, never again: the other requests of its batch were asked again, the account and its lists
    // in one round, the read-through in its own, the other reports in one.
    const asked = addOn.emulator.stats.http().filter((r) => r.url.includes('/reports/books'));
    expect(asked).toHaveLength(1);
    expect(addOn.emulator.stats.fetchAllRounds()).toBe(4);
    expectNoKeyLeak(addOn.emulator, addOn.api.demoKey);
  });

  it('KENP by book hanging is not taken for KENP, whose address it begins with', async () => {
    // Google's timeout names the URL that hung: "/kenp/books" must not match "/kenp".
    const { result, ms } = await refreshWithHanging(['kenp-books']);
    expect(ms).toBeGreaterThanOrEqual(60_000);
    expect(result.tabs.filter((t) => t.error).map((t) => t.tab)).toEqual(['kenp-books']);
    expect(result.tabs.find((t) => t.tab === 'kenp')?.error).toBeNull();
  });

  it('several hanging: one round for each, every other tab fresh, no tab blanked', async () => {
    const hanging: EndpointId[] = ['books-report', 'kenp', 'timeline'];
    const { result, ms, before } = await refreshWithHanging(hanging);
    expect(ms).toBeGreaterThanOrEqual(3 * 60_000);
    expect(ms).toBeLessThan(API_TIME_MS);
    // The timeline feeds the history and the books report the dashboard: they keep theirs too.
    expect(result.tabs.filter((t) => t.error).map((t) => t.tab)).toEqual([
      'timeline',
      'books-report',
      'kenp',
      'history',
      'dashboard',
    ]);
    for (const tab of hanging) {
      expect(result.tabs.find((t) => t.tab === tab)?.error).toBeTruthy();
      expect(ourTab(addOn, tab).values.slice(2)).toEqual(before.get(tab));
    }
  });

  it('all hanging: within the API time, every tab keeps its figures, the outcome is recorded', async () => {
    const all = ENDPOINT_IDS;
    await addOn.api.setFaults('*', { hang: true });
    const { result, ms, before } = await refreshWithHanging([]);
    expect(ms).toBeLessThan(API_TIME_MS);
    expect(result.tabs.length).toBeGreaterThan(0);
    for (const t of result.tabs) expect(t.error, t.tab).toBeTruthy();
    for (const tab of all) expect(ourTab(addOn, tab).values.length).toBeGreaterThan(2);
    expect(before.size).toBe(0);
    const status = ourTab(addOn, 'status');
    expect(banner(status)).toMatch(/0 tabs updated, \d+ failed/);
  });
});

describe('a refresh stopped at the time limit', () => {
  it('is reported on the Status tab and as the night in the sidebar the next time', async () => {
    // A shorter limit stands in for the 6 minutes, as if the refresh had run out of them.
    const stopped = await startAddOn({ emulator: { budgets: { trigger: 30_000 } } });
    try {
      stopped.saveApiKeyFor();
      stopped.emulator.run('refreshAllTabs');
      stopped.emulator.run('setNightlyRefresh', [true, 5]);
      await stopped.api.setFaults('*', { hang: true });
      const [trigger] = stopped.emulator.triggers();
      expect(() => stopped.emulator.runTrigger(trigger!.id)).toThrow(/Exceeded maximum execution time/);
      const statusBefore = banner(ourTab(stopped, 'status'));
      expect(statusBefore).toMatch(/tabs updated, 0 failed/); // what the killed run could not change

      stopped.emulator.clock.advance(7 * 60_000);
      const state = stopped.emulator.run<{
        nightly: { lastRun: { ok: boolean; message: string } };
        stoppedRefresh?: string;
      }>('getSidebarState');
      expect(state.stoppedRefresh).toMatch(/^The nightly refresh started .* was stopped by Apps Script/);
      expect(state.nightly.lastRun.ok).toBe(false);
      expect(state.nightly.lastRun.message).toMatch(/nightly refresh started .* was stopped by Apps Script/);

      await stopped.api.clearFaults();
      stopped.emulator.run('refreshAllTabs');
      const status = ourTab(stopped, 'status');
      const messages = status.values.slice(2).map((row) => String(row[4] ?? ''));
      expect(messages).toContainEqual(expect.stringMatching(/nightly refresh started .* was stopped/));
      const after = stopped.emulator.run<{
        nightly: { lastRun: { ok: boolean; message: string } };
        stoppedRefresh?: string;
      }>('getSidebarState');
      expect(after.nightly.lastRun.message).toMatch(/was stopped by Apps Script/);
      expect(after.stoppedRefresh).toBeUndefined();
      expectNoKeyLeak(stopped.emulator, stopped.api.demoKey);
    } finally {
      await stopped.close();
    }
  });
});
