// The demo account's history and an author's own never mix: an author who tried the demo (the first step
// the sidebar offers) and then saves their own key gets a history of their own, with the demo's kept apart
// under another name; the demo key never merges its made-up days into an author's ledger.
// Each test starts an add-on of its own and goes as far along the story (the demo's history, then the
// author's own) as it needs, on a demo API shared by the file.
import { describe, expect, it } from 'vitest';
import type { RefreshResult } from '../../src/core/refresh/index.ts';
import { type AddOn, useDemoApi } from '../support/addon.ts';
import { apiGet, chooseSettings, ourTab, refresh, rowsOf } from '../tabs/support.ts';
import { addOnOnFirstDay, historyNote, ledger, storyOf } from './support.ts';

const OWN_KEY = 'rfs_live_0wnacc0unt1234567';

const demoApi = useDemoApi({ accounts: [{ key: OWN_KEY }] });

/** An account's daily royalties (USD) as the API sends them, by date. */
async function royalties(addOn: AddOn, apiKey: string): Promise<Map<string, unknown>> {
  const body = await apiGet(addOn, '/timeline', { range: 'last_30_days' }, apiKey);
  return new Map(rowsOf(body, 'points').map((p) => [String(p.date), p.royalties]));
}

/** A fresh add-on on the demo key, the history and the dashboard chosen, not yet refreshed. */
async function onTheDemoKey(): Promise<AddOn> {
  const addOn = await addOnOnFirstDay(demoApi());
  addOn.emulator.run('useDemoKey');
  chooseSettings(addOn, { tabs: ['history', 'dashboard'] });
  return addOn;
}

/** The demo's history filled, as the first test checks. */
async function demoHistory(): Promise<AddOn> {
  const addOn = await onTheDemoKey();
  expect(refresh(addOn).tabs.map((t) => t.error)).toEqual([null, null]);
  return addOn;
}

/** The author saves their own key an hour later and refreshes. */
function ownKeyRefreshed(addOn: AddOn): RefreshResult {
  addOn.saveApiKeyFor(undefined, OWN_KEY);
  addOn.emulator.clock.advance(3_600_000);
  return refresh(addOn);
}

describe('demo and own history', () => {
  it('the demo key fills a history of the demo account', async () => {
    const addOn = await onTheDemoKey();
    expect(refresh(addOn).tabs.map((t) => [t.tab, t.error])).toEqual([
      ['history', null],
      ['dashboard', null],
    ]);
    expect(ledger(addOn).rows).toHaveLength(30);
  });

  it("the author's own key starts a history of their own and keeps the demo's apart, untouched", async () => {
    const addOn = await demoHistory();
    const demoSheet = ledger(addOn).snapshot;
    const result = ownKeyRefreshed(addOn);
    expect(result.tabs.map((t) => [t.tab, t.error])).toEqual([
      ['history', null],
      ['dashboard', null],
    ]);
    const own = ledger(addOn);
    expect(own.snapshot.name).toBe('Royalties history');
    expect(own.rows).toHaveLength(30);
    const mine = await royalties(addOn, OWN_KEY);
    const demo = await royalties(addOn, addOn.api.demoKey);
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
    const addOn = await demoHistory();
    expect(ownKeyRefreshed(addOn).tabs.map((t) => t.error)).toEqual([null, null]);
    const before = ledger(addOn);
    addOn.emulator.run('useDemoKey');
    await storyOf(addOn).nextDay();
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
