// Granular consent as the emulator plays it (docs/google-rules.md, "Granular consent"): a user's grant is
// the scopes they ticked; a call outside it is refused with Google's permission error; getAuthorizationInfo
// answers for the scopes given; requireScopes ends the execution with a prompt only where a user can see one.
import { afterEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../local/gas/index.ts';
import { messages } from '../../local/gas/index.ts';
import { emulatorFor, thrownBy } from './support/scripts.ts';

const AUTH = 'https://www.googleapis.com/auth/';
const FETCH_SCOPE = `${AUTH}script.external_request`;
const MAIL_SCOPE = `${AUTH}script.send_mail`;
const TRIGGER_SCOPE = `${AUTH}script.scriptapp`;
const SHEET_SCOPE = `${AUTH}spreadsheets.currentonly`;
const ALL = [SHEET_SCOPE, FETCH_SCOPE, MAIL_SCOPE, TRIGGER_SCOPE];

const CODE = `
function QUOTA() { return MailApp.getRemainingDailyQuota(); }
function READ() { return SpreadsheetApp.getActiveSpreadsheet().getName(); }
function INFO(scopes) {
  var info = scopes ? ScriptApp.getAuthorizationInfo(ScriptApp.AuthMode.FULL, scopes)
                    : ScriptApp.getAuthorizationInfo(ScriptApp.AuthMode.FULL);
  return [String(info.getAuthorizationStatus()), info.getAuthorizedScopes()];
}
function ASK(scopes) { ScriptApp.requireScopes(ScriptApp.AuthMode.FULL, scopes); return 'granted'; }
function ASK_ALL() { ScriptApp.requireAllScopes(ScriptApp.AuthMode.FULL); return 'granted'; }
function ASK_MAIL() { ScriptApp.requireScopes(ScriptApp.AuthMode.FULL, ['${MAIL_SCOPE}']); return 1; }
function NIGHT() {
  ScriptApp.newTrigger('QUOTA').timeBased().everyDays(1).atHour(5).create();
}
`;

let emulator: Emulator;
afterEach(() => emulator?.close());

function start(): Emulator {
  emulator = emulatorFor(CODE, { manifest: { oauthScopes: ALL } });
  return emulator;
}

describe('granular consent', () => {
  it('refuses a call whose scope the user left unticked, with Google’s permission error', () => {
    const e = start();
    expect(e.run('QUOTA')).toBe(100);
    e.switches.grantScopes(e.owner, [SHEET_SCOPE, FETCH_SCOPE, TRIGGER_SCOPE]);
    expect(thrownBy(() => e.run('QUOTA'))).toBe(
      messages.missingScope('MailApp.getRemainingDailyQuota', MAIL_SCOPE),
    );
    // Another user's grant is their own.
    expect(e.run('QUOTA', [], { as: e.editors[0] })).toBe(100);
    expect(e.run('READ')).toBe(e.spreadsheet.getName());
    e.switches.grantScopes(e.owner, null);
    expect(e.run('QUOTA')).toBe(100);
  });

  it('answers getAuthorizationInfo for the scopes given, or for all', () => {
    const e = start();
    expect(e.run('INFO')).toEqual(['NOT_REQUIRED', ALL]);
    e.switches.grantScopes(e.owner, [SHEET_SCOPE, FETCH_SCOPE]);
    expect(e.run('INFO')).toEqual(['REQUIRED', [SHEET_SCOPE, FETCH_SCOPE]]);
    expect(e.run('INFO', [[FETCH_SCOPE]])).toEqual(['NOT_REQUIRED', [FETCH_SCOPE]]);
    expect(e.run('INFO', [[FETCH_SCOPE, MAIL_SCOPE]])).toEqual(['REQUIRED', [FETCH_SCOPE]]);
  });

  it('requireScopes returns when granted, else ends the execution with a prompt to grant and run again', () => {
    const e = start();
    expect(e.run('ASK', [[MAIL_SCOPE]])).toBe('granted');
    expect(e.consentPrompts()).toEqual([]);
    e.switches.grantScopes(e.owner, [SHEET_SCOPE]);
    expect(thrownBy(() => e.run('ASK', [[MAIL_SCOPE, SHEET_SCOPE]]))).toBe(messages.authorizationRequired);
    expect(thrownBy(() => e.run('ASK_ALL'))).toBe(messages.authorizationRequired);
    expect(e.consentPrompts()).toEqual([
      { user: e.owner, scopes: [MAIL_SCOPE] },
      { user: e.owner, scopes: [FETCH_SCOPE, MAIL_SCOPE, TRIGGER_SCOPE] },
    ]);
    e.switches.grantScopes(e.owner, [SHEET_SCOPE, MAIL_SCOPE]);
    expect(e.run('ASK', [[MAIL_SCOPE, SHEET_SCOPE]])).toBe('granted');
  });

  it('a custom function, a simple trigger or an installed trigger cannot prompt', () => {
    const e = start();
    e.run('NIGHT');
    const [trigger] = e.triggers();
    e.switches.grantScopes(e.owner, [SHEET_SCOPE, TRIGGER_SCOPE]);
    expect(() => e.runCustomFunction('ASK_MAIL', [])).toThrow();
    expect(() => e.run('ASK_MAIL', [], { mode: 'LIMITED' })).toThrow();
    // The trigger of a user who narrowed the grant runs with what is granted, and fails at the first call
    // without its scope (the pessimistic reading: Google says nothing of triggers under granular consent).
    expect(thrownBy(() => e.runTrigger(trigger!.id))).toBe(
      messages.missingScope('MailApp.getRemainingDailyQuota', MAIL_SCOPE),
    );
    expect(e.consentPrompts()).toEqual([]);
  });
});
