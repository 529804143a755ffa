// What the year's built tests share: an add-on of each test's own with the demo key saved, closed after
// it, and the demo API refusing a request with an error in its own words.
import { afterEach, expect } from 'vitest';
import { ledger } from '../history/support.ts';
import { type AddOn, startAddOn } from '../support/addon.ts';
import { chooseSettings, refresh } from '../tabs/support.ts';

/** Closes each test's add-on after it; returns how a test starts one, the demo key saved (and the history
 * and the year chosen, with `withYear`). */
export function useYearAddOn(withYear = false): () => Promise<AddOn> {
  let addOn: AddOn | undefined;
  afterEach(async () => {
    await addOn?.close();
    addOn = undefined;
  });
  return async () => {
    const a = await startAddOn();
    addOn = a;
    a.saveApiKeyFor();
    if (withYear) chooseSettings(a, { tabs: ['history', 'year'] });
    return a;
  };
}

/** The demo API answers the next request matching `fault` with a 400 and `message` in a JSON error. */
export function refuseNext(a: AddOn, fault: string, code: string, message: string): Promise<void> {
  const body = JSON.stringify({ error: { code, message } });
  return a.api.setFaults(fault, { statuses: [{ status: 400, contentType: 'application/json', body }] });
}

/** Moves the demo API's today and the emulator's clock to `day`, 09:00 UTC. */
export async function moveTo(a: AddOn, day: string): Promise<void> {
  await a.api.setToday(day);
  a.emulator.clock.advance(Date.parse(`${day}T09:00:00Z`) - a.emulator.clock.now());
}

/** `a` (the demo key saved) with a history of only the 30 days of its first refresh (the API refused every
 * longer period then), the year ticked afterwards: its months before come from the timeline by month. */
export async function shortHistory(a: AddOn): Promise<AddOn> {
  for (const range of ['all_time', 'last_365_days', 'last_90_days'])
    await a.api.setFaults(`/timeline?range=${range}`, { statuses: [400] });
  chooseSettings(a, { tabs: ['history'] });
  expect(refresh(a).tabs.map((t) => t.error)).toEqual([null]);
  expect(ledger(a).rows).toHaveLength(30);
  await a.api.clearFaults();
  await a.api.clearRequests();
  chooseSettings(a, { tabs: ['history', 'year'] });
  return a;
}
