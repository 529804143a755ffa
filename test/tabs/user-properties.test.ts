// A refresh reads the user's properties once, whole (about 32 ms a read: docs/apps-script-costs.md), and
// still uses every value it needs from them: the key, the timeoutSeconds flag, the morning e-mail choice
// the Status tab's note names. Built add-on in the emulator, real HTTP to the demo API.
import { describe, expect, it } from 'vitest';
import { tabTitle } from '../../src/core/tab-ids.ts';
import { startAddOnWithKey, useDemoApi } from '../support/addon.ts';
import { refresh } from './support.ts';

const TIMEOUT_REFUSED = 'royalties.http.timeoutSecondsRefused';

const demoApi = useDemoApi();

describe("a refresh and the user's properties", () => {
  it('reads them once, whole, and honours the key, the timeoutSeconds flag and the e-mail choice', async () => {
    const addOn = await startAddOnWithKey(demoApi());
    const { emulator } = addOn;
    emulator.run('setMorningEmail', ['daily']);
    emulator.properties.setUser(emulator.owner, TIMEOUT_REFUSED, 'yes');
    emulator.stats.reset();
    const result = refresh(addOn);
    expect(result.tabs.filter((t) => t.error !== null)).toEqual([]);
    const calls = emulator.stats.calls();
    expect(calls['PropertiesService.getUserProperties']).toBe(1);
    // One whole read of each store: the user's (key, flag, e-mail choice) and the document's (the alert
    // lines, read whole once); never the user's twice.
    expect(calls['Properties.getProperties']).toBe(2);
    // The flag read with the rest: no request carries timeoutSeconds.
    const sent = emulator.stats.http();
    expect(sent.length).toBeGreaterThan(5);
    expect(sent.map((r) => r.timeoutSeconds ?? null)).toEqual(sent.map(() => null));
    const banner = String(emulator.sheetSnapshot(tabTitle('status')).values[0]![0]);
    expect(banner).toContain('The morning e-mail sends the figures after each nightly refresh');
  });
});
