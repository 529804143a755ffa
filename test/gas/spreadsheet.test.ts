// SpreadsheetApp rules: shapes and bounds, typed input on write, sheet names, developer metadata.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../local/gas/index.ts';
import { messages } from '../../local/gas/index.ts';
import { emulatorFor, thrownBy } from './support/scripts.ts';

let emulator: Emulator;
afterEach(() => emulator?.close());

function sheet1() {
  emulator = emulatorFor('function noop() {}');
  return emulator.spreadsheet.getSheetByName('Sheet1')!;
}

describe('setValues', () => {
  it("refuses data whose rows or columns do not match the range, with Google's text", () => {
    const sheet = sheet1();
    const data = [['a', 'b']];
    expect(thrownBy(() => sheet.getRange(1, 1, 2, 2).setValues(data))).toBe(
      messages.rowsMismatch(data.length, 2),
    );
    expect(thrownBy(() => sheet.getRange(1, 1, 1, 3).setValues(data))).toBe(messages.columnsMismatch(2, 3));
    expect(emulator.sheetSnapshot('Sheet1').values).toEqual([]);
  });

  it('refuses a range outside the grid and an empty range', () => {
    const sheet = sheet1();
    expect(thrownBy(() => sheet.getRange(sheet.getMaxRows() + 1, 1))).toBe(messages.outOfBounds);
    expect(thrownBy(() => sheet.getRange(1, 1, 0, 3))).toBe(messages.rowsAtLeastOne);
    sheet.insertRowsAfter(sheet.getMaxRows(), 5);
    expect(sheet.getRange(1003, 1).getA1Notation()).toBe('A1003');
  });
});

describe('a call set to fail (switches.failCall)', () => {
  it('throws once, on the matching sheet after the calls skipped, and the write it stops changes nothing', () => {
    emulator = emulatorFor(`
      function write(name, text) {
        SpreadsheetApp.getActiveSpreadsheet().getSheetByName(name).getRange(1, 1).setValues([[text]]);
      }
      function grow() { SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Sheet1').insertRowsAfter(1, 1); }`);
    emulator.spreadsheet.insertSheet('Other');
    emulator.switches.failCall('Range.setValues', { sheet: 'Sheet1', skip: 1 });
    emulator.run('write', ['Other', 'a']);
    emulator.run('write', ['Sheet1', 'b']);
    expect(thrownBy(() => emulator.run('write', ['Sheet1', 'c']))).toBe(
      messages.serviceFailed(emulator.spreadsheet.getId()),
    );
    expect(emulator.sheetSnapshot('Sheet1').values).toEqual([['b']]);
    emulator.run('write', ['Sheet1', 'd']);
    expect(emulator.sheetSnapshot('Sheet1').values).toEqual([['d']]);
    // Any message (a protected range refusing an editor); waiting across executions for its call.
    const protectedCell = 'You are trying to edit a protected cell or object.';
    emulator.switches.failCall('Sheet.insertRowsAfter', { message: protectedCell });
    emulator.run('write', ['Sheet1', 'e']);
    expect(thrownBy(() => emulator.run('grow'))).toBe(protectedCell);
    expect(emulator.sheetSnapshot('Sheet1').values).toEqual([['e']]);
    emulator.run('grow');
  });
});

describe('typed input', () => {
  it('turns =… into a formula and keeps an apostrophe-led string as text', () => {
    const sheet = sheet1();
    sheet.getRange('A1:B1').setValues([['=1+1', "'=1+1"]]);
    const snap = emulator.sheetSnapshot('Sheet1');
    expect(snap.formulas[0]).toEqual(['=1+1', '']);
    expect(snap.values[0]).toEqual(['', '=1+1']);
  });

  it('turns 00123 into 123 unless written as text', () => {
    const sheet = sheet1();
    sheet.getRange('A1:B1').setValues([['00123', "'00123"]]);
    sheet.getRange('C1').setNumberFormat('@').setValue('00123');
    expect(sheet.getRange('A1:C1').getValues()[0]).toEqual([Number('00123'), '00123', '00123']);
  });

  it('reads dates, booleans, +/- text and thousands like en_US Sheets', () => {
    const sheet = sheet1();
    sheet
      .getRange('A1:F1')
      .setValues([['2026-11-20', '1/2', 'true', '+44 20 7946 0000', '1,234', 'Nov 5, 2026']]);
    const [iso, slash, bool, phone, thousands, named] = sheet.getRange('A1:F1').getValues()[0]!;
    expect(iso).toEqual(new Date('2026-11-20T00:00:00Z')); // London is on UTC in November
    expect((slash as Date).getUTCMonth()).toBe(0);
    expect((slash as Date).getUTCDate()).toBe(2);
    expect(bool).toBe(true);
    expect(phone).toBe('#ERROR!');
    expect(sheet.getRange('D1').getFormula()).toBe('=+44 20 7946 0000');
    expect(thousands).toBe(1234);
    expect(named).toEqual(new Date('2026-11-05T00:00:00Z'));
  });

  it('stores numbers, booleans and Dates as they are', () => {
    const sheet = sheet1();
    const when = new Date('2026-01-31T12:00:00Z');
    sheet.getRange('A1:C1').setValues([[0.1, false, when]]);
    expect(sheet.getRange('A1:C1').getValues()[0]).toEqual([0.1, false, when]);
  });

  it('keeps a number to 15 significant digits, or every digit with switches.numbersKeep15Digits(false)', () => {
    const sheet = sheet1();
    const third = 1 / 3; // 0.3333333333333333: 16 significant digits
    sheet.getRange('A1:B1').setValues([[third, '0.3333333333333333']]);
    sheet.getRange('C1').setValue(123456789.12345679);
    expect(sheet.getRange('A1:C1').getValues()[0]).toEqual([
      0.333333333333333, 0.333333333333333, 123456789.123457,
    ]);
    emulator.switches.numbersKeep15Digits(false);
    sheet.getRange('A1:B1').setValues([[third, 123456789.12345679]]);
    expect(sheet.getRange('A1:B1').getValues()[0]).toEqual([third, 123456789.12345679]);
  });

  it('keeps any string exactly in a plain-text cell, and after an apostrophe', () => {
    const sheet = sheet1();
    sheet.getRange('A1').setNumberFormat('@');
    fc.assert(
      fc.property(fc.string(), (s) => {
        sheet.getRange('A1').setValue(s);
        sheet.getRange('B1').setValue(`'${s}`);
        expect(sheet.getRange('A1').getValue()).toBe(s);
        expect(sheet.getRange('B1').getValue()).toBe(s);
        expect(sheet.getRange('A1:B1').getFormulas()[0]).toEqual(['', '']);
      }),
      { numRuns: 200 },
    );
  });
});

describe('sheets', () => {
  it("refuses a duplicate name on insert and rename with Google's text", () => {
    emulator = emulatorFor('function noop() {}');
    const ss = emulator.spreadsheet;
    const books = ss.insertSheet('Books');
    expect(thrownBy(() => ss.insertSheet('Books'))).toBe(messages.sheetExists('Books'));
    const other = ss.insertSheet('Other', 0);
    expect(thrownBy(() => other.setName('books'))).toBe(messages.sheetExists('books'));
    expect(ss.getSheets().map((s) => s.getName())).toEqual(['Other', 'Sheet1', 'Books']);
    expect(books.getIndex()).toBe(3);
    ss.deleteSheet(other);
    ss.deleteSheet(ss.getSheetByName('Sheet1')!);
    expect(thrownBy(() => ss.deleteSheet(books))).toBe(messages.removeAllSheets);
    expect(ss.getSheetByName('Other')).toBeNull();
  });

  it('keeps developer metadata on a tab through a rename', () => {
    emulator = emulatorFor('function noop() {}');
    const tab = emulator.spreadsheet.insertSheet('Books');
    tab.addDeveloperMetadata('royalties.tab', 'books');
    tab.setName('My books');
    const found = emulator.spreadsheet
      .getSheets()
      .find((s) => s.getDeveloperMetadata().some((m) => m.getKey() === 'royalties.tab'));
    expect(found?.getName()).toBe('My books');
    expect(emulator.sheetSnapshot('My books').developerMetadata.map((m) => [m.key, m.value])).toEqual([
      ['royalties.tab', 'books'],
    ]);
  });

  it('shows a date serial under a date format as that day, in no time zone', () => {
    const sheet = sheet1();
    const serial = (Date.UTC(2026, 10, 20) - Date.UTC(1899, 11, 30)) / 86_400_000;
    sheet.getRange('A1:C1').setNumberFormats([['yyyy-mm-dd', 'mmm yyyy', '[$USD] #,##0.00']]);
    sheet.getRange('A1:C1').setValues([[serial, serial, 1234.5]]);
    const shown = emulator.sheetSnapshot('Sheet1').displayed[0];
    expect(shown?.[0]).toBe('2026-11-20');
    expect(shown?.[1]).toMatch(/^Nov 2026$/);
    // "USD" holds a D, but inside [$…] it is a currency, not a day.
    expect(shown?.[2]).toContain('1,234.50');
  });

  it('formats, notes, frozen rows and widths land in the snapshot', () => {
    const sheet = sheet1();
    sheet
      .getRange('A1:B1')
      .setValues([['Title', 'Royalties']])
      .setFontWeight('bold')
      .setBackground('#EEEEEE');
    sheet.getRangeList(['B2', 'B3']).setNumberFormat('#,##0.00');
    sheet
      .getRange('B2:B3')
      .setValues([[1234.5], [2]])
      .setFontColors([['#ff0000'], [null]]);
    sheet.getRange('A1').setNote('Figures from the API');
    sheet.setFrozenRows(1);
    sheet.setColumnWidths(1, 2, 180);
    const snap = emulator.sheetSnapshot('Sheet1');
    expect(snap.fontWeights[0]).toEqual(['bold', 'bold']);
    expect(snap.backgrounds[0]).toEqual(['#eeeeee', '#eeeeee']);
    expect(snap.displayed.map((r) => r[1])).toEqual(['Royalties', '1,234.50', '2.00']);
    expect(snap.fontColors.map((r) => r[1])).toEqual(['#000000', '#ff0000', '#000000']);
    expect(snap.notes[0]?.[0]).toBe('Figures from the API');
    expect(snap.frozenRows).toBe(1);
    expect(snap.columnWidths).toEqual({ 1: 180, 2: 180 });
    sheet.getRange('A1:B3').clearContent();
    expect(sheet.getLastRow()).toBe(0);
    expect(emulator.sheetSnapshot('Sheet1').fontWeights[0]).toEqual(['bold', 'bold']);
  });
});

describe('not emulated', () => {
  it('throws `not emulated: Class.member` for a member the emulator lacks, and for unemulated services', () => {
    emulator = emulatorFor(`
      function sortIt() { SpreadsheetApp.getActiveSpreadsheet().getSheets()[0].getRange('A1').randomize(); }
      function drive() { return DriveApp.getFiles(); }
      function enumMember() { return ScriptApp.AuthMode.SUPERUSER; }
      function probe() { var r = SpreadsheetApp.getActiveSpreadsheet().getRange('A1'); return [typeof r.then, JSON.stringify(r), String(r)]; }`);
    expect(thrownBy(() => emulator.run('sortIt'))).toBe(messages.notEmulated('Range.randomize'));
    expect(thrownBy(() => emulator.run('drive'))).toBe(messages.notEmulated('DriveApp.getFiles'));
    expect(thrownBy(() => emulator.run('enumMember'))).toBe(
      messages.notEmulated('ScriptApp.AuthMode.SUPERUSER'),
    );
    expect(emulator.run('probe')).toEqual(['undefined', '{}', 'Range']);
  });
});

describe('finding developer metadata', () => {
  it("finds a key on every sheet and on the spreadsheet, each with its location, as Google's finder does", () => {
    emulator = emulatorFor('function noop() {}');
    const ss = emulator.spreadsheet;
    const books = ss.insertSheet('Books');
    const kenp = ss.insertSheet('KENP');
    books.addDeveloperMetadata('royalties.tab', 'books');
    kenp.addDeveloperMetadata('other.key', 'x');
    kenp.addDeveloperMetadata('royalties.tab', 'kenp');
    ss.addDeveloperMetadata('royalties.tab', 'whole');
    kenp.setName('My KENP');

    const found = ss.createDeveloperMetadataFinder().withKey('royalties.tab').find();
    expect(found.map((m) => m.getValue()).sort()).toEqual(['books', 'kenp', 'whole']);
    const where = new Map(found.map((m) => [m.getValue(), m.getLocation()]));
    expect(where.get('books')?.getSheet()?.getName()).toBe('Books');
    expect(where.get('kenp')?.getSheet()?.getName()).toBe('My KENP');
    expect(where.get('kenp')?.getLocationType().toString()).toBe('SHEET');
    // Google: getSheet() is null unless the location type is SHEET.
    expect(where.get('whole')?.getSheet()).toBeNull();
    expect(where.get('whole')?.getLocationType().toString()).toBe('SPREADSHEET');
    expect(ss.createDeveloperMetadataFinder().find()).toHaveLength(4);

    // A deleted sheet's metadata goes with it; what the finder returns is live.
    ss.deleteSheet(books);
    const left = ss.createDeveloperMetadataFinder().withKey('royalties.tab').find();
    expect(left.map((m) => m.getValue()).sort()).toEqual(['kenp', 'whole']);
    left.find((m) => m.getValue() === 'kenp')?.setValue('kenp-2');
    expect(emulator.sheetSnapshot('My KENP').developerMetadata.map((m) => m.value)).toContain('kenp-2');
  });

  it('counts the finder and its locations as SpreadsheetApp calls made by the script', () => {
    emulator = emulatorFor(`function find() {
      const ss = SpreadsheetApp.getActive();
      ss.getSheets()[0].addDeveloperMetadata('k', 'v');
      return ss.createDeveloperMetadataFinder().withKey('k').find().map((m) => m.getLocation().getSheet().getName());
    }`);
    expect(emulator.run('find')).toEqual(['Sheet1']);
    const calls = emulator.stats.calls();
    for (const name of [
      'Spreadsheet.createDeveloperMetadataFinder',
      'DeveloperMetadataFinder.withKey',
      'DeveloperMetadataFinder.find',
      'DeveloperMetadata.getLocation',
      'DeveloperMetadataLocation.getSheet',
    ])
      expect(calls[name], name).toBe(1);
    expect(emulator.stats.callsByService().SpreadsheetApp).toBe(
      Object.entries(calls)
        .filter(([name]) => !name.startsWith('console'))
        .reduce((a, [, n]) => a + n, 0),
    );
  });
});
