// Several spreadsheets in one emulator (local/gas/documents.ts), as an installed add-on meets them: user
// properties and triggers shared, each spreadsheet's own document properties; one time-based trigger per
// user per document (docs/apps-script.md, "Triggers", after Google's editor-triggers page); openById over any spreadsheet its user
// may open, refused for one deleted or no longer shared.
import { afterEach, describe, expect, it } from 'vitest';
import { OPEN_BY_ID_REFUSED } from '../../local/gas/documents.ts';
import type { Emulator } from '../../local/gas/index.ts';
import { messages } from '../../local/gas/index.ts';
import { emulatorFor, thrownBy } from './support/scripts.ts';

const AUTH = 'https://www.googleapis.com/auth/';

const CODE = `
function install() {
  var id = ScriptApp.newTrigger('nightly').timeBased().everyDays(1).atHour(5).create().getUniqueId();
  PropertiesService.getUserProperties().setProperty(id, SpreadsheetApp.getActive().getId());
  PropertiesService.getDocumentProperties().setProperty('here', SpreadsheetApp.getActive().getName());
  return id;
}
function nightly(e) {
  var id = PropertiesService.getUserProperties().getProperty(e.triggerUid);
  var doc = SpreadsheetApp.openById(id);
  doc.getSheets()[0].getRange('A1').setValue('night');
  return [SpreadsheetApp.getActive() === null, doc.getName()];
}
function here() { return PropertiesService.getDocumentProperties().getProperty('here'); }
function openOther(id) { return SpreadsheetApp.openById(id).getName(); }
`;

let emulator: Emulator;
afterEach(() => emulator?.close());

function twoSpreadsheets(): { first: string; triggers: [string, string] } {
  emulator = emulatorFor(CODE, {
    deployment: 'addon',
    manifest: { oauthScopes: [`${AUTH}spreadsheets`, `${AUTH}script.scriptapp`] },
  });
  const first = emulator.spreadsheets.current();
  const one = emulator.run<string>('install');
  emulator.spreadsheets.add('second', 'Second');
  emulator.spreadsheets.use('second');
  const two = emulator.run<string>('install');
  return { first, triggers: [one, two] };
}

describe('several spreadsheets', () => {
  it('one time-based trigger per user per document: one in each of two, a second in one refused', () => {
    const { triggers } = twoSpreadsheets();
    expect(emulator.triggers().map((t) => t.id)).toEqual(triggers);
    expect(thrownBy(() => emulator.run('install'))).toBe(messages.tooManyTriggers);
  });

  it('each has its own document properties; a trigger with no document opens its own by id', () => {
    const { first, triggers } = twoSpreadsheets();
    expect(emulator.run('here')).toBe('Second');
    emulator.spreadsheets.use(first);
    expect(emulator.run('here')).toBe('Royalties');
    expect(emulator.runTrigger(triggers[1])).toEqual([true, 'Second']);
    // The test stays where it stood; the night wrote to the second spreadsheet only.
    expect(emulator.spreadsheets.current()).toBe(first);
    expect(emulator.sheetSnapshot('Sheet1').values).toEqual([]);
    emulator.spreadsheets.use('second');
    expect(emulator.sheetSnapshot('Sheet1').values).toEqual([['night']]);
  });

  it('openById refuses a spreadsheet deleted, or no longer shared with the user', () => {
    const { first, triggers } = twoSpreadsheets();
    emulator.spreadsheets.delete('second');
    expect(thrownBy(() => emulator.runTrigger(triggers[1]))).toBe(OPEN_BY_ID_REFUSED.missing('second'));
    emulator.spreadsheets.unshare(first, emulator.owner);
    expect(thrownBy(() => emulator.runTrigger(triggers[0]))).toBe(OPEN_BY_ID_REFUSED.noAccess);
    // Unshared with one user only: the others still open it.
    emulator.spreadsheets.add('third', 'Third');
    emulator.spreadsheets.use('third');
    emulator.spreadsheets.unshare('third', emulator.editors[0]!);
    expect(emulator.run('openOther', ['third'])).toBe('Third');
    expect(thrownBy(() => emulator.run('openOther', ['third'], { as: emulator.editors[0]! }))).toBe(
      OPEN_BY_ID_REFUSED.noAccess,
    );
  });

  it('an execution with a document open plays one spreadsheet: opening another is refused by the emulator', () => {
    const { first } = twoSpreadsheets();
    expect(emulator.run('openOther', ['second'])).toBe('Second');
    emulator.spreadsheets.use(first);
    expect(thrownBy(() => emulator.run('openOther', ['second']))).toBe(
      'The emulator plays one spreadsheet per execution.',
    );
  });
});
