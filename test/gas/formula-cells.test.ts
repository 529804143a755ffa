// The emulator's named ranges and Sheets' recalculation rule for custom functions (formula-cells.ts):
// a formula runs when typed, then only when a cell it references (by address or by name) changes.
import { afterEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../local/gas/index.ts';
import { messages } from '../../local/gas/index.ts';
import { emulatorFor, thrownBy } from './support/scripts.ts';

let emulator: Emulator;
afterEach(() => emulator?.close());

const SCRIPT = `
function ECHO(a, b) { return [[String(a), b instanceof Date ? 'date' : String(b)]]; }
function NAME_IT(name) { SpreadsheetApp.getActive().setNamedRange(name, SpreadsheetApp.getActive().getRange('A1')); }
function WRITE(a1, value) { SpreadsheetApp.getActive().getRange(a1).setValue(value); }
function ROWS(n) { var out = []; for (var i = 0; i < n; i++) out.push([i + 1, 'x']); return out; }
`;

describe('named ranges', () => {
  it("follow the Sheets help's name rules and answer null for an unknown name", () => {
    emulator = emulatorFor(SCRIPT);
    const book = emulator.spreadsheet;
    for (const bad of ['1st', 'A1', 'r1c1', 'TrueThing', 'has space', 'dot.ted', ''])
      expect(
        thrownBy(() => book.setNamedRange(bad, book.getRange('B2'))),
        bad,
      ).toBe(messages.invalidArgument('name'));
    expect(book.getRangeByName('Refreshed')).toBeNull();
    book.setNamedRange('Refreshed', book.getRange('B2'));
    expect(book.getRangeByName('refreshed')!.getA1Notation()).toBe('B2');
    expect(book.getNamedRanges().map((n) => n.getName())).toEqual(['Refreshed']);
    book.removeNamedRange('Refreshed');
    expect(book.getRangeByName('Refreshed')).toBeNull();
  });

  it.each([true, false])(
    'a name whose sheet was deleted is gone for getRangeByName; still taken: %s (both readings)',
    (outlives) => {
      emulator = emulatorFor(SCRIPT, { namedRangeOutlivesSheet: outlives });
      const book = emulator.spreadsheet;
      const doomed = book.insertSheet('Doomed');
      book.setNamedRange('Stamp', doomed.getRange('A1'));
      book.deleteSheet(doomed);
      expect(book.getRangeByName('Stamp')).toBeNull();
      const again = () => book.setNamedRange('Stamp', book.getRange('B2'));
      if (outlives) {
        expect(thrownBy(again)).toBe(messages.invalidArgument('name'));
        book.removeNamedRange('Stamp');
      } else {
        expect(() => book.removeNamedRange('Stamp')).toThrow();
      }
      again();
      expect(book.getRangeByName('Stamp')!.getA1Notation()).toBe('B2');
    },
  );

  it('a custom function may read them but not make them', () => {
    emulator = emulatorFor(SCRIPT);
    expect(() => emulator.runCustomFunction('NAME_IT', ['Mine'])).toThrow(/permission/);
    emulator.run('NAME_IT', ['Mine']);
    expect(emulator.spreadsheet.getRangeByName('Mine')).not.toBeNull();
  });
});

describe('recalculation', () => {
  it('runs a formula when typed, then only when a cell or name it references changes', () => {
    emulator = emulatorFor(SCRIPT);
    emulator.spreadsheet.setNamedRange('Stamp', emulator.spreadsheet.getRange('Sheet1!C1'));
    const follows = emulator.formulas.enter('Sheet1', 'E1', '=ECHO(B1, Stamp)');
    const literal = emulator.formulas.enter('Sheet1', 'E2', '=ECHO("fixed", 2)');
    expect([follows.runs, literal.runs]).toEqual([1, 1]);
    expect(emulator.sheetSnapshot('Sheet1').values[0]?.slice(4, 6)).toEqual(['', '']);

    emulator.run('WRITE', ['Sheet1!D9', 'elsewhere']);
    expect(emulator.formulas.read('Sheet1', 'E1').runs).toBe(1);
    emulator.run('WRITE', ['Sheet1!C1', new Date(0)]);
    expect(emulator.formulas.read('Sheet1', 'E1')).toEqual({ values: [['', 'date']], error: null, runs: 2 });
    emulator.spreadsheet.getRange('B1').setValue('typed');
    expect(emulator.formulas.recalculate()).toBe(1);
    expect(emulator.formulas.read('Sheet1', 'E1').values).toEqual([['typed', 'date']]);
    expect(emulator.formulas.read('Sheet1', 'E2')).toEqual({
      values: [['fixed', '2']],
      error: null,
      runs: 1,
    });
  });

  it('shows #NAME? without running the function for an unknown name', () => {
    emulator = emulatorFor(SCRIPT);
    const cell = emulator.formulas.enter('Sheet1', 'A1', '=ECHO(Nowhere)');
    expect(cell.runs).toBe(0);
    expect(cell.error).toMatch(/#NAME\?/);
    expect(() => emulator.formulas.enter('Sheet1', 'A2', '=ECHO(NOW())')).toThrow(/cannot evaluate/);
  });
});

describe('spilling a result', () => {
  // Sheets spills an array result only into empty cells; a cell in the way makes the formula #REF! ("Array
  // result was not expanded because it would overwrite data in A3"), and the cell keeps what it holds.
  it('never writes over a cell the author filled; its own previous result is no obstacle', () => {
    emulator = emulatorFor(SCRIPT);
    emulator.spreadsheet.getRange('B5').setValue('2');
    const grown = emulator.formulas.enter('Sheet1', 'A1', '=ROWS(3)');
    expect(grown.values).toEqual([
      [1, 'x'],
      [2, 'x'],
      [3, 'x'],
    ]);
    emulator.spreadsheet.getRange('C1').setValue('author');
    emulator.spreadsheet.getRange('A3').setValue('mine');
    const blocked = emulator.formulas.enter('Sheet1', 'A1', '=ROWS(4)');
    expect(blocked.values).toBeNull();
    expect(blocked.error).toBe('Array result was not expanded because it would overwrite data in A3.');
    const sheet = emulator.sheetSnapshot('Sheet1').values;
    expect(sheet[0]?.[0]).toBe('#REF!');
    expect(sheet[2]?.[0]).toBe('mine');
    expect(sheet[4]?.[1]).toBe(2);
    expect(sheet[0]?.[2]).toBe('author');
  });
});

describe('getRangeByName for a name whose sheet was deleted (a switch; Google is silent)', () => {
  const CODE = `${SCRIPT}
function STAMPED() { return SpreadsheetApp.getActive().getRangeByName('Stamp'); }
function isNull() { return STAMPED() === null; }
`;
  it.each([
    ['throws (the default, pessimistic)', true],
    ['answers null', false],
  ])('%s in a script; the test view answers null', (_, throws) => {
    emulator = emulatorFor(CODE, throws ? {} : { brokenNamedRangeThrows: false });
    const book = emulator.spreadsheet;
    const doomed = book.insertSheet('Doomed');
    book.setNamedRange('Stamp', doomed.getRange('A1'));
    expect(emulator.run('isNull')).toBe(false);
    book.deleteSheet(doomed);
    if (throws) expect(thrownBy(() => emulator.run('isNull'))).toBe(messages.rangeNotFound);
    else expect(emulator.run('isNull')).toBe(true);
    expect(book.getRangeByName('Stamp')).toBeNull();
    emulator.switches.brokenNamedRangeThrows(!throws);
    if (throws) expect(emulator.run('isNull')).toBe(true);
    else expect(thrownBy(() => emulator.run('isNull'))).toBe(messages.rangeNotFound);
  });
});

describe('plain formulas a script writes', () => {
  it('show their value after the execution, and a new one once a cell they reference changes', () => {
    emulator = emulatorFor(`
      function whatIf() {
        var sheet = SpreadsheetApp.getActive().getSheets()[0];
        sheet.getRange('A1:B3').setValues([[0.005, ''], [1000, ''], ['missing', '']]);
        sheet.getRange('B1:B3').setFormulas([['=A2*$A$1'], ['=IFERROR(A3*$A$1,"")'], ['=A2/(A1-A1)']]);
        sheet.getRange('C1').setFormula('=-(A2+1)*2');
      }`);
    emulator.run('whatIf');
    const sheet = emulator.spreadsheet.getSheets()[0]!;
    expect(sheet.getRange('B1:C3').getValues()).toEqual([
      [5, -2002],
      ['', ''],
      ['#DIV/0!', ''],
    ]);
    expect(sheet.getRange('B1').getFormula()).toBe('=A2*$A$1');
    // The author types another rate: Sheets recalculates at once.
    sheet.getRange('A1').setValue(0.004);
    emulator.formulas.recalculate();
    expect(sheet.getRange('B1').getValue()).toBe(4);
  });
});
