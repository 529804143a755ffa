// The history merges the API's documented period, last_30_days, whatever period the tabs show: with a
// shorter one (last_7_days here) days would leave it before they settle and stay provisional, with their
// early figures, for good.
// Each test starts its own add-on and first refresh: the second test's twelve nights must not depend on
// the first test having run before it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AddOn } from '../support/addon.ts';
import { apiGet, chooseSettings, ourTab, refresh, rowsOf } from '../tabs/support.ts';
import { addDays, DAY_MS, ledger, startOnDay } from './support.ts';

const FIRST_TODAY = '2026-11-20';
/** Days settle 10 days after, later than they leave a 7-day period. */
const LAG = 10;

let addOn: AddOn;

beforeEach(async () => {
  addOn = await startOnDay(FIRST_TODAY);
  addOn.saveApiKeyFor();
  await addOn.api.setSettling({ lagDays: LAG, ranges: ['last_30_days', 'last_7_days'] });
  chooseSettings(addOn, { tabs: ['timeline', 'history'], range: 'last_7_days' });
});
afterEach(async () => {
  await addOn?.close();
});

describe('the history with the tabs on last_7_days', () => {
  it('merges the 30 days of last_30_days in the same round, while the Timeline tab shows 7', () => {
    addOn.emulator.stats.reset();
    expect(refresh(addOn).tabs.map((t) => [t.tab, t.error])).toEqual([
      ['timeline', null],
      ['history', null],
    ]);
    expect(ledger(addOn).rows).toHaveLength(30);
    expect(
      ourTab(addOn, 'timeline')
        .values.slice(2)
        .filter((r) => r[0] !== ''),
    ).toHaveLength(7);
    // Round 1 (account, the 7-day timeline, the history's 30 days) and the backfill's tries of longer periods.
    expect(addOn.emulator.stats.fetchAllRounds()).toBeLessThanOrEqual(4);
  });

  it('after twelve nights every day the ledger held is settled with the API’s final figures', async () => {
    expect(refresh(addOn).tabs.filter((t) => t.error !== null)).toEqual([]);
    let today = FIRST_TODAY;
    const provisional = ledger(addOn)
      .rows.filter((r) => r.status === 'provisional')
      .map((r) => r.date as string);
    expect(provisional.length).toBeGreaterThan(0);
    for (let night = 0; night < 12; night++) {
      today = addDays(today, 1);
      await addOn.api.setToday(today);
      addOn.emulator.clock.advance(DAY_MS);
      const { tabs } = refresh(addOn);
      expect(tabs.length).toBeGreaterThan(0);
      expect(tabs.filter((t) => t.error !== null)).toEqual([]);
    }
    const api = new Map(
      rowsOf(await apiGet(addOn, '/timeline', { range: 'last_30_days' }), 'points').map((p) => [
        String(p.date),
        p,
      ]),
    );
    const rows = new Map(ledger(addOn).rows.map((r) => [r.date as string, r]));
    for (const date of provisional) {
      expect(api.has(date), date).toBe(true);
      expect(rows.get(date)?.status, date).toBe('settled');
      expect(rows.get(date)?.['royalties@USD'], date).toBe(api.get(date)!.royalties);
    }
  });
});
