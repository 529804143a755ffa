// Granular consent through the built add-on: for each scope of the manifest unticked alone, every sidebar
// action that needs it prompts (Google's prompt, recorded by the emulator) and every other one works; the
// sidebar names what is missing in Google's words; the night does all it may and records the rest; a
// formula answers one plain sentence; Google's permission text reaches no cell, sidebar, e-mail or record;
// and a permission error is never retried.
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../local/gas/index.ts';
import { NIGHTLY_RUN_PROPERTY } from '../../src/core/flows/nightly.ts';
import type { NightlyRun, SidebarState } from '../../src/core/flows/sidebar-state.ts';
import {
  type Action,
  actionFeatures,
  featureScopes,
  manifestScopes,
  SCOPE_WORDS,
  SCOPES,
} from '../../src/core/permissions.ts';
import { tabTitle } from '../../src/core/tab-ids.ts';
import { type AddOn, startAddOn } from '../support/addon.ts';

const opened: AddOn[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((a) => a.close()));
});

/** Google's refusal, in any of its parts (the scopes' addresses are data the sidebar keeps, never shows). */
const GOOGLE_TEXT = /You do not have permission to call|Required permissions/;

/** The actions an author starts from the sidebar or the menu, with the arguments they send. */
const ACTIONS: ReadonlyArray<readonly [Action | 'getSidebarState', unknown[]]> = [
  ['getSidebarState', []],
  ['showSidebar', []],
  ['showHelp', []],
  ['saveSettings', [{ period: 'last_30_days', currency: 'USD' }]],
  ['setFormulaAccess', [true]],
  ['setMorningEmail', ['daily']],
  ['sendTestMorningEmail', []],
  ['refreshAllTabs', ['sidebar']],
  ['menuRefreshAllTabs', []],
  ['setNightlyRefresh', [true, 5]],
  ['useDemoKey', []],
];

/** What a grant without `scope` lets each action do: prompt for it, or run. */
function needs(action: Action | 'getSidebarState', args: unknown[], scope: string): boolean {
  if (action === 'getSidebarState') return scope === SCOPES.spreadsheetsCurrentOnly;
  return actionFeatures(action, args).some((f) => featureScopes(f, 'bound').includes(scope));
}

/** Everything an author can read: every cell, the records in the properties, the e-mails sent. */
function authorVisibleText(a: AddOn): string {
  const { emulator } = a;
  const cells = emulator.spreadsheet.getSheets().map((s) => JSON.stringify(s.getDataRange().getValues()));
  const records = [emulator.properties.document(), emulator.properties.user(emulator.owner)].map((p) =>
    JSON.stringify(p),
  );
  const mail = emulator.mail.sent().map((m) => JSON.stringify(m));
  return [...cells, ...records, ...mail].join('\n');
}

/** The owner set up with every scope: a key, a refresh, formulas allowed, the night and its e-mail on. */
async function setUp(): Promise<AddOn> {
  const a = await startAddOn();
  opened.push(a);
  const { emulator } = a;
  a.saveApiKeyFor();
  emulator.run('refreshAllTabs', ['sidebar']);
  emulator.run('setFormulaAccess', [true]);
  emulator.run('setNightlyRefresh', [true, 5]);
  emulator.run('setMorningEmail', ['daily']);
  emulator.formulas.enter('Sheet1', 'A1', '=ROYALTIES_ACCOUNT("reporting_currency")');
  expect(emulator.formulas.read('Sheet1', 'A1').error).toBeNull();
  return a;
}

const BOUND_SCOPES = manifestScopes('bound');

/** Set up with every scope, then the owner's grant narrowed to all but `scope`. */
async function untickedAlone(scope: string): Promise<AddOn> {
  const a = await setUp();
  a.emulator.switches.grantScopes(
    a.emulator.owner,
    BOUND_SCOPES.filter((s) => s !== scope),
  );
  return a;
}

describe.each(BOUND_SCOPES)('with %s unticked alone', (scope) => {
  it('each action prompts for it when it needs it, and works when it does not', async () => {
    const a = await untickedAlone(scope);
    const { emulator } = a;
    for (const [action, args] of ACTIONS) {
      const before = emulator.consentPrompts().length;
      let thrown: string | null = null;
      try {
        emulator.run(action, args);
      } catch (err) {
        thrown = (err as Error).message;
      }
      const prompts = emulator.consentPrompts().slice(before);
      if (needs(action, args, scope)) {
        expect({ action, thrown }).toEqual({ action, thrown: messages.authorizationRequired });
        expect(prompts.flatMap((p) => p.scopes)).toContain(scope);
      } else {
        expect({ action, thrown }).toEqual({ action, thrown: null });
        expect(prompts).toEqual([]);
      }
    }
    expect(authorVisibleText(a)).not.toMatch(GOOGLE_TEXT);
  });

  it('the sidebar names what is missing in Google’s words, with what is off', async () => {
    const a = await untickedAlone(scope);
    const { emulator } = a;
    if (scope === SCOPES.spreadsheetsCurrentOnly) return; // getSidebarState prompts (above)
    const state = emulator.run<SidebarState>('getSidebarState');
    const lines = state.permissions ?? [];
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line.scopes).toEqual([scope]);
      expect(line.text).toContain(SCOPE_WORDS[scope]);
    }
    expect(JSON.stringify(state)).not.toMatch(GOOGLE_TEXT);
    // The line's button asks Google for it; granted, the line goes.
    const before = emulator.consentPrompts().length;
    expect(() => emulator.run('askForPermission', [lines[0]!.feature])).toThrow(
      messages.authorizationRequired,
    );
    expect(emulator.consentPrompts().slice(before)).toEqual([{ user: emulator.owner, scopes: [scope] }]);
    emulator.switches.grantScopes(emulator.owner, null);
    expect(emulator.run('askForPermission', [lines[0]!.feature])).toEqual([]);
    expect(emulator.run<SidebarState>('getSidebarState').permissions).toEqual([]);
  });

  it('the night does all it may, says plainly what it could not, and never retries a permission', async () => {
    const a = await untickedAlone(scope);
    const { emulator } = a;
    const [trigger] = emulator.triggers().filter((t) => t.handler === 'nightlyRefresh');
    emulator.clock.advance(24 * 60 * 60 * 1000);
    emulator.stats.reset();
    const mailBefore = emulator.mail.sent().length;
    const run = emulator.runTrigger(trigger!.id) as NightlyRun;
    const words = SCOPE_WORDS[scope]!;
    const refreshNeeds = [SCOPES.spreadsheetsCurrentOnly, SCOPES.externalRequest].includes(scope as never);
    const emailNeeds = [SCOPES.sendMail, SCOPES.userInfoEmail].includes(scope as never);
    const statusBanner = () => emulator.sheetSnapshot(tabTitle('status')).values[0]![0];
    if (refreshNeeds) {
      expect(run.ok).toBe(false);
      expect(run.message).toContain(words);
      if (scope === SCOPES.externalRequest) expect(statusBanner()).toContain(words);
      expect(emulator.stats.fetchAllRounds()).toBe(0);
    } else {
      expect(run.ok).toBe(true);
      expect(run.message).toMatch(/^Refreshed \d+ tabs\./);
    }
    if (emailNeeds) {
      expect(run.email).toContain(words);
      expect(emulator.mail.sent().length).toBe(mailBefore);
      expect(statusBanner()).toContain(words);
    } else {
      expect(emulator.mail.sent().length).toBe(mailBefore + 1);
    }
    // The record the sidebar reads says the same; the Status tab's banner when the night did not refresh.
    const stored =
      scope === SCOPES.spreadsheetsCurrentOnly ? null : emulator.properties.document()[NIGHTLY_RUN_PROPERTY];
    if (stored) expect(JSON.parse(stored)).toEqual(run);
    expect(JSON.stringify(run)).not.toMatch(GOOGLE_TEXT);
    expect(authorVisibleText(a)).not.toMatch(GOOGLE_TEXT);
  });

  it('a formula answers in one plain sentence when the owner’s grant lacks what it needs', async () => {
    const a = await untickedAlone(scope);
    const { emulator } = a;
    emulator.spreadsheet.getSheets()[0]!.getRange('B1').setValue('again');
    emulator.stats.reset();
    const cell = emulator.formulas.enter('Sheet1', 'A2', '=ROYALTIES_ACCOUNT("reporting_currency", B1)');
    if (scope === SCOPES.externalRequest) {
      expect(cell.error).toContain(SCOPE_WORDS[scope]);
      expect(cell.error).toMatch(/the owner grants it in Extensions ▸ .+ ▸ Open Royalties\.$/);
      expect(cell.error).not.toMatch(GOOGLE_TEXT);
      // Never asked again: one refused call at most.
      expect(emulator.stats.calls()['UrlFetchApp.fetchAll'] ?? 0).toBeLessThanOrEqual(1);
    } else if (scope === SCOPES.spreadsheetsCurrentOnly) {
      // What the formula reads of the spreadsheet is in the document cache: it may answer, or say why not.
      if (cell.error !== null) expect(cell.error).toContain(SCOPE_WORDS[scope]);
    } else {
      expect(cell.error).toBeNull();
    }
  });
});

describe('onOpen and onInstall ask for nothing', () => {
  it.each(['NONE', 'LIMITED'] as const)(
    'build the menu in AuthMode.%s with every scope unticked',
    async (mode) => {
      const a = await startAddOn();
      opened.push(a);
      const { emulator } = a;
      emulator.switches.grantScopes(emulator.owner, []);
      emulator.open({ mode });
      emulator.run('onInstall', [{ authMode: mode }], { mode });
      expect(emulator.ui().menus.length).toBeGreaterThan(0);
      expect(emulator.consentPrompts()).toEqual([]);
    },
  );
});
