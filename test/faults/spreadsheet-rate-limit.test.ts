// A Spreadsheet rate limit, through the built bundle: Google's "Service invoked too many times in a short
// time: spreadsheets" (the emulator's serviceFault('spreadsheetsRateLimit', { call })). A read or a write of
// given values into a range already fixed is asked again (paused 1 s, then 2 s: core/flows/asked-again.ts),
// so a limit that passes within the pauses costs no figure; one that outlasts them ends in a plain sentence
// with the tab's figures kept. A call that could be done twice (inserting rows) is never asked again.
import { describe, expect, it } from 'vitest';
import { ENDPOINT_IDS } from '../../src/core/endpoints.ts';
import type { RefreshResult } from '../../src/core/refresh/index.ts';
import { type AddOn, startAddOn, useDemoApi } from '../support/addon.ts';
import { ourTabs } from '../tabs/support.ts';

const api = useDemoApi();
const GOOGLE_TEXT = /Service invoked|rateMax|Utilities\.sleep|spreadsheets/;

async function filled(): Promise<AddOn> {
  const addOn = await startAddOn({ api: api() });
  addOn.saveApiKeyFor();
  addOn.emulator.run('refreshAllTabs');
  return addOn;
}

/** Every report tab's and the ledger's rows below their banner and headers (but the demo API's own clock:
 * when the key was last used). */
function figures(addOn: AddOn): Map<string, unknown[][]> {
  const ours = (row: unknown[]) => !row.includes('api_key.last_used_at');
  return new Map([...ourTabs(addOn)].map(([tab, snapshot]) => [tab, snapshot.values.slice(2).filter(ours)]));
}

/** A refresh from the menu with `call` rate-limited for `forMs` from its first call. */
function menuRefreshUnder(addOn: AddOn, call: string, forMs?: number) {
  const { emulator } = addOn;
  emulator.stats.reset();
  const toasts = emulator.ui().toasts.length;
  emulator.switches.serviceFault('spreadsheetsRateLimit', { call, forMs });
  const result = emulator.run<RefreshResult | null>('menuRefreshAllTabs');
  const refused = emulator.serviceFaultRefusals('spreadsheetsRateLimit');
  emulator.switches.clearServiceFaults();
  return {
    result,
    errors: result?.tabs.filter((t) => t.error).map((t) => `${t.tab}: ${t.error}`) ?? [],
    toasts: emulator.ui().toasts.slice(toasts),
    refused,
    sleeps: emulator.stats.calls()['Utilities.sleep'] ?? 0,
  };
}

describe('a Spreadsheet rate limit met by a refresh, through the built bundle', () => {
  it.each(['Range.getValues', 'Range.setValues'])(
    'on %s, passing within the pauses: every figure arrives',
    async (call) => {
      const addOn = await filled();
      try {
        const healthy = figures(addOn);
        const seen = menuRefreshUnder(addOn, call, 2_500);
        expect(seen.errors).toEqual([]);
        expect(seen.result?.statusError).toBeUndefined();
        // Refused at 0 s and 1 s, through at 3 s: two pauses.
        expect([seen.refused, seen.sleeps]).toEqual([2, 2]);
        const now = figures(addOn);
        for (const tab of [...ENDPOINT_IDS, 'history']) {
          expect(now.get(tab)?.length, tab).toBeGreaterThan(0);
          expect(now.get(tab), tab).toEqual(healthy.get(tab));
        }
      } finally {
        await addOn.close();
      }
    },
    60_000,
  );

  it('on Range.setValues, outlasting the pauses: a plain sentence, the figures kept', async () => {
    const addOn = await filled();
    try {
      const before = figures(addOn);
      const seen = menuRefreshUnder(addOn, 'Range.setValues');
      expect(seen.errors.length).toBeGreaterThan(0);
      for (const error of seen.errors) expect(error).toMatch(/slow down/);
      expect([...seen.errors, ...seen.toasts].filter((t) => GOOGLE_TEXT.test(t))).toEqual([]);
      // Each write tried three times, two pauses each, then given up.
      expect(seen.refused).toBe((seen.sleeps / 2) * 3);
      expect(seen.sleeps).toBeGreaterThanOrEqual(2);
      const now = figures(addOn);
      for (const tab of ENDPOINT_IDS) expect(now.get(tab), tab).toEqual(before.get(tab));
    } finally {
      await addOn.close();
    }
  }, 60_000);

  it('on inserting rows: never asked again, a plain sentence, no day twice', async () => {
    const addOn = await startAddOn({ api: api() });
    try {
      addOn.saveApiKeyFor();
      // A first refresh inserts the ledger's rows after its headers (Sheet.insertRowsAfter, once).
      const { emulator } = addOn;
      emulator.stats.reset();
      emulator.switches.serviceFault('spreadsheetsRateLimit', {
        call: 'Sheet.insertRowsAfter',
        forMs: 2_500,
      });
      const result = emulator.run<RefreshResult>('refreshAllTabs');
      const refused = emulator.serviceFaultRefusals('spreadsheetsRateLimit');
      emulator.switches.clearServiceFaults();
      expect(refused).toBe(1);
      expect(emulator.stats.calls()['Sheet.insertRowsAfter']).toBe(1);
      expect(emulator.stats.calls()['Utilities.sleep'] ?? 0).toBe(0);
      const errors = result.tabs.filter((t) => t.error).map((t) => `${t.tab}: ${t.error}`);
      expect(errors).toEqual([expect.stringMatching(/^history: .*slow down/)]);
      expect(errors.filter((t) => GOOGLE_TEXT.test(t))).toEqual([]);
      // The next refresh writes the ledger once, every day once.
      emulator.run('refreshAllTabs');
      const days = (figures(addOn).get('history') ?? []).map((row) => String(row[0]));
      expect(days.length).toBeGreaterThan(0);
      expect(new Set(days).size).toBe(days.length);
    } finally {
      await addOn.close();
    }
  }, 60_000);
});
