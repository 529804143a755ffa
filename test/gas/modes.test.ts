// Who runs the code and with what authority: custom functions, menus, simple triggers.
import { afterEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../local/gas/index.ts';
import { messages } from '../../local/gas/index.ts';
import { emulatorFor, thrownBy } from './support/scripts.ts';

const CODE = `
function KEY() { return PropertiesService.getUserProperties().getProperty('key'); }
function WRITE() { SpreadsheetApp.getActiveSpreadsheet().getSheets()[0].getRange('A1').setValue('x'); }
function READ() { return SpreadsheetApp.getActiveSpreadsheet().getSheets()[0].getRange('A1').getValue(); }
function INSERT() { SpreadsheetApp.getActiveSpreadsheet().insertSheet('New'); }
function UI() { SpreadsheetApp.getUi().alert('hi'); }
function TRIGGERS() { return ScriptApp.getProjectTriggers().length; }
function SAVE(v) { PropertiesService.getUserProperties().setProperty('key', v); }
function WHO() { return [Session.getActiveUser().getEmail(), Session.getEffectiveUser().getEmail()]; }
function FETCH() { UrlFetchApp.fetch('http://127.0.0.1:9/x'); }
function SIDEBAR() { SpreadsheetApp.getUi().showSidebar(HtmlService.createHtmlOutput('<p>x</p>')); }
function CACHE() { return CacheService.getUserCache().get('k'); }
`;

let emulator: Emulator;
afterEach(() => emulator?.close());

describe('custom function mode', () => {
  it('refuses writes and UI, allows reads', () => {
    emulator = emulatorFor(CODE);
    emulator.spreadsheet.getSheets()[0]!.getRange('A1').setValue('seed');
    expect(thrownBy(() => emulator.runCustomFunction('WRITE', []))).toBe(
      messages.permission('Range.setValue'),
    );
    expect(thrownBy(() => emulator.runCustomFunction('INSERT', []))).toBe(
      messages.permission('Spreadsheet.insertSheet'),
    );
    expect(thrownBy(() => emulator.runCustomFunction('UI', []))).toBe(messages.noUiHere);
    expect(thrownBy(() => emulator.runCustomFunction('TRIGGERS', []))).toBe(
      messages.permission('ScriptApp.getProjectTriggers'),
    );
    expect(thrownBy(() => emulator.runCustomFunction('SAVE', ['k']))).toBe(
      messages.permission('Properties.setProperty'),
    );
    expect(emulator.runCustomFunction('READ', [])).toBe('seed');
    expect(emulator.sheetSnapshot('Sheet1').values).toEqual([['seed']]);
  });

  it('refuses the developer metadata finder unless the reading allows it; the get* walk reads marks', () => {
    const code = `
function MARK() { SpreadsheetApp.getActive().getSheets()[0].addDeveloperMetadata('ours', 'v'); }
function FIND() { return SpreadsheetApp.getActive().createDeveloperMetadataFinder().withKey('ours').find().length; }
function WALK() { return SpreadsheetApp.getActive().getSheets()[0].getDeveloperMetadata().map(function (m) { return m.getKey() + '=' + m.getValue(); }).join(); }
`;
    emulator = emulatorFor(code);
    emulator.run('MARK');
    expect(emulator.run('FIND')).toBe(1);
    expect(thrownBy(() => emulator.runCustomFunction('FIND', []))).toBe(
      messages.permission('Spreadsheet.createDeveloperMetadataFinder'),
    );
    expect(emulator.runCustomFunction('WALK', [])).toBe('ours=v');
    emulator.switches.customFunctionFindsMetadata(true);
    expect(emulator.runCustomFunction('FIND', [])).toBe(1);
  });

  it("sees the owner's user properties, not the editor's, and hides the editor", () => {
    emulator = emulatorFor(CODE);
    const [editor] = emulator.editors;
    emulator.properties.setUser(emulator.owner, 'key', 'owner-key');
    emulator.properties.setUser(editor!, 'key', 'editor-key');
    expect(emulator.runCustomFunction('KEY', [], { as: editor! })).toBe('owner-key');
    expect(emulator.run('KEY', [], { as: editor! })).toBe('editor-key');
    expect(emulator.runCustomFunction('WHO', [], { as: editor! })).toEqual(['', '']);
    expect(emulator.runCustomFunction('WHO', [])).toEqual([emulator.owner, emulator.owner]);
  });

  it('gives the user cache of the owner to every formula', () => {
    emulator = emulatorFor(`${CODE} function PUT() { CacheService.getUserCache().put('k', 'v'); }`);
    emulator.run('PUT');
    expect(emulator.runCustomFunction('CACHE', [], { as: emulator.editors[0]! })).toBe('v');
    expect(emulator.run('CACHE', [], { as: emulator.editors[0]! })).toBeNull();
  });
});

describe('menu and simple-trigger modes', () => {
  it('keeps user properties per user in FULL mode', () => {
    emulator = emulatorFor(CODE);
    emulator.run('SAVE', ['mine'], { as: emulator.editors[0]! });
    expect(emulator.properties.user(emulator.editors[0]!)).toEqual({ key: 'mine' });
    expect(emulator.properties.user(emulator.owner)).toEqual({});
  });

  it('refuses network and sidebars in LIMITED mode, and nearly everything in NONE', () => {
    emulator = emulatorFor(CODE);
    expect(thrownBy(() => emulator.run('FETCH', [], { mode: 'LIMITED' }))).toBe(
      messages.permission('UrlFetchApp.fetch'),
    );
    expect(thrownBy(() => emulator.run('SIDEBAR', [], { mode: 'LIMITED' }))).toBe(
      messages.noSidebarHere('LIMITED'),
    );
    expect(thrownBy(() => emulator.run('KEY', [], { mode: 'NONE' }))).toBe(
      messages.permission('PropertiesService.getUserProperties'),
    );
  });

  it('reports re-authorisation, and refuses only the services not yet granted', () => {
    emulator = emulatorFor(
      `${CODE} function STATUS() { return ScriptApp.getAuthorizationInfo(ScriptApp.AuthMode.FULL).getAuthorizationStatus(); }`,
    );
    expect(emulator.run('STATUS')).toBe('NOT_REQUIRED');
    emulator.switches.requireAuthorization(emulator.owner, true, { refuse: ['UrlFetchApp'] });
    expect(emulator.run('STATUS')).toBe('REQUIRED');
    expect(thrownBy(() => emulator.run('FETCH'))).toBe(messages.authorizationRequired);
    expect(emulator.run('KEY')).toBeNull();
    emulator.switches.requireAuthorization(emulator.owner, false);
    expect(emulator.run('STATUS')).toBe('NOT_REQUIRED');
  });
});

// Rules the emulator claims (local/gas/README.md) that no other test reaches: each is seen refused here.
describe('rules each context keeps', () => {
  const RULES = `${CODE}
function TOAST() { SpreadsheetApp.getActiveSpreadsheet().toast('hi'); }
function OPEN() { return SpreadsheetApp.openById('x'); }
function INSTALL() { return ScriptApp.newTrigger('TOAST').timeBased().everyDays(1).atHour(3).create().getUniqueId(); }
function ACTIVE() { return SpreadsheetApp.getActive().getName(); }
function FILL(n) { var c = CacheService.getScriptCache(); for (var i = 0; i < n; i++) c.put('k' + i, 'v'); }
function FIRST() { return CacheService.getScriptCache().get('k0'); }
function LAST(n) { return CacheService.getScriptCache().get('k' + (n - 1)); }
`;

  it('a toast and another spreadsheet are refused to a custom function, a toast to a trigger', () => {
    emulator = emulatorFor(RULES, { deployment: 'bound' });
    expect(thrownBy(() => emulator.runCustomFunction('TOAST', []))).toBe(
      messages.permission('Spreadsheet.toast'),
    );
    expect(thrownBy(() => emulator.runCustomFunction('OPEN', []))).toBe(
      messages.permission('SpreadsheetApp.openById'),
    );
    emulator.run('TOAST');
    expect(emulator.ui().toasts).toEqual(['hi']);
    const toast = emulator.run<string>('INSTALL');
    expect(thrownBy(() => emulator.runTrigger(toast))).toBe(messages.permission('Spreadsheet.toast'));
  });

  it('getUi is refused to a trigger, triggers to LIMITED, and any authorised service to NONE', () => {
    emulator = emulatorFor(`${RULES} function NIGHT_UI() { SpreadsheetApp.getUi(); }
function INSTALL_UI() { return ScriptApp.newTrigger('NIGHT_UI').timeBased().everyDays(1).atHour(3).create().getUniqueId(); }`);
    const id = emulator.run<string>('INSTALL_UI');
    expect(thrownBy(() => emulator.runTrigger(id))).toBe(messages.noUiHere);
    expect(thrownBy(() => emulator.run('INSTALL', [], { mode: 'LIMITED' }))).toBe(
      messages.permission('ScriptApp.newTrigger'),
    );
    for (const [fn, call] of [
      ['ACTIVE', 'SpreadsheetApp.getActive'],
      ['CACHE', 'CacheService.getUserCache'],
      ['FETCH', 'UrlFetchApp.fetch'],
      ['TRIGGERS', 'ScriptApp.getProjectTriggers'],
    ] as const) {
      expect(
        thrownBy(() => emulator.run(fn, [], { mode: 'NONE' })),
        fn,
      ).toBe(messages.permission(call));
    }
    emulator.run('UI', [], { mode: 'NONE' });
  });

  it('showing a sidebar needs script.container.ui in the manifest', () => {
    emulator = emulatorFor(CODE, {
      manifest: { oauthScopes: ['https://www.googleapis.com/auth/spreadsheets.currentonly'] },
    });
    expect(thrownBy(() => emulator.run('SIDEBAR'))).toBe(
      messages.missingScope('Ui.showSidebar', 'https://www.googleapis.com/auth/script.container.ui'),
    );
  });

  it('a user has at most 20 triggers, and a cache at most 1,000 items (the oldest dropped)', () => {
    emulator = emulatorFor(RULES, { deployment: 'bound' });
    for (let i = 0; i < 20; i++) emulator.run('INSTALL');
    expect(thrownBy(() => emulator.run('INSTALL'))).toBe(messages.tooManyUserTriggers);
    emulator.run('FILL', [1001]);
    expect(emulator.run('FIRST')).toBeNull();
    expect(emulator.run('LAST', [1001])).toBe('v');
  });
});
