// Acceptance: the first refresh backfills the longest period the API gives, and merging a night into the
// ledger costs the same Spreadsheet calls for 30 days as for years of them.
import { afterAll, describe, expect, it } from 'vitest';
import type { AddOn } from '../support/addon.ts';
import { apiGet, chooseSettings, refresh, rowsOf, spreadsheetCalls } from '../tabs/support.ts';
import { addDays, DAY_MS, historyNote, ledger, startOnDay } from './support.ts';

const TODAY = '2026-11-20';
const opened: AddOn[] = [];

async function historyAddOn(ranges?: string[]): Promise<AddOn> {
  const addOn = await startOnDay(TODAY);
  opened.push(addOn);
  addOn.saveApiKeyFor();
  if (ranges) await addOn.api.setSettling({ ranges });
  chooseSettings(addOn, { tabs: ['history'] });
  return addOn;
}

/** The next night's refresh, counted. */
async function nextNight(addOn: AddOn): Promise<Record<string, number>> {
  await addOn.api.setToday(addDays(TODAY, 1));
  addOn.emulator.clock.advance(DAY_MS);
  addOn.emulator.stats.reset();
  expect(refresh(addOn).tabs[0]!.error).toBeNull();
  return spreadsheetCalls(addOn);
}

afterAll(async () => {
  for (const addOn of opened) await addOn.close();
});

describe('backfill and cost', () => {
  it('backfills from the longest period on the first refresh, and a night costs the same for any length', async () => {
    const long = await historyAddOn();
    refresh(long);
    const all = rowsOf(await apiGet(long, '/timeline', { range: 'all_time' }), 'points');
    const days = ledger(long).rows;
    expect(days.length).toBe(all.length);
    expect(days.length).toBeGreaterThan(365);
    expect(days[0]!.date).toBe(all[0]!.date);
    expect(historyNote(long)).toContain('backfilled from the period all_time');
    expect(historyNote(long)).toContain(`reaches back to ${String(all[0]!.date)}`);

    const short = await historyAddOn(['last_30_days']);
    refresh(short);
    expect(ledger(short).rows).toHaveLength(30);

    const longCalls = await nextNight(long);
    const shortCalls = await nextNight(short);
    expect(ledger(long).rows).toHaveLength(all.length + 1);
    expect(ledger(short).rows).toHaveLength(31);
    expect(longCalls).toEqual(shortCalls);
    expect(longCalls['Range.getValues']).toBe(1);
    expect(longCalls['Range.setValues']).toBe(4);
    expect(longCalls['Sheet.insertRowsAfter']).toBe(1);
  });
});
