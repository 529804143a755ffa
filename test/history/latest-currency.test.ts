// The latest days handed to the morning e-mail and the dashboard are in the currency they are kept in:
// the built bundle in the emulator against the demo API, a ledger that holds USD, then EUR, then USD
// again (the author chose EUR for a day, then the API's currency again), on a night its timeline fails.
// The test starts an add-on of its own and makes the ledger of the nights before itself.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AddOn } from '../support/addon.ts';
import { chooseSettings, refresh } from '../tabs/support.ts';
import { addDays, DAY_MS, ledger, startOnDay } from './support.ts';

const TODAY = '2026-11-20';

let addOn: AddOn;

beforeEach(async () => {
  addOn = await startOnDay(TODAY);
  addOn.saveApiKeyFor();
  await addOn.api.setSettling({ lagDays: 3, ranges: ['last_30_days'] });
});
afterEach(async () => {
  await addOn?.close();
});

describe("the latest days after a currency change and back, on a night the history's timeline fails", () => {
  it('hands the e-mail the days of the currency the ledger holds them in, shown in it', async () => {
    chooseSettings(addOn, { tabs: ['summary', 'history'] });
    expect(refresh(addOn).tabs.map((t) => t.error)).toEqual([null, null]);
    chooseSettings(addOn, { currency: 'EUR', tabs: ['summary', 'history'] });
    expect(refresh(addOn).tabs.map((t) => t.error)).toEqual([null, null]);
    await addOn.api.setToday(addDays(TODAY, 1));
    addOn.emulator.clock.advance(DAY_MS);
    chooseSettings(addOn, { tabs: ['summary', 'history'] });
    expect(refresh(addOn).tabs.map((t) => t.error)).toEqual([null, null]);
    const view = ledger(addOn);
    // USD's columns came first, EUR's after them; the newest day holds USD only.
    expect(view.keys.indexOf('royalties@USD')).toBeLessThan(view.keys.indexOf('royalties@EUR'));
    expect(view.rows[view.rows.length - 1]!['royalties@EUR']).toBe('');

    await addOn.api.setFaults('/timeline?range=last_30_days', { statuses: [500, 500, 500, 500] });
    const result = refresh(addOn);
    expect(result.tabs.map((t) => t.tab)).toEqual(['summary', 'history']);
    expect(result.tabs[1]!.error).not.toBeNull();
    const figures = result.lastRefresh!.figures!;
    expect(figures.currency).toBe('USD');
    const usd = new Map(view.rows.map((r) => [r.date, r['royalties@USD']]));
    expect(figures.days.length).toBeGreaterThan(0);
    for (const day of figures.days) expect(day.royalties, day.date).toBe(usd.get(day.date));
  });
});
