// The emulator's rules (docs/google-rules.md), each shown on a minimal script: the manifest's
// scopes, deployment kinds, clock triggers with and without an active document, getUserTriggers with and
// without clock triggers, the trigger's hour in its time zone, the 50,000-character cell, `hh` shown as
// 24-hour. Where the add-on used to rely on the lenient reading, the script here does what it did.
import { afterEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../local/gas/index.ts';
import { messages } from '../../local/gas/index.ts';
import { emulatorFor, thrownBy } from './support/scripts.ts';

const AUTH = 'https://www.googleapis.com/auth/';
/** The manifest the add-on shipped before Google's rules were enforced: no userinfo.email. */
const SHIPPED_SCOPES = [
  `${AUTH}spreadsheets.currentonly`,
  `${AUTH}script.container.ui`,
  `${AUTH}script.external_request`,
  `${AUTH}script.scriptapp`,
];

let emulator: Emulator;
afterEach(() => emulator?.close());

describe('the manifest oauthScopes', () => {
  const CODE = `
function whoAmI() { return Session.getEffectiveUser().getEmail(); }
function sheetName() { return SpreadsheetApp.getActive().getSheets()[0].getName(); }
function openMine() { return SpreadsheetApp.openById(SpreadsheetApp.getActive().getId()).getName(); }
function tz() { return Session.getScriptTimeZone(); }
`;

  it("refuses Session.getEffectiveUser without userinfo.email, with Google's text (the old owner check)", () => {
    emulator = emulatorFor(CODE, { manifest: { oauthScopes: SHIPPED_SCOPES } });
    expect(thrownBy(() => emulator.run('whoAmI'))).toBe(
      messages.missingScope('Session.getEffectiveUser', `${AUTH}userinfo.email`),
    );
    expect(emulator.run('sheetName')).toBe('Sheet1');
    expect(emulator.run('tz')).toBe('Europe/London');
  });

  it('grants it once the scope is listed', () => {
    emulator = emulatorFor(CODE, { manifest: { oauthScopes: [...SHIPPED_SCOPES, `${AUTH}userinfo.email`] } });
    expect(emulator.run('whoAmI')).toBe(emulator.owner);
  });

  it('openById needs the full spreadsheets scope, even for the spreadsheet the script runs in', () => {
    emulator = emulatorFor(CODE, { manifest: { oauthScopes: SHIPPED_SCOPES } });
    expect(thrownBy(() => emulator.run('openMine'))).toBe(
      messages.missingScope('SpreadsheetApp.openById', `${AUTH}spreadsheets`),
    );
    emulator.close();
    emulator = emulatorFor(CODE, { manifest: { oauthScopes: [`${AUTH}spreadsheets`] } });
    expect(emulator.run('openMine')).toBe('Royalties');
  });

  it('grants everything when the manifest lists no scopes (Apps Script detects them)', () => {
    emulator = emulatorFor(CODE);
    expect(emulator.run('whoAmI')).toBe(emulator.owner);
    expect(emulator.run('openMine')).toBe('Royalties');
  });
});

const TRIGGERS = `
function install(hour) { return ScriptApp.newTrigger('nightly').timeBased().everyDays(1).atHour(hour).create().getUniqueId(); }
function installIn(hour, zone) { return ScriptApp.newTrigger('nightly').timeBased().everyDays(1).atHour(hour).inTimezone(zone).create().getUniqueId(); }
function listed() { return ScriptApp.getUserTriggers(SpreadsheetApp.getActive()).length; }
// What the add-on did before Google's rules were enforced: delete what getUserTriggers lists, then create; record in document properties.
function oldTurnOn(hour) {
  ScriptApp.getUserTriggers(SpreadsheetApp.getActive()).forEach(function (t) { ScriptApp.deleteTrigger(t); });
  ScriptApp.newTrigger('oldNightly').timeBased().everyDays(1).atHour(hour).create();
}
function oldNightly() { PropertiesService.getDocumentProperties().setProperty('lastRun', 'ok'); }
function inProject() { return ScriptApp.getProjectTriggers().map(function (t) { return t.getUniqueId(); }); }
function nightly() {
  var doc = SpreadsheetApp.getActive();
  return [doc === null ? null : doc.getName(), PropertiesService.getDocumentProperties() === null,
    CacheService.getDocumentCache() === null, LockService.getDocumentLock() === null];
}
`;

describe('deployment kinds', () => {
  it('a test deployment creates a trigger that never fires', () => {
    emulator = emulatorFor(TRIGGERS, { deployment: 'test-deployment' });
    const id = emulator.run<string>('install', [5]);
    expect(emulator.triggers().map((t) => t.id)).toEqual([id]);
    expect(thrownBy(() => emulator.runTrigger(id))).toMatch(
      /Installable triggers aren't supported when testing/,
    );
  });

  it('an installed add-on fires it with no document by default, and allows one time-based trigger per user per document', () => {
    emulator = emulatorFor(TRIGGERS, { deployment: 'addon' });
    const id = emulator.run<string>('install', [5]);
    expect(emulator.runTrigger(id)).toEqual([null, true, true, true]);
    expect(thrownBy(() => emulator.run('install', [6]))).toBe(messages.tooManyTriggers);
  });

  it('a bound script fires it and has no one-per-document rule', () => {
    emulator = emulatorFor(TRIGGERS, { deployment: 'bound' });
    const first = emulator.run<string>('install', [5]);
    const second = emulator.run<string>('install', [6]);
    expect(emulator.run('inProject')).toEqual([first, second]);
    expect(emulator.runTrigger(second)).toEqual(['Royalties', false, false, false]);
  });
});

describe('a clock trigger and the active document (a switch, its default the pessimistic reading per route)', () => {
  it.each([
    ['addon', false],
    ['bound', true],
  ] as const)(
    '%s: with the document by default: %s; the switch gives the other reading',
    (deployment, withDocument) => {
      emulator = emulatorFor(TRIGGERS, { deployment });
      const id = emulator.run<string>('install', [5]);
      const seen = withDocument ? ['Royalties', false, false, false] : [null, true, true, true];
      expect(emulator.runTrigger(id)).toEqual(seen);
      emulator.switches.clockTriggersSeeDocument(!withDocument);
      expect(emulator.runTrigger(id)).toEqual(
        withDocument ? [null, true, true, true] : ['Royalties', false, false, false],
      );
    },
  );

  it('with the document: getActive and the document stores are there', () => {
    emulator = emulatorFor(TRIGGERS, { clockTriggerHasDocument: true });
    const id = emulator.run<string>('install', [5]);
    expect(emulator.runTrigger(id)).toEqual(['Royalties', false, false, false]);
  });

  it("without it the add-on's old handler fails on the document properties, and nobody learns", () => {
    emulator = emulatorFor(TRIGGERS, { clockTriggerHasDocument: false });
    emulator.run('oldTurnOn', [5]);
    expect(thrownBy(() => emulator.runTrigger(emulator.triggers()[0]!.id))).toMatch(/null/);
    expect(emulator.properties.document()).toEqual({});
  });

  it('without it: getActive, document properties, cache and lock are all null', () => {
    emulator = emulatorFor(TRIGGERS, { clockTriggerHasDocument: false });
    const id = emulator.run<string>('install', [5]);
    expect(emulator.runTrigger(id)).toEqual([null, true, true, true]);
    emulator.switches.clockTriggersSeeDocument(true);
    expect(emulator.runTrigger(id)).toEqual(['Royalties', false, false, false]);
  });
});

describe('getUserTriggers(spreadsheet) and clock triggers (a switch)', () => {
  it('by default lists none of them: finding the nightly trigger that way finds nothing', () => {
    emulator = emulatorFor(TRIGGERS);
    const id = emulator.run<string>('install', [5]);
    expect(emulator.run('listed')).toBe(0);
    expect(emulator.run('inProject')).toEqual([id]);
  });

  it("so the add-on's old way of turning it on again is refused, and turning it off deletes nothing", () => {
    emulator = emulatorFor(TRIGGERS);
    emulator.run('oldTurnOn', [5]);
    expect(thrownBy(() => emulator.run('oldTurnOn', [6]))).toBe(messages.tooManyTriggers);
    expect(emulator.triggers().map((t) => t.atHour)).toEqual([5]);
  });

  it('under the other reading lists them', () => {
    emulator = emulatorFor(TRIGGERS, { userTriggersListClock: true });
    emulator.run('install', [5]);
    expect(emulator.run('listed')).toBe(1);
    emulator.switches.userTriggersListClock(false);
    expect(emulator.run('listed')).toBe(0);
  });
});

describe("a trigger's hour", () => {
  const start = Date.parse('2026-11-21T08:00:00Z');

  it("is read in the script's time zone (the manifest's) without inTimezone", () => {
    emulator = emulatorFor(TRIGGERS, { manifest: { timeZone: 'Etc/UTC' }, timeZone: 'America/New_York' });
    const id = emulator.run<string>('install', [5]);
    expect(emulator.triggers()[0]?.timeZone).toBe('Etc/UTC');
    expect(new Date(emulator.nextRunOf(id)).toISOString()).toBe('2026-11-22T05:00:00.000Z');
    expect(emulator.clock.now()).toBe(start);
  });

  it('is read in the zone inTimezone names', () => {
    emulator = emulatorFor(TRIGGERS, { manifest: { timeZone: 'Etc/UTC' }, timeZone: 'America/New_York' });
    const id = emulator.run<string>('installIn', [5, 'America/New_York']);
    expect(emulator.triggers()[0]?.timeZone).toBe('America/New_York');
    // 05:00 in New York in November is 10:00 UTC, still ahead of 08:00 UTC today.
    expect(new Date(emulator.nextRunOf(id)).toISOString()).toBe('2026-11-21T10:00:00.000Z');
  });

  it('refuses a zone that is not one', () => {
    emulator = emulatorFor(TRIGGERS);
    expect(thrownBy(() => emulator.run('installIn', [5, 'Mars/Olympus']))).toMatch(/Invalid argument/);
    expect(emulator.triggers()).toEqual([]);
  });
});

describe('the 50,000-character cell', () => {
  const CODE = `
function write(n, prefix) { SpreadsheetApp.getActive().getSheets()[0].getRange('A1:B1').setValues([['kept', prefix + new Array(n + 1).join('x')]]); }
function LONG(n) { return new Array(n + 1).join('y'); }
`;

  it('takes 50,000 characters, apostrophe included, and refuses one more without writing anything', () => {
    emulator = emulatorFor(CODE);
    emulator.run('write', [49_999, "'"]);
    expect(emulator.sheetSnapshot('Sheet1').values[0]?.[1]).toHaveLength(49_999);
    emulator.spreadsheet.getSheets()[0]!.getRange('A1').setValue('before');
    expect(thrownBy(() => emulator.run('write', [50_000, "'"]))).toBe(messages.cellTooLong(50_000));
    expect(emulator.sheetSnapshot('Sheet1').values[0]?.[0]).toBe('before');
  });

  it("refuses a custom function's result over the limit", () => {
    emulator = emulatorFor(CODE);
    expect(emulator.runCustomFunction<string>('LONG', [50_000])).toHaveLength(50_000);
    expect(thrownBy(() => emulator.runCustomFunction('LONG', [50_001]))).toBe(messages.cellTooLong(50_000));
  });
});

describe("a custom function's result size (undocumented; a switch)", () => {
  const CODE = `function CELLS(rows, columns) {
  var out = [];
  for (var r = 0; r < rows; r++) { var row = []; for (var c = 0; c < columns; c++) row.push(r); out.push(row); }
  return out;
}`;

  it("by default refuses a result over 200,000 cells with Google's words, and takes one at the limit", () => {
    emulator = emulatorFor(CODE);
    expect(emulator.runCustomFunction<unknown[][]>('CELLS', [25_000, 8])).toHaveLength(25_000);
    expect(thrownBy(() => emulator.runCustomFunction('CELLS', [25_001, 8]))).toBe('Result too large');
    expect(messages.resultTooLarge).toBe('Result too large');
  });

  it('takes the size a test gives: the 61,744 × 8 Google was seen to refuse, or no limit at all', () => {
    emulator = emulatorFor(CODE, { resultCellLimit: 61_743 * 8 });
    expect(emulator.runCustomFunction<unknown[][]>('CELLS', [61_743, 8])).toHaveLength(61_743);
    expect(thrownBy(() => emulator.runCustomFunction('CELLS', [61_744, 8]))).toBe('Result too large');
    emulator.switches.resultCellLimit(null);
    expect(emulator.runCustomFunction<unknown[][]>('CELLS', [61_744, 8])).toHaveLength(61_744);
  });
});

describe('displayed times', () => {
  it('shows hh as a 24-hour clock unless the pattern has AM/PM', () => {
    emulator = emulatorFor('', { timeZone: 'UTC' });
    const range = emulator.spreadsheet.getSheets()[0]!.getRange('A1:B1');
    range.setNumberFormats([['yyyy-mm-dd hh:mm', 'hh:mm AM/PM']]);
    const at = new Date(Date.parse('2026-11-21T15:03:00Z'));
    range.setValues([[at, at]]);
    expect(emulator.sheetSnapshot('Sheet1').displayed[0]).toEqual(['2026-11-21 15:03', '03:03 PM']);
  });
});

describe('displayed numbers', () => {
  it('take the section of their sign, with quoted text and currencies where the format puts them', () => {
    emulator = emulatorFor('', { timeZone: 'UTC' });
    const range = emulator.spreadsheet.getSheets()[0]!.getRange('A1:C5');
    const change = '+0.0%;-0.0%;0.0%';
    range.setNumberFormats([
      [change, change, change],
      ['"$"#,##0.00', '"$"#,##0.00', '#,##0.00 "EUR"'],
      ['#,##0;(#,##0)', '#,##0;(#,##0)', '"up "0%;"down "0%'],
      ['[$€-407]#,##0.00', '[Red]0.0', '0.0" pages"'],
      ['#,##0', '0.00\\x', '0.0%'],
    ]);
    range.setValues([
      [0.267, -0.297, 0],
      [1234.5, -5, 7.5],
      [1234, -1234, -0.1],
      [3.5, 2, 12.34],
      [262, 1, 0.5],
    ]);
    expect(emulator.sheetSnapshot('Sheet1').displayed).toEqual([
      ['+26.7%', '-29.7%', '0.0%'],
      ['$1,234.50', '-$5.00', '7.50 EUR'],
      ['1,234', '(1,234)', 'down 10%'],
      ['€3.50', '2.0', '12.3 pages'],
      ['262', '1.00x', '50.0%'],
    ]);
  });
});

describe('conditional format rules', () => {
  it('are built by the builder, read back, and replaced all at once by setConditionalFormatRules', () => {
    emulator = emulatorFor(`
      function colour() {
        var sheet = SpreadsheetApp.getActive().getSheets()[0];
        var low = SpreadsheetApp.newConditionalFormatRule().whenNumberLessThan(0).setFontColor('#C5221F')
          .setBackground('#fce8e6').setRanges([sheet.getRange('A1:A3'), sheet.getRange('C2')]).build();
        var high = low.copy().whenNumberGreaterThan(0.5).setRanges([sheet.getRange('B1')]).build();
        sheet.setConditionalFormatRules([low, high]);
        sheet.setConditionalFormatRules(sheet.getConditionalFormatRules().slice(1));
      }`);
    emulator.run('colour');
    const rules = emulator.spreadsheet.getSheets()[0]!.getConditionalFormatRules();
    expect(
      rules.map((r) => {
        const c = r.getBooleanCondition()!;
        return [
          String(c.getCriteriaType()),
          c.getCriteriaValues(),
          c.getFontColor(),
          c.getBackground(),
          r.getRanges().map((g) => g.getA1Notation()),
        ];
      }),
    ).toEqual([['NUMBER_GREATER_THAN', [0.5], '#c5221f', '#fce8e6', ['B1']]]);
  });
});
