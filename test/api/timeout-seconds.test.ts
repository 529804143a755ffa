// timeoutSeconds on every request, sized to the caller's budget, under the emulator's three readings of a
// parameter Google's reference does not list: ignored (the default), honoured, rejected. Built add-on,
// real HTTP to the demo API in a worker; a hanging endpoint in compressed time.
import { afterEach, describe, expect, it } from 'vitest';
import type { SidebarState } from '../../src/core/flows/sidebar-state.ts';
import { type AddOn, startAddOn } from '../support/addon.ts';
import { expectNoKeyLeak } from '../support/leaks.ts';
import { refresh } from '../tabs/support.ts';

type Reading = 'ignored' | 'honoured' | 'rejected';
const REFUSED = 'royalties.http.timeoutSecondsRefused';

let addOn: AddOn | undefined;
afterEach(async () => {
  if (addOn) expectNoKeyLeak(addOn.emulator, addOn.api.demoKey);
  await addOn?.close();
  addOn = undefined;
});

async function start(reading: Reading): Promise<AddOn> {
  addOn = await startAddOn({ emulator: { fetchTimeoutSeconds: reading } });
  return addOn;
}

const sent = (a: AddOn) => a.emulator.stats.http().map((r) => r.timeoutSeconds);
const fetchCalls = (a: AddOn) => {
  const calls = a.emulator.stats.calls();
  return (calls['UrlFetchApp.fetchAll'] ?? 0) + (calls['UrlFetchApp.fetch'] ?? 0);
};

describe('timeoutSeconds sized to the caller’s budget', () => {
  it.each<Reading>(['ignored', 'honoured'])(
    'rides on every request (%s): key check, sidebar, refresh, formula',
    async (reading) => {
      const a = await start(reading);
      a.saveApiKeyFor();
      expect(sent(a)).toEqual([20]); // the key check's 20 s
      a.emulator.stats.reset();
      a.emulator.switches.evictCaches();
      a.emulator.run('getSidebarState');
      expect(sent(a)).toEqual([15]); // the sidebar's account read
      a.emulator.stats.reset();
      const result = refresh(a);
      expect(result.tabs.filter((t) => t.error)).toEqual([]);
      const refreshSent = sent(a);
      expect(refreshSent.length).toBeGreaterThan(5);
      // A refresh's round may wait at most a minute (Google's own wait), never more than its 140 s left.
      for (const s of refreshSent) expect(s).toBe(60);
      a.emulator.run('setFormulaAccess', [true]);
      a.emulator.stats.reset();
      a.emulator.runCustomFunction('ROYALTIES_BOOKS', ['last_7_days']);
      expect(sent(a)).toEqual([25]); // a cell's 25 s
    },
  );
});

describe('a hanging API', () => {
  it.each<[Reading, number]>([
    ['ignored', 60_000],
    ['honoured', 15_000],
  ])(
    'under %s, the sidebar’s account read waits %i ms and says the API did not answer',
    async (reading, waited) => {
      const a = await start(reading);
      a.saveApiKeyFor();
      a.emulator.switches.evictCaches();
      await a.api.setFaults('/account', { hang: true });
      const before = a.emulator.clock.now();
      const state = a.emulator.run<SidebarState>('getSidebarState');
      await a.api.clearFaults();
      expect(a.emulator.clock.now() - before).toBeGreaterThanOrEqual(waited);
      expect(a.emulator.clock.now() - before).toBeLessThan(waited + 5_000);
      expect(state.accountError).toMatch(/did not answer/);
      // What it says holds under either reading: no "minute" where the wait was 15 s.
      expect(state.accountError).not.toMatch(/within a minute/);
    },
  );

  it('under honoured, a formula cell on a hanging endpoint ends within its own 25 s, not at the 30 s limit', async () => {
    const a = await start('honoured');
    a.saveApiKeyFor();
    a.emulator.run('setFormulaAccess', [true]);
    await a.api.setFaults('/reports/books', { hang: true });
    const before = a.emulator.clock.now();
    expect(() => a.emulator.runCustomFunction('ROYALTIES_BOOKS', ['last_7_days'])).toThrow(/did not answer/);
    await a.api.clearFaults();
    // Its own 25 s, not the 30 s at which Apps Script stops a custom function.
    expect(a.emulator.clock.now() - before).toBeLessThanOrEqual(25_000);
  });
});

describe('rejected as an invalid argument', () => {
  it('a refresh retries the round once without it, loses nothing, and never sends it again', async () => {
    const a = await start('rejected');
    a.saveApiKeyFor();
    expect(a.emulator.properties.user(a.emulator.owner)[REFUSED]).toBe('yes');
    expect(sent(a)).toEqual([undefined]);

    a.emulator.stats.reset();
    const result = refresh(a);
    expect(result.tabs.filter((t) => t.error)).toEqual([]);
    // Remembered: no refused call first, no timeoutSeconds in any request.
    expect(fetchCalls(a)).toBe(a.emulator.stats.fetchAllRounds());
    expect(sent(a).length).toBeGreaterThan(0);
    for (const s of sent(a)) expect(s).toBeUndefined();
    // The memory is a flag: nothing else, no key.
    expect(JSON.stringify(a.emulator.properties.user(a.emulator.owner)[REFUSED])).not.toContain(
      a.api.demoKey,
    );
  });

  it('a formula cell reads the memory with the owner’s properties; another user learns it once for themselves', async () => {
    const a = await start('rejected');
    a.saveApiKeyFor();
    a.emulator.run('setFormulaAccess', [true]);
    a.emulator.stats.reset();
    const out = a.emulator.runCustomFunction<unknown[][]>('ROYALTIES_BOOKS', ['last_7_days']);
    expect(out[0]?.[0]).toBe('Book ID');
    expect(fetchCalls(a)).toBe(1);
    expect(sent(a)).toEqual([undefined]);

    const editor = a.emulator.editors[0]!;
    expect(a.emulator.properties.user(editor)[REFUSED]).toBeUndefined();
    a.emulator.stats.reset();
    expect(a.saveApiKeyFor(editor)).toMatchObject({ isDemo: true });
    expect(fetchCalls(a)).toBe(2); // refused, then sent without it
    expect(a.emulator.properties.user(editor)[REFUSED]).toBe('yes');
  });
});
