// The sidebar's and the nightly refresh's entry points in the built bundle, run by the emulator against
// the demo API over real HTTP.
// Each test has an add-on of its own (no key saved) on the file's demo API, and saves what it needs.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/core/endpoints.ts';
import { REAUTHORISE_MESSAGE } from '../../src/core/flows/nightly.ts';
import type { NightlyState, SidebarState } from '../../src/core/flows/sidebar-state.ts';
import { isStale } from '../../src/core/freshness.ts';
import { DEFAULT_SETTINGS } from '../../src/core/settings.ts';
import { tabTitle } from '../../src/core/tab-ids.ts';
import { ENTRY_POINTS } from '../../src/entrypoints/registry.ts';
import { type AddOn, startAddOn, useDemoApi } from '../support/addon.ts';
import { expectNoKeyLeak } from '../support/leaks.ts';

const KEY_PROPERTY = 'royalties.apiKey';

const demoApi = useDemoApi();
let addOn: AddOn;

/** Another add-on on the same demo API, closed after the test. */
async function freshAddOn(): Promise<AddOn> {
  const fresh = await startAddOn({ api: demoApi() });
  opened.push(fresh);
  return fresh;
}
const opened: AddOn[] = [];
beforeEach(async () => {
  addOn = await freshAddOn();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((a) => a.close()));
});

interface ApiAccount {
  reporting_currency: string;
  is_demo: boolean;
  platforms: Array<{ name: string; connected: boolean; last_sync_at: string; covered_through: string }>;
}

async function accountFromApi(a: AddOn, key: string): Promise<ApiAccount> {
  const response = await fetch(`${a.api.baseUrl}/account`, { headers: { Authorization: `Bearer ${key}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as ApiAccount;
}

function nightlyTriggers(a: AddOn) {
  return a.emulator.triggers().filter((t) => t.handler === 'nightlyRefresh');
}

describe('menu and dialogs', () => {
  // An installed add-on not yet used in this document opens in AuthMode.NONE (Google's editor add-on
  // authorization lifecycle), where only services that need no authorization may be called; once used, in
  // LIMITED. The menu must be built in both.
  it.each(['NONE', 'LIMITED'] as const)(
    'onOpen in AuthMode.%s adds the menu: open the sidebar, refresh all tabs, Help ▸ how it works and the installation check, each a server entry point',
    async (mode) => {
      const a = await freshAddOn();
      a.emulator.run('onOpen', [{ authMode: mode }], { mode });
      const items = a.emulator
        .ui()
        .menus.flatMap((m) => m.items)
        .filter((i) => i !== 'separator');
      const servers = new Set(ENTRY_POINTS.filter((e) => e.kind === 'server').map((e) => e.name as string));
      expect(items.map((i) => [i.caption, i.functionName])).toEqual([
        ['Open Royalties', 'showSidebar'],
        ['Refresh all tabs', 'menuRefreshAllTabs'],
        ['Help ▸ How it works', 'showHelp'],
        ['Help ▸ Check this installation', 'checkInstallation'],
      ]);
      for (const item of items) expect(servers.has(item.functionName)).toBe(true);
    },
  );

  it('showSidebar shows the built sidebar; showHelp shows the help', async () => {
    const a = await freshAddOn();
    a.emulator.run('showSidebar');
    const [sidebar] = a.emulator.ui().sidebars;
    expect(sidebar?.title).toBe('Royalties');
    expect(sidebar?.html).toContain('id="key-input"');
    const before = a.emulator.capturedText().length;
    a.emulator.run('showHelp');
    const shown = a.emulator.capturedText().slice(before).join('\n');
    expect(shown).toContain('=ROYALTIES_SUMMARY(');
  });
});

describe('getSidebarState', () => {
  it('with no key: nothing saved, the default settings, no nightly refresh', async () => {
    const a = await freshAddOn();
    const state = a.emulator.run<SidebarState>('getSidebarState');
    expect(state.keySaved).toBe(false);
    expect(state.account).toBeNull();
    expect(state.accountError).toBeNull();
    expect(state.settings).toEqual({ ...DEFAULT_SETTINGS, tabs: [...DEFAULT_SETTINGS.tabs] });
    expect(state.nightly.enabled).toBe(false);
    expect(state.nightly.lastRun).toBeNull();
    expect(state.isOwner).toBe(true);
    expect(typeof state.version).toBe('string');
  });

  it('knows the owner from an editor, and hides the allowance from the editor', async () => {
    const a = await freshAddOn();
    const editor = a.emulator.editors[0]!;
    expect(a.emulator.run<SidebarState>('getSidebarState', [], { as: editor })).toMatchObject({
      isOwner: false,
      formulaAccess: null,
    });
    expect(a.emulator.run<SidebarState>('getSidebarState').formulaAccess).toBe(false);
  });

  it('with the demo key: the account as the API gives it, stale platforms marked on the emulated clock', async () => {
    addOn.emulator.run('useDemoKey');
    const state = addOn.emulator.run<SidebarState>('getSidebarState');
    const expected = await accountFromApi(addOn, addOn.api.demoKey);
    expect(state.keySaved).toBe(true);
    expect(state.accountError).toBeNull();
    const account = state.account!;
    expect(account.isDemo).toBe(expected.is_demo);
    expect(account.reportingCurrency).toBe(expected.reporting_currency);
    expect(account.platforms.map((p) => [p.name, p.connected, p.coveredThrough])).toEqual(
      expected.platforms.map((p) => [p.name, p.connected, p.covered_through]),
    );
    const now = addOn.emulator.clock.now();
    expect(account.platforms.map((p) => p.stale)).toEqual(
      expected.platforms.map((p) =>
        isStale({ lastSyncAt: p.last_sync_at, coveredThrough: p.covered_through }, now),
      ),
    );
    expect(account.keyStart).not.toContain(addOn.api.demoKey);
    expect(addOn.api.demoKey.startsWith(account.keyStart!.replace(/…$/, ''))).toBe(true);
    expect(JSON.stringify(state)).not.toContain(addOn.api.demoKey);
    expectNoKeyLeak(addOn.emulator, addOn.api.demoKey);
  });

  it('reads the account through the response cache: opening the sidebar again makes no request', () => {
    addOn.emulator.run('useDemoKey');
    addOn.emulator.run('getSidebarState');
    addOn.emulator.stats.reset();
    addOn.emulator.run('getSidebarState');
    expect(addOn.emulator.stats.http()).toHaveLength(0);
  });

  // Each property read costs about 32 ms of the author's wait for the sidebar (docs/apps-script-costs.md):
  // a value read on its own, as a dozen were, shows up here as a getProperty.
  it('reads each property store once, whole, and still shows every value stored in them', async () => {
    const a = await freshAddOn();
    a.emulator.run('useDemoKey');
    const settings = a.emulator.run('saveSettings', [{ period: 'last_7_days', currency: 'EUR' }]);
    a.emulator.run('setNightlyRefresh', [true, 6]);
    a.emulator.run('setMorningEmail', ['daily']);
    a.emulator.run('setSidebarFolds', [{ account: false }]);
    a.emulator.run('getSidebarState'); // the account into the response cache
    a.emulator.stats.reset();
    const state = a.emulator.run<SidebarState>('getSidebarState');
    const propertyCalls = Object.entries(a.emulator.stats.calls()).filter(([name]) =>
      name.startsWith('Propert'),
    );
    expect(Object.fromEntries(propertyCalls)).toEqual({
      'PropertiesService.getUserProperties': 1,
      'PropertiesService.getDocumentProperties': 1,
      'Properties.getProperties': 2,
    });
    expect(state).toMatchObject({
      keySaved: true,
      accountError: null,
      settings,
      formulaAccess: false,
      nightly: { enabled: true, hour: 6, morningEmail: 'daily' },
      folds: { account: false },
    });
  });

  it('a key refused since it was saved shows its error, not the key', async () => {
    const a = await freshAddOn();
    const revoked = 'rfs_live_9q8w7e6r5t4y3u2i1o0p';
    a.emulator.properties.setUser(a.emulator.owner, KEY_PROPERTY, revoked);
    const state = a.emulator.run<SidebarState>('getSidebarState');
    expect(state.keySaved).toBe(true);
    expect(state.account).toBeNull();
    expect(state.accountError).toBeTruthy();
    expect(a.emulator.stats.http().map((r) => r.status)).toEqual([401]);
    expectNoKeyLeak(a.emulator, revoked);
  });
});

describe('saveSettings', () => {
  it('stores valid settings for everyone in the spreadsheet, in canonical tab order', async () => {
    const a = await freshAddOn();
    const tabs = ['books-report', 'summary'];
    const saved = a.emulator.run('saveSettings', [{ period: ' last_7_days ', currency: 'eur', tabs }]);
    expect(saved).toEqual({ period: 'last_7_days', currency: 'EUR', tabs: ['summary', 'books-report'] });
    const editorView = a.emulator.run<SidebarState>('getSidebarState', [], { as: a.emulator.editors[0] });
    expect(editorView.settings).toEqual(saved);
  });

  it('refuses a bad currency with what is accepted, and keeps the stored settings', async () => {
    const a = await freshAddOn();
    expect(() => a.emulator.run('saveSettings', [{ period: 'last_30_days', currency: 'EURO' }])).toThrow(
      /is not a currency code\. Use a three-letter code/,
    );
    expect(a.emulator.run<SidebarState>('getSidebarState').settings.currency).toBeNull();
  });
});

describe('setNightlyRefresh', () => {
  it('turning it on twice leaves one trigger, at the last hour chosen', async () => {
    const a = await freshAddOn();
    a.emulator.run('setNightlyRefresh', [true, 6]);
    const state = a.emulator.run<NightlyState>('setNightlyRefresh', [true, 7]);
    const triggers = nightlyTriggers(a);
    expect(triggers).toHaveLength(1);
    expect(triggers[0]).toMatchObject({ user: a.emulator.owner, everyDays: 1, atHour: 7 });
    expect(state).toMatchObject({ enabled: true, hour: 7 });
    expect(a.emulator.run<SidebarState>('getSidebarState').nightly).toMatchObject({ enabled: true, hour: 7 });
  });

  it('is per user: an editor has their own, and turning one off leaves the other', async () => {
    const a = await freshAddOn();
    const editor = a.emulator.editors[0]!;
    a.emulator.run('setNightlyRefresh', [true, 4]);
    a.emulator.run('setNightlyRefresh', [true, 5], { as: editor });
    expect(
      nightlyTriggers(a)
        .map((t) => t.user)
        .sort(),
    ).toEqual([a.emulator.owner, editor].sort());
    const off = a.emulator.run<NightlyState>('setNightlyRefresh', [false, 4]);
    expect(off.enabled).toBe(false);
    expect(nightlyTriggers(a).map((t) => [t.user, t.atHour])).toEqual([[editor, 5]]);
  });

  it('refuses an hour that is not 0 to 23 and leaves the trigger as it was', async () => {
    const a = await freshAddOn();
    a.emulator.run('setNightlyRefresh', [true, 3]);
    for (const hour of [24, -1, 2.5, 'soon']) {
      expect(() => a.emulator.run('setNightlyRefresh', [true, hour])).toThrow(/0 to 23/);
    }
    expect(nightlyTriggers(a).map((t) => t.atHour)).toEqual([3]);
  });
});

describe('nightlyRefresh', () => {
  function lastRun(a: AddOn, as?: string) {
    return a.emulator.run<SidebarState>('getSidebarState', [], as ? { as } : {}).nightly.lastRun;
  }

  /** The per-tab record of the night: the Status tab's rows (tab title, sheet, last success, last failure, why). */
  /** The tabs' rows of the Status tab: up to the blank row before its Checks block. */
  function statusRows(a: AddOn) {
    const rows = a.emulator.sheetSnapshot(tabTitle('status')).values.slice(2);
    const blank = rows.findIndex((row) => row.every((cell) => cell === '' || cell === null));
    return (blank < 0 ? rows : rows.slice(0, blank)).map(([title, sheet, success, failure, message]) => ({
      title,
      sheet,
      success,
      failure,
      message,
    }));
  }

  it("refreshes with its creator's key and records the outcome for every editor to see", async () => {
    const a = await freshAddOn();
    a.emulator.run('useDemoKey');
    a.emulator.run('saveSettings', [{ tabs: ['summary', 'books-report'] }]);
    a.emulator.run('setNightlyRefresh', [true, 5]);
    a.emulator.stats.reset();
    const before = a.emulator.clock.now();
    a.emulator.runTrigger(nightlyTriggers(a)[0]!.id);
    const after = a.emulator.clock.now();
    expect(a.emulator.stats.http().length).toBeGreaterThan(0);
    const run = lastRun(a, a.emulator.editors[0]);
    expect(run?.ok).toBe(true);
    expect(Date.parse(run!.at)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(run!.at)).toBeLessThanOrEqual(after);
    expect(run?.message).toBe('Refreshed 2 tabs.');
    const rows = statusRows(a);
    expect(rows.map((r) => r.title)).toEqual([ENDPOINTS.summary.title, ENDPOINTS['books-report'].title]);
    const sheets = a.emulator.spreadsheet.getSheets().map((s) => s.getName());
    for (const row of rows) {
      expect(sheets).toContain(row.sheet);
      expect((row.success as Date).getTime()).toBeGreaterThanOrEqual(before);
    }
    expectNoKeyLeak(a.emulator, a.api.demoKey);
  });

  it('when re-authorisation is needed: fetches nothing, and says so in the sidebar and the Status tab', async () => {
    const a = await freshAddOn();
    a.emulator.run('useDemoKey');
    a.emulator.run('setNightlyRefresh', [true, 5]);
    a.emulator.requireReauthorization(a.emulator.owner);
    a.emulator.stats.reset();
    a.emulator.runTrigger(nightlyTriggers(a)[0]!.id);
    expect(a.emulator.stats.http()).toHaveLength(0);
    // In the morning: an editor sees it, and so does the owner once the sidebar has re-authorised them.
    expect(lastRun(a, a.emulator.editors[0])).toMatchObject({ ok: false, message: REAUTHORISE_MESSAGE });
    a.emulator.requireReauthorization(a.emulator.owner, false);
    expect(lastRun(a)).toMatchObject({ ok: false, message: REAUTHORISE_MESSAGE });
    const statusText = a.emulator.spreadsheet
      .getSheets()
      .map((s) => a.emulator.sheetSnapshot(s.getName()).values.flat().join(' '))
      .join(' ');
    expect(statusText).toContain(REAUTHORISE_MESSAGE);
  });

  it('a night that cannot refresh at all (no key) is recorded, not lost, and the execution fails', async () => {
    const a = await freshAddOn();
    const editor = a.emulator.editors[0]!;
    a.emulator.run('setNightlyRefresh', [true, 2], { as: editor });
    expect(() => a.emulator.runTrigger(nightlyTriggers(a)[0]!.id)).toThrow(/No API key/);
    const run = lastRun(a);
    expect(run?.ok).toBe(false);
    expect(run?.message).toMatch(/No API key/);
  });

  it('a tab whose endpoint fails at night is named in the morning', async () => {
    const a = await freshAddOn();
    a.emulator.run('useDemoKey');
    a.emulator.run('saveSettings', [{ tabs: ['summary', 'books-report'] }]);
    a.emulator.run('setNightlyRefresh', [true, 5]);
    await a.api.setFaults('/summary', { statuses: [{ status: 404 }] });
    a.emulator.runTrigger(nightlyTriggers(a)[0]!.id);
    const run = lastRun(a);
    expect(run?.ok).toBe(false);
    const failed = statusRows(a).filter((r) => r.failure instanceof Date);
    expect(failed.map((r) => r.title)).toEqual([ENDPOINTS.summary.title]);
    expect(run?.message).toContain(`${failed[0]?.sheet}: ${failed[0]?.message}`);
  });
});
