// The owner's allowance for formulas from plain inputs: who acts, who owns, the user's properties a map.
import { describe, expect, it } from 'vitest';
import { isFormulaAccessOn, setFormulaAccess } from '../../../src/core/flows/formula-access.ts';

function setup(acting: string, owner: string | null) {
  const values: Record<string, string> = {};
  const store = () => ({
    setProperty: (key: string, value: string) => {
      values[key] = value;
    },
    deleteProperty: (key: string) => void delete values[key],
  });
  const port = { spreadsheetId: () => 'sheet-1', actingEmail: () => acting, ownerEmail: () => owner };
  const user = { getProperty: (key: string) => values[key] ?? null };
  return { values, store, port, isOn: () => isFormulaAccessOn(user, 'sheet-1') };
}

describe("the owner's allowance for formulas", () => {
  it('is set and unset by the owner, for this spreadsheet only', () => {
    const { store, port, isOn, values } = setup('jo@example.com', 'jo@example.com');
    expect(isOn()).toBe(false);
    expect(setFormulaAccess(true, port, store)).toEqual({ enabled: true });
    expect(isOn()).toBe(true);
    expect(Object.keys(values)).toEqual(['royalties.formulaAccess.sheet-1']);
    setFormulaAccess(false, port, store);
    expect(isOn()).toBe(false);
  });

  it('refuses an editor, a shared drive with no owner, and anything but true or false', () => {
    const editor = setup('ed@example.com', 'jo@example.com');
    expect(() => setFormulaAccess(true, editor.port, editor.store)).toThrow();
    expect(editor.values).toEqual({});
    const shared = setup('jo@example.com', null);
    expect(() => setFormulaAccess(true, shared.port, shared.store)).toThrow();
    expect(() => setFormulaAccess('yes', editor.port, editor.store)).toThrow('true or false');
  });
});
