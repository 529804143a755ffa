// The installed add-on's route (ROYALTIES_ROUTE=addon) through its built bundle: a clock trigger runs
// with no active spreadsheet (docs/google-rules.md, "Triggers"), so the night opens the spreadsheet by the
// id kept with its trigger and refreshes it; every record it needs lives in the spreadsheet itself. Both
// readings of the emulator (a trigger with and without its document) on both routes.
import { afterEach, describe, expect, it } from 'vitest';
import { OPEN_BY_ID_REFUSED } from '../../local/gas/documents.ts';
import type { EmulatorOptions } from '../../local/gas/types.ts';
import { NO_SPREADSHEET_AT_NIGHT, REAUTHORISE_MESSAGE } from '../../src/core/flows/nightly.ts';
import type { NightlyRun, NightlyState, SidebarState } from '../../src/core/flows/sidebar-state.ts';
import { REFRESH_START_PROPERTY } from '../../src/core/refresh/index.ts';
import { TAB_CHOICES } from '../../src/core/tab-ids.ts';
import { type AddOn, startAddOn } from '../support/addon.ts';
import { addOnDist, installedAddOnDist } from '../support/bundles.ts';
import { expectNoKeyLeak } from '../support/leaks.ts';
import { tabsWrittenWithEveryChoice } from '../support/tab-count.ts';

const opened: AddOn[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((a) => a.close()));
});

type Route = 'bound' | 'addon';

async function addOn(route: Route, emulator: EmulatorOptions = {}): Promise<AddOn> {
  const distDir = route === 'addon' ? await installedAddOnDist() : await addOnDist();
  const a = await startAddOn({ distDir, emulator: { deployment: 'addon', ...emulator } });
  opened.push(a);
  return a;
}

const HOUR = 60 * 60_000;

function nightlyTriggers(a: AddOn) {
  return a.emulator.triggers().filter((t) => t.handler === 'nightlyRefresh');
}

/** The trigger `user` made in the spreadsheet in front. */
function triggerOf(a: AddOn, user = a.emulator.owner): string {
  const before = new Set(nightlyTriggers(a).map((t) => t.id));
  a.emulator.run('setNightlyRefresh', [true, 5], { as: user });
  const made = nightlyTriggers(a).find((t) => !before.has(t.id) && t.user === user);
  if (!made) throw new Error(`no nightly trigger made for ${user}`);
  return made.id;
}

function lastRun(a: AddOn, user = a.emulator.owner): NightlyRun | null {
  return a.emulator.run<SidebarState>('getSidebarState', [], { as: user }).nightly.lastRun;
}

/** A night later, the trigger fires. */
function night(a: AddOn, id: string): unknown {
  a.emulator.clock.advance(24 * HOUR);
  return a.emulator.runTrigger(id);
}

function setUp(a: AddOn, tabs: string[] = ['summary']): void {
  a.emulator.run('useDemoKey');
  a.emulator.run('saveSettings', [{ tabs }]);
}

describe('a night on either route, with and without its spreadsheet active', () => {
  const cases = [
    { route: 'addon', hasDocument: false, refreshes: true },
    { route: 'addon', hasDocument: true, refreshes: true },
    { route: 'bound', hasDocument: true, refreshes: true },
    // The bound build has only spreadsheets.currentonly: it still says plainly why nothing was refreshed.
    { route: 'bound', hasDocument: false, refreshes: false },
  ] as const;
  for (const { route, hasDocument, refreshes } of cases) {
    it(`${route} build, trigger ${hasDocument ? 'with' : 'without'} a document`, async () => {
      const a = await addOn(route, { clockTriggerHasDocument: hasDocument });
      setUp(a);
      const id = triggerOf(a);
      a.emulator.stats.reset();
      night(a, id);
      const requests = a.emulator.stats.http().length;
      if (refreshes) {
        expect(requests).toBeGreaterThan(0);
        expect(a.emulator.sheetSnapshot('Summary').values.length).toBeGreaterThan(1);
        expect(lastRun(a)).toMatchObject({ ok: true, message: 'Refreshed 1 tab.' });
        // The shared record: another editor's sidebar shows the same night.
        expect(lastRun(a, a.emulator.editors[0])).toEqual(lastRun(a));
      } else {
        expect(requests).toBe(0);
        expect(lastRun(a)).toMatchObject({ ok: false, message: NO_SPREADSHEET_AT_NIGHT });
      }
    });
  }

  it('every tab at night; the records in the spreadsheet, none in document properties, and no key', async () => {
    const a = await addOn('addon');
    setUp(a, [...TAB_CHOICES]);
    night(a, triggerOf(a));
    expect(lastRun(a)).toMatchObject({
      ok: true,
      message: `Refreshed ${tabsWrittenWithEveryChoice()} tabs.`,
    });
    expect(a.emulator.properties.document()).toEqual({});
    const keys = a.emulator.spreadsheet.getDeveloperMetadata().map((m) => m.getKey());
    expect(keys).toEqual(expect.arrayContaining(['royalties.settings', 'royalties.nightly.lastRun']));
    expectNoKeyLeak(a.emulator, a.api.demoKey);
  });
});

describe('the add-on build by day', () => {
  it("formulas read the settings from the spreadsheet and answer with the owner's key", async () => {
    const a = await addOn('addon');
    setUp(a);
    a.emulator.run('setFormulaAccess', [true]);
    const figure = a.emulator.runCustomFunction('ROYALTIES_ACCOUNT', ['reporting_currency']);
    expect(figure).toMatch(/^[A-Z]{3}$/);
    expect(a.emulator.properties.document()).toEqual({});
  });
});

describe('the add-on build at night', () => {
  it('two editors each with the nightly on: both nights refresh', async () => {
    const a = await addOn('addon');
    setUp(a);
    const editor = a.emulator.editors[0]!;
    a.saveApiKeyFor(editor);
    const mine = triggerOf(a);
    const theirs = triggerOf(a, editor);
    expect(nightlyTriggers(a)).toHaveLength(2);
    a.emulator.clock.advance(24 * HOUR);
    a.emulator.runTrigger(mine);
    const first = lastRun(a);
    expect(first).toMatchObject({ ok: true, message: 'Refreshed 1 tab.' });
    // Ten minutes later the other editor's night: the first one's start record is gone, not a claim.
    a.emulator.clock.advance(10 * 60_000);
    a.emulator.runTrigger(theirs);
    const second = lastRun(a, editor);
    expect(second).toMatchObject({ ok: true, message: 'Refreshed 1 tab.' });
    expect(second!.at > first!.at).toBe(true);
    expect(lastRun(a)).toEqual(second);
  });

  it("another editor's refresh under way (its start record) holds off a refresh that has the document lock", async () => {
    const a = await addOn('addon');
    setUp(a);
    // As another editor's night leaves it while it runs: it holds only its own user lock.
    const start = { origin: 'nightly', startedAt: a.emulator.clock.now(), tabs: ['summary'] };
    a.emulator.spreadsheet.addDeveloperMetadata(
      REFRESH_START_PROPERTY,
      JSON.stringify(start),
      'PROJECT' as unknown as GoogleAppsScript.Spreadsheet.DeveloperMetadataVisibility,
    );
    expect(() => a.emulator.run('refreshAllTabs')).toThrow(/A refresh is already running/);
    // Past an execution's 6 minutes it is a refresh Apps Script stopped: this one runs, and says so.
    a.emulator.clock.advance(7 * 60_000);
    expect(a.emulator.run<{ tabs: unknown[] }>('refreshAllTabs').tabs).toHaveLength(1);
    expect(lastRun(a)?.ok).toBe(false);
  });

  it('a settings change between nights is used by the next night', async () => {
    const a = await addOn('addon');
    setUp(a, ['summary']);
    const id = triggerOf(a);
    night(a, id);
    expect(lastRun(a)).toMatchObject({ ok: true, message: 'Refreshed 1 tab.' });
    a.emulator.run('saveSettings', [{ tabs: ['summary', 'timeline'] }]);
    night(a, id);
    expect(lastRun(a)).toMatchObject({ ok: true, message: 'Refreshed 2 tabs.' });
    expect(a.emulator.sheetSnapshot('Timeline').values.length).toBeGreaterThan(1);
  });

  for (const gone of ['deleted', 'unshared'] as const) {
    it(`a spreadsheet ${gone} since the trigger was made: a clear record, off after two nights, nothing thrown`, async () => {
      const a = await addOn('addon');
      setUp(a);
      a.emulator.run('setMorningEmail', ['problems']);
      const id = triggerOf(a);
      const sheetId = a.emulator.spreadsheets.current();
      if (gone === 'deleted') a.emulator.spreadsheets.delete(sheetId);
      else a.emulator.spreadsheets.unshare(sheetId, a.emulator.owner);
      const reason = gone === 'deleted' ? OPEN_BY_ID_REFUSED.missing(sheetId) : OPEN_BY_ID_REFUSED.noAccess;
      a.emulator.stats.reset();
      // The first night: it may be passing, so the trigger stays; the creator's sidebar and e-mail say so.
      const first = night(a, id) as NightlyRun;
      expect(a.emulator.stats.http()).toEqual([]);
      expect(first).toMatchObject({ ok: false });
      expect(first.message).toContain('could not open this spreadsheet');
      expect(first.message).toContain(reason);
      expect(first.message).toContain('try again tomorrow night');
      let state = a.emulator.run<SidebarState>('getSidebarState').nightly;
      expect(state.enabled).toBe(true);
      expect(state.lastRun).toMatchObject({ ok: false, message: first.message });
      expect(a.emulator.mail.sent().at(-1)?.body).toContain('could not open this spreadsheet');
      // The second night running: no night could refresh it, so the trigger goes.
      a.emulator.stats.reset();
      const second = night(a, id) as NightlyRun;
      expect(a.emulator.stats.http()).toEqual([]);
      expect(second.message).toContain('failed two nights running, so it was turned off');
      expect(nightlyTriggers(a)).toEqual([]);
      state = a.emulator.run<SidebarState>('getSidebarState').nightly;
      expect(state.enabled).toBe(false);
      expect(state.lastRun).toMatchObject({ ok: false, message: second.message });
    });
  }

  it("a night that needs the user's permission again asks for it before opening the spreadsheet", async () => {
    const a = await addOn('addon');
    setUp(a);
    const id = triggerOf(a);
    a.emulator.switches.requireAuthorization(a.emulator.owner, true, { refuse: ['UrlFetchApp'] });
    a.emulator.stats.reset();
    const run = night(a, id) as NightlyRun;
    expect(run).toMatchObject({ ok: false, message: REAUTHORISE_MESSAGE });
    expect(a.emulator.stats.calls()['SpreadsheetApp.openById']).toBeUndefined();
    a.emulator.switches.requireAuthorization(a.emulator.owner, false);
    // Recorded for its creator, the trigger kept: the next night, permission given, refreshes.
    expect(lastRun(a)).toMatchObject({ ok: false, message: REAUTHORISE_MESSAGE });
    expect(nightlyTriggers(a).map((t) => t.id)).toEqual([id]);
    night(a, id);
    expect(lastRun(a)).toMatchObject({ ok: true, message: 'Refreshed 1 tab.' });
  });

  it('one user with the nightly on in two spreadsheets: both are refreshed', async () => {
    const a = await addOn('addon');
    const first = a.emulator.spreadsheets.current();
    setUp(a, ['summary']);
    const one = triggerOf(a);
    a.emulator.spreadsheets.add('second-sheet', 'Royalties 2');
    a.emulator.spreadsheets.use('second-sheet');
    a.emulator.run('saveSettings', [{ tabs: ['timeline'] }]);
    const two = triggerOf(a);
    expect(nightlyTriggers(a).map((t) => t.user)).toEqual([a.emulator.owner, a.emulator.owner]);
    // Each night runs from wherever the test stands: here, neither spreadsheet is the one in front of it.
    a.emulator.spreadsheets.use(first);
    night(a, two);
    night(a, one);
    expect(lastRun(a)).toMatchObject({ ok: true, message: 'Refreshed 1 tab.' });
    expect(a.emulator.sheetSnapshot('Summary').values.length).toBeGreaterThan(1);
    expect(() => a.emulator.sheetSnapshot('Timeline')).toThrow();
    a.emulator.spreadsheets.use('second-sheet');
    expect(lastRun(a)).toMatchObject({ ok: true, message: 'Refreshed 1 tab.' });
    expect(a.emulator.sheetSnapshot('Timeline').values.length).toBeGreaterThan(1);
    expect(() => a.emulator.sheetSnapshot('Summary')).toThrow();
    const state = a.emulator.run<NightlyState>('setNightlyRefresh', [true, 6]);
    // Replacing one spreadsheet's trigger leaves the other's alone.
    expect(state.enabled).toBe(true);
    expect(nightlyTriggers(a)).toHaveLength(2);
  });
});
