// The size limit of developer metadata per location (the spreadsheet, each sheet): reported at 30,000
// characters, UNCONFIRMED (docs/google-rules.md). By default keys and values both count; a test may set
// another limit, or none.
import { afterEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../local/gas/index.ts';
import { messages } from '../../local/gas/index.ts';
import { emulatorFor, thrownBy } from './support/scripts.ts';

const CODE = `
function text(n) { return new Array(n + 1).join('x'); }
function addTo(where, key, n) {
  var ss = SpreadsheetApp.getActive();
  var owner = where === 'spreadsheet' ? ss : ss.getSheetByName(where);
  owner.addDeveloperMetadata(key, text(n), SpreadsheetApp.DeveloperMetadataVisibility.PROJECT);
}
function setOn(where, key, n) {
  var ss = SpreadsheetApp.getActive();
  var owner = where === 'spreadsheet' ? ss : ss.getSheetByName(where);
  owner.getDeveloperMetadata().filter(function (m) { return m.getKey() === key; })[0].setValue(text(n));
}
function addSheet(name) { SpreadsheetApp.getActive().insertSheet(name); }
`;

let emulator: Emulator;
afterEach(() => emulator?.close());

describe('the developer metadata of one location', () => {
  it('by default holds 30,000 characters, keys counted, per location: one more is refused', () => {
    emulator = emulatorFor(CODE);
    emulator.run('addSheet', ['Other']);
    // 'a' + 29,999 characters: the spreadsheet's location is full.
    emulator.run('addTo', ['spreadsheet', 'a', 29_999]);
    expect(thrownBy(() => emulator.run('addTo', ['spreadsheet', 'b', 0]))).toBe(
      messages.metadataTooLarge(30_000),
    );
    // A value may grow only into the room left: replacing counts the new value, not the old.
    expect(thrownBy(() => emulator.run('setOn', ['spreadsheet', 'a', 30_000]))).toBe(
      messages.metadataTooLarge(30_000),
    );
    emulator.run('setOn', ['spreadsheet', 'a', 10]);
    emulator.run('addTo', ['spreadsheet', 'b', 29_000]);
    // Each sheet is a location of its own.
    emulator.run('addTo', ['Other', 'mark', 29_996]);
    expect(thrownBy(() => emulator.run('addTo', ['Other', 'more', 1]))).toBe(
      messages.metadataTooLarge(30_000),
    );
    emulator.run('addTo', ['Sheet1', 'mark', 29_996]);
    expect(messages.metadataTooLarge(30_000)).toMatch(/^Emulator: .*Google's wording unknown/);
  });

  it('takes the limit a test gives, or none', () => {
    emulator = emulatorFor(CODE, { developerMetadataLimit: 1_000 });
    emulator.run('addTo', ['spreadsheet', 'a', 999]);
    expect(thrownBy(() => emulator.run('setOn', ['spreadsheet', 'a', 1_000]))).toBe(
      messages.metadataTooLarge(1_000),
    );
    emulator.switches.developerMetadataLimit(null);
    emulator.run('setOn', ['spreadsheet', 'a', 100_000]);
    emulator.run('addTo', ['spreadsheet', 'b', 100_000]);
    expect(emulator.spreadsheet.getDeveloperMetadata().map((m) => m.getValue()?.length)).toEqual([
      100_000, 100_000,
    ]);
  });
});
