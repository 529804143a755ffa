// The owner's allowance: formulas refuse until the owner turns it on; an editor cannot turn it on; once on,
// an editor's formula runs with the owner's key (Google's behaviour, which the emulator reproduces).
// Each test has an add-on of its own (useFormulasAddOn: key saved, formulas allowed, on the file's demo API)
// and reads nothing another test left; after every test, no text holds the key.
import { describe, expect, it } from 'vitest';
import {
  FORMULA_ACCESS_OFF,
  formulaAccessProperty,
  NO_KEY_FOR_FORMULAS,
} from '../../src/core/formulas/access.ts';
import type { AddOn } from '../support/addon.ts';
import { cellError, direct, useFormulasAddOn } from './support.ts';

let addOn: AddOn;
let editor: string;

useFormulasAddOn(
  (started) => {
    addOn = started;
    editor = addOn.emulator.editors[0] ?? '';
  },
  { allow: false },
);

const httpCount = () => addOn.emulator.stats.http().length;
const summaryFigure = (as: string) =>
  addOn.emulator.runCustomFunction('ROYALTIES_SUMMARY', ['last_30_days', 'USD', 'royalties'], { as });

describe("formulas and the owner's key", () => {
  it('refuse, saying how to turn them on, before any request', () => {
    const before = httpCount();
    for (const as of [addOn.emulator.owner, editor]) {
      expect(cellError(() => summaryFigure(as))).toBe(FORMULA_ACCESS_OFF);
      expect(cellError(() => addOn.emulator.runCustomFunction('ROYALTIES_ACCOUNT', [], { as }))).toBe(
        FORMULA_ACCESS_OFF,
      );
    }
    expect(httpCount()).toBe(before);
  });

  it('refuse with the same words whatever the arguments: bad ones are not checked for a refused cell', () => {
    // Arguments the formula itself refuses before any request: a number for the range, a range of cells
    // for the currency, a read-through with no series.
    const refused: [string, unknown[]][] = [
      ['ROYALTIES_SUMMARY', [42]],
      ['ROYALTIES_SUMMARY', ['last_30_days', [['USD'], ['EUR']]]],
      ['ROYALTIES_READ_THROUGH', []],
    ];
    for (const [fn, args] of refused) {
      addOn.emulator.run('setFormulaAccess', [true]);
      expect(
        cellError(() => addOn.emulator.runCustomFunction(fn, args, { as: editor })),
        fn,
      ).not.toBe(FORMULA_ACCESS_OFF);
      addOn.emulator.run('setFormulaAccess', [false]);
      expect(
        cellError(() => addOn.emulator.runCustomFunction(fn, args, { as: editor })),
        fn,
      ).toBe(FORMULA_ACCESS_OFF);
    }
  });

  it('an editor cannot turn the allowance on, and formulas stay off', () => {
    const message = cellError(() => addOn.emulator.run('setFormulaAccess', [true], { as: editor }));
    expect(message).toMatch(/Only the spreadsheet's owner/);
    const property = formulaAccessProperty(addOn.emulator.spreadsheet.getId());
    expect(addOn.emulator.properties.user(addOn.emulator.owner)[property]).toBeUndefined();
    expect(addOn.emulator.properties.user(editor)[property]).toBeUndefined();
    expect(cellError(() => summaryFigure(editor))).toBe(FORMULA_ACCESS_OFF);
  });

  it("even an allowance in the editor's own user properties is never read", () => {
    const property = formulaAccessProperty(addOn.emulator.spreadsheet.getId());
    addOn.emulator.properties.setUser(editor, property, 'on');
    expect(cellError(() => summaryFigure(editor))).toBe(FORMULA_ACCESS_OFF);
  });

  it("once the owner allows it, an editor's formula runs with the owner's key", async () => {
    expect(addOn.emulator.run('setFormulaAccess', [true])).toEqual({ enabled: true });
    const totals = (await direct(addOn.api, '/summary', { range: 'last_30_days', currency: 'USD' }))
      .totals as Record<string, number>;
    expect(summaryFigure(editor)).toBe(totals.royalties);
    expect(addOn.emulator.properties.user(editor)['royalties.apiKey']).toBeUndefined();
  });

  it('the owner can turn it off again', () => {
    expect(addOn.emulator.run('setFormulaAccess', [false])).toEqual({ enabled: false });
    expect(cellError(() => summaryFigure(editor))).toBe(FORMULA_ACCESS_OFF);
    expect(cellError(() => addOn.emulator.run('setFormulaAccess', ['yes']))).toMatch(/true or false/);
  });

  it('with the allowance but no key saved, the cell says the owner must save one', () => {
    addOn.emulator.run('setFormulaAccess', [true]);
    addOn.emulator.run('removeApiKey', []);
    try {
      expect(cellError(() => summaryFigure(editor))).toBe(NO_KEY_FOR_FORMULAS);
    } finally {
      addOn.saveApiKeyFor();
    }
  });
});
