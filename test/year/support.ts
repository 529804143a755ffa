// What the year's built tests share: an add-on of each test's own with the demo key saved, closed after
// it, and the demo API refusing a request with an error in its own words.
import { afterEach } from 'vitest';
import { type AddOn, startAddOn } from '../support/addon.ts';

/** Closes each test's add-on after it; returns how a test starts one, the demo key saved. */
export function useYearAddOn(): () => Promise<AddOn> {
  let addOn: AddOn | undefined;
  afterEach(async () => {
    await addOn?.close();
    addOn = undefined;
  });
  return async () => {
    const a = await startAddOn();
    addOn = a;
    a.saveApiKeyFor();
    return a;
  };
}

/** The demo API answers the next request matching `fault` with a 400 and `message` in a JSON error. */
export function refuseNext(a: AddOn, fault: string, code: string, message: string): Promise<void> {
  const body = JSON.stringify({ error: { code, message } });
  return a.api.setFaults(fault, { statuses: [{ status: 400, contentType: 'application/json', body }] });
}
