// The built add-on under Google's rules as the emulator now enforces them (docs/google-rules.md):
// the owner check needs userinfo.email in the manifest; the nightly trigger is found by its stored id
// whichever way getUserTriggers behaves; its hour is the spreadsheet's; a night with no active document is
// recorded where its creator's sidebar shows it.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../local/gas/index.ts';
import type { EmulatorOptions } from '../../local/gas/types.ts';
import { NO_SPREADSHEET_AT_NIGHT } from '../../src/core/flows/nightly.ts';
import type { NightlyState, SidebarState } from '../../src/core/flows/sidebar-state.ts';
import { type AddOn, startAddOn } from '../support/addon.ts';
import { addOnDist } from '../support/bundles.ts';

const EMAIL_SCOPE = 'https://www.googleapis.com/auth/userinfo.email';

const opened: AddOn[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((a) => a.close()));
});

async function addOn(emulator: EmulatorOptions = {}, distDir?: string): Promise<AddOn> {
  const a = await startAddOn({ emulator, ...(distDir ? { distDir } : {}) });
  opened.push(a);
  return a;
}

/** The built add-on with the manifest it shipped before Google's rules were enforced: every scope but userinfo.email. */
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function distWithoutEmailScope(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rfs-dist-noemail-'));
  made.push(dir);
  cpSync(await addOnDist(), dir, { recursive: true });
  const file = path.join(dir, 'appsscript.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { oauthScopes: string[] };
  manifest.oauthScopes = manifest.oauthScopes.filter((s) => s !== EMAIL_SCOPE);
  writeFileSync(file, JSON.stringify(manifest));
  return dir;
}

function nightlyTriggers(a: AddOn) {
  return a.emulator.triggers().filter((t) => t.handler === 'nightlyRefresh');
}

describe('the owner check and the userinfo.email scope', () => {
  it('without the scope, not even the owner can let formulas use their key', async () => {
    const a = await addOn({}, await distWithoutEmailScope());
    // The allowance asks for its scope first (requireScopes), so the author meets Google's prompt, not its refusal.
    expect(() => a.emulator.run('setFormulaAccess', [true])).toThrow(messages.authorizationRequired);
    expect(a.emulator.consentPrompts()).toEqual([{ user: a.emulator.owner, scopes: [EMAIL_SCOPE] }]);
    expect(a.emulator.properties.user(a.emulator.owner)).toEqual({});
  });

  it('an address Google withholds is never taken for the owner', async () => {
    const a = await addOn();
    a.emulator.switches.withholdEmail(a.emulator.owner);
    expect(() => a.emulator.run('setFormulaAccess', [true])).toThrow(/did not say who you are/);
    expect(a.emulator.properties.user(a.emulator.owner)).toEqual({});
    a.emulator.switches.withholdEmail(a.emulator.owner, false);
    expect(a.emulator.run('setFormulaAccess', [true])).toEqual({ enabled: true });
  });

  it('with it (the manifest as built), the owner can and an editor cannot', async () => {
    const a = await addOn();
    expect(a.emulator.run('setFormulaAccess', [true])).toEqual({ enabled: true });
    expect(() => a.emulator.run('setFormulaAccess', [true], { as: a.emulator.editors[0] })).toThrow(
      /Only the spreadsheet's owner/,
    );
  });
});

describe('the nightly trigger, under both readings of getUserTriggers(spreadsheet)', () => {
  for (const userTriggersListClock of [false, true]) {
    it(`is found, replaced and removed (clock triggers ${userTriggersListClock ? '' : 'not '}listed)`, async () => {
      const a = await addOn({ userTriggersListClock });
      const on = a.emulator.run<NightlyState>('setNightlyRefresh', [true, 6]);
      expect(on.enabled).toBe(true);
      const [first] = nightlyTriggers(a);
      const again = a.emulator.run<NightlyState>('setNightlyRefresh', [true, 7]);
      expect(again).toMatchObject({ enabled: true, hour: 7 });
      expect(nightlyTriggers(a).map((t) => t.atHour)).toEqual([7]);
      expect(nightlyTriggers(a)[0]?.id).not.toBe(first?.id);
      expect(a.emulator.run<SidebarState>('getSidebarState').nightly.enabled).toBe(true);
      const off = a.emulator.run<NightlyState>('setNightlyRefresh', [false]);
      expect(off.enabled).toBe(false);
      expect(nightlyTriggers(a)).toEqual([]);
      expect(a.emulator.run<SidebarState>('getSidebarState').nightly.enabled).toBe(false);
    });
  }

  it("runs at the chosen hour in the spreadsheet's time zone, and the sidebar names that zone", async () => {
    // The manifest's zone is Etc/UTC; the author's spreadsheet is in New York.
    const a = await addOn({ timeZone: 'America/New_York' });
    const state = a.emulator.run<NightlyState>('setNightlyRefresh', [true, 5]);
    expect(state.timeZone).toBe('America/New_York');
    const [trigger] = nightlyTriggers(a);
    expect(trigger?.timeZone).toBe('America/New_York');
    // The clock starts at 2026-11-21 08:00 UTC, 03:00 in New York: the next 05:00 there is 10:00 UTC.
    expect(new Date(a.emulator.nextRunOf(trigger!.id)).toISOString()).toBe('2026-11-21T10:00:00.000Z');
  });
});

describe('a night with or without the spreadsheet active, on either route', () => {
  const cases = [
    // Each route's default (the pessimistic reading for it), then the other reading by the switch.
    { deployment: 'bound', reading: 'default', clockTriggerHasDocument: true },
    { deployment: 'bound', reading: 'switched', clockTriggerHasDocument: false },
    { deployment: 'addon', reading: 'default', clockTriggerHasDocument: false },
    { deployment: 'addon', reading: 'switched', clockTriggerHasDocument: true },
  ] as const;
  for (const { deployment, reading, clockTriggerHasDocument } of cases) {
    it(`${deployment}, ${reading}: ${clockTriggerHasDocument ? 'with' : 'without'} it`, async () => {
      const a = await addOn({ deployment });
      if (reading === 'switched') a.emulator.switches.clockTriggersSeeDocument(clockTriggerHasDocument);
      a.emulator.run('useDemoKey');
      a.emulator.run('saveSettings', [{ tabs: ['summary'] }]);
      a.emulator.run('refreshAllTabs');
      const before = a.emulator.sheetSnapshot('Summary').values;
      a.emulator.run('setNightlyRefresh', [true, 5]);
      a.emulator.clock.advance(60 * 60_000);
      a.emulator.stats.reset();
      a.emulator.runTrigger(nightlyTriggers(a)[0]!.id);
      const requestsAtNight = a.emulator.stats.http().length;
      const night = new Date(a.emulator.clock.now()).toISOString();
      const own = a.emulator.run<SidebarState>('getSidebarState').nightly.lastRun;
      const editors = a.emulator.run<SidebarState>('getSidebarState', [], { as: a.emulator.editors[0] })
        .nightly.lastRun;
      if (clockTriggerHasDocument) {
        expect(requestsAtNight).toBeGreaterThan(0);
        expect(own).toMatchObject({ ok: true, message: 'Refreshed 1 tab.' });
        expect(editors).toEqual(own);
      } else {
        // Nothing fetched, nothing blanked; the creator's sidebar says why, the night's time attached.
        expect(requestsAtNight).toBe(0);
        expect(a.emulator.sheetSnapshot('Summary').values).toEqual(before);
        expect(own).toEqual({
          at: night,
          ok: false,
          message: NO_SPREADSHEET_AT_NIGHT,
        });
        // It sits in the creator's own user properties: another user's sidebar does not have it.
        expect(editors).toBeNull();
      }
    });
  }
});

describe('the last night the sidebar shows, when nights with and without the spreadsheet alternate', () => {
  it('is the newer of the shared record and the creator’s own', async () => {
    const a = await addOn({ clockTriggerHasDocument: false });
    a.emulator.run('useDemoKey');
    a.emulator.run('saveSettings', [{ tabs: ['summary'] }]);
    a.emulator.run('setNightlyRefresh', [true, 5]);
    const id = nightlyTriggers(a)[0]!.id;
    const night = (withDocument: boolean) => {
      a.emulator.switches.clockTriggersSeeDocument(withDocument);
      a.emulator.clock.advance(24 * 60 * 60_000);
      a.emulator.runTrigger(id);
      return a.emulator.run<SidebarState>('getSidebarState').nightly.lastRun;
    };
    const first = night(false);
    expect(first).toMatchObject({ ok: false, message: NO_SPREADSHEET_AT_NIGHT });
    // The shared record is newer than the creator's own: it is the one shown.
    const second = night(true);
    expect(second).toMatchObject({ ok: true, message: 'Refreshed 1 tab.' });
    // And the other way round.
    const third = night(false);
    expect(third).toMatchObject({ ok: false, message: NO_SPREADSHEET_AT_NIGHT });
    expect(third!.at > second!.at && second!.at > first!.at).toBe(true);
  });
});

describe('deployment kinds (docs/install.md)', () => {
  it('bound to the spreadsheet: the menu is there and the nightly refresh runs', async () => {
    const a = await addOn({ deployment: 'bound' });
    a.emulator.run('onOpen', [{}], { mode: 'LIMITED' });
    expect(a.emulator.ui().menus.flatMap((m) => m.items)).not.toEqual([]);
    a.emulator.run('useDemoKey');
    a.emulator.run('saveSettings', [{ tabs: ['summary'] }]);
    a.emulator.run('setNightlyRefresh', [true, 5]);
    a.emulator.runTrigger(nightlyTriggers(a)[0]!.id);
    const { lastRun } = a.emulator.run<SidebarState>('getSidebarState').nightly;
    expect(lastRun).toMatchObject({ ok: true, message: 'Refreshed 1 tab.' });
  });

  it('a test deployment: the trigger is made but never fires', async () => {
    const a = await addOn({ deployment: 'test-deployment' });
    a.emulator.run('setNightlyRefresh', [true, 5]);
    expect(() => a.emulator.runTrigger(nightlyTriggers(a)[0]!.id)).toThrow(
      /Installable triggers aren't supported when testing/,
    );
    expect(a.emulator.run<SidebarState>('getSidebarState').nightly.lastRun).toBeNull();
  });
});
