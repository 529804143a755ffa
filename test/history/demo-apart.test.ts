// The demo account's history and an author's own never mix: an author who tried the demo (the first step
// the sidebar offers) and then saves their own key gets a history of their own, with the demo's kept apart
// under another name; the demo key never merges its made-up days into an author's ledger.
// One story: the tests share one add-on, started once in beforeAll, and run in order; a test may rely on what
// those before it left (the demo's history, then the author's own). A fresh one per test would cost seconds
// each (the demo API's worker, the emulator loading the bundle, the key check, a refresh).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddOn } from '../support/addon.ts';
import { apiGet, chooseSettings, ourTab, refresh, rowsOf } from '../tabs/support.ts';
import { addDays, DAY_MS, historyNote, ledger, startOnDay } from './support.ts';

const TODAY = '2026-11-20';
const OWN_KEY = 'rfs_live_0wnacc0unt1234567';

let addOn: AddOn;

/** An account's daily royalties (USD) as the API sends them, by date. */
async function royalties(apiKey: string): Promise<Map<string, unknown>> {
  const body = await apiGet(addOn, '/timeline', { range: 'last_30_days' }, apiKey);
  return new Map(rowsOf(body, 'points').map((p) => [String(p.date), p.royalties]));
}

beforeAll(async () => {
  addOn = await startOnDay(TODAY, { accounts: [{ key: OWN_KEY }] });
  await addOn.api.setSettling({ lagDays: 3, ranges: ['last_30_days'] });
  addOn.emulator.run('useDemoKey');
  chooseSettings(addOn, { tabs: ['history', 'dashboard'] });
});
afterAll(async () => {
  await addOn?.close();
});

describe('demo and own history', () => {
  it('the demo key fills a history of the demo account', () => {
    expect(refresh(addOn).tabs.map((t) => [t.tab, t.error])).toEqual([
      ['history', null],
      ['dashboard', null],
    ]);
    expect(ledger(addOn).rows).toHaveLength(30);
  });

  it("the author's own key starts a history of their own and keeps the demo's apart, untouched", async () => {
    const demoSheet = ledger(addOn).snapshot;
    addOn.saveApiKeyFor(undefined, OWN_KEY);
    addOn.emulator.clock.advance(3_600_000);
    const result = refresh(addOn);
    expect(result.tabs.map((t) => [t.tab, t.error])).toEqual([
      ['history', null],
      ['dashboard', null],
    ]);
    const own = ledger(addOn);
    expect(own.snapshot.name).toBe('Royalties history');
    expect(own.rows).toHaveLength(30);
    const mine = await royalties(OWN_KEY);
    const demo = await royalties(addOn.api.demoKey);
    for (const row of own.rows)
      expect(row['royalties@USD'], row.date as string).toBe(mine.get(row.date as string));
    // The two accounts' figures differ, so the ledger above is not the demo's under another name.
    expect(own.rows.filter((r) => r['royalties@USD'] !== demo.get(r.date as string)).length).toBeGreaterThan(
      20,
    );
    expect(historyNote(addOn)).toContain(
      'The demo account\'s history is kept apart in "Royalties history (demo)"',
    );
    // The demo's ledger is the author's sheet now: the same cells, under its new name, never written again.
    const apart = addOn.emulator.sheetSnapshot('Royalties history (demo)');
    expect(apart.values).toEqual(demoSheet.values);
    expect(apart.values.slice(2).filter((r) => typeof r[0] === 'number')).toHaveLength(30);
  });

  it('the demo key again: its days are not merged into the own history, which keeps its figures', async () => {
    const before = ledger(addOn);
    addOn.emulator.run('useDemoKey');
    await addOn.api.setToday(addDays(TODAY, 1));
    addOn.emulator.clock.advance(DAY_MS);
    const result = refresh(addOn);
    const history = result.tabs.find((t) => t.tab === 'history')!;
    expect(history.error).toMatch(/your own account's figures, not the demo account's/);
    const after = ledger(addOn);
    expect(after.rows).toEqual(before.rows);
    expect(String(after.snapshot.values[0]![0])).toMatch(/failed/);
    // The demo dashboard compares with no earlier days, never with the author's.
    expect(result.tabs.find((t) => t.tab === 'dashboard')!.error).toBeNull();
    expect(ourTab(addOn, 'dashboard').values.flat()).toContain('no earlier data yet');
    expect(addOn.emulator.sheetSnapshot('Royalties history (demo)').values.slice(2).length).toBeGreaterThan(
      0,
    );
  });
});
