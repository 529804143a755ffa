// The month view from a timeline that sends figures that are not totals (an average price, a KENP rate)
// beside royalties in a currency of three decimals: the built bundle in the emulator, the demo API serving
// the shape. A month of prices or rates added up is no figure: the view leaves them out, and sums money
// to its currency's decimals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddOn } from '../support/addon.ts';
import { apiGet, chooseSettings, column, ourTab, refresh, rowsOf } from '../tabs/support.ts';
import { ledger, startOnDay } from './support.ts';

let addOn: AddOn;

beforeAll(async () => {
  addOn = await startOnDay('2026-11-20');
  addOn.saveApiKeyFor();
  await addOn.api.setSettling({ lagDays: 3, ranges: ['last_30_days'] });
  chooseSettings(addOn, { currency: 'KWD', tabs: ['history'] });
});
afterAll(async () => {
  await addOn?.close();
});

describe('the month view of a timeline with prices and rates, in KWD', () => {
  it('sums only the totals, money to the fils', async () => {
    const body = await apiGet(addOn, '/timeline');
    const points = rowsOf(body, 'points').map((p, i) => ({
      date: p.date,
      royalties: 1.001 + i / 1000,
      average_price: 3.99,
      kenpRate: 0.0045,
      conversion_rate: 0.1,
    }));
    await addOn.api.setFaults('/timeline?range=last_30_days', {
      statuses: [
        {
          status: 200,
          body: JSON.stringify({ ...body, currency: 'KWD', points }),
          contentType: 'application/json',
        },
      ],
    });
    expect(refresh(addOn).tabs.map((t) => [t.tab, t.error])).toEqual([['history', null]]);
    // The daily ledger keeps every figure as sent.
    expect(ledger(addOn).keys).toEqual(
      expect.arrayContaining(['royalties@KWD', 'extra.average_price@KWD', 'extra.kenpRate']),
    );
    const months = ourTab(addOn, 'history-months');
    expect(months.values[1]!.filter((h) => h !== '')).toEqual([
      'Month',
      'Status',
      'Days in the history',
      'Royalties (KWD)',
    ]);
    const rows = ledger(addOn).rows;
    const byMonth = new Map<string, number>();
    for (const r of rows) {
      const month = String(r.date).slice(0, 7);
      byMonth.set(month, (byMonth.get(month) ?? 0) + (r['royalties@KWD'] as number));
    }
    const sums = column(months, 'royalties').filter((v): v is number => typeof v === 'number');
    expect(sums).toEqual([...byMonth.values()].map((s) => Math.round(s * 1000) / 1000));
    expect(sums.some((s) => Math.round(s * 100) / 100 !== s)).toBe(true);
  });
});
