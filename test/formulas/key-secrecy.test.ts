// What the cheaper formula cells must not weaken: the owner's allowance still refuses an editor
// even with the spreadsheet's facts in the shared cache; the key lives in its own property only (its
// fingerprint beside it is not the key); and a changed key never reads the old key's cached responses.
// Each test has an add-on of its own (useFormulasAddOn: key saved, formulas allowed, on the file's demo API)
// and reads nothing another test left; after every test, no text holds the key.
import { describe, expect, it } from 'vitest';
import { FORMULA_ACCESS_OFF } from '../../src/core/formulas/access.ts';
import type { AddOn } from '../support/addon.ts';
import { expectNoKeyLeak, findKeyLeaks } from '../support/leaks.ts';
import { cellError, useFormulasAddOn } from './support.ts';

const OTHER_KEY = 'rfs_live_An0therAccount0000secret';
const SUMMARY = ['last_30_days', 'USD', 'royalties'];

let addOn: AddOn;
useFormulasAddOn(
  (started) => {
    addOn = started;
  },
  { demo: { accounts: [{ key: OTHER_KEY }] } },
);

describe('formula cells keep their guarantees', () => {
  it("refuse an editor's formula once the owner turns formulas off, though the facts are cached", () => {
    const { emulator } = addOn;
    const editor = emulator.editors[0]!;
    expect(emulator.runCustomFunction('ROYALTIES_SUMMARY', SUMMARY, { as: editor })).toEqual(
      expect.any(Number),
    );
    expect(() => emulator.run('setFormulaAccess', [true], { as: editor })).toThrow(/owner/);
    emulator.run('setFormulaAccess', [false]);
    try {
      const before = emulator.stats.http().length;
      expect(cellError(() => emulator.runCustomFunction('ROYALTIES_SUMMARY', SUMMARY, { as: editor }))).toBe(
        FORMULA_ACCESS_OFF,
      );
      expect(emulator.stats.http().length).toBe(before);
    } finally {
      emulator.run('setFormulaAccess', [true]);
    }
  });

  it('the key is in its own user property only; its fingerprint beside it is not the key', () => {
    const { emulator } = addOn;
    emulator.runCustomFunction('ROYALTIES_BOOKS', ['last_7_days']);
    const owner = emulator.properties.user(emulator.owner);
    const holding = Object.entries(owner)
      .filter(([, value]) => findKeyLeaks([value], addOn.api.demoKey).length > 0)
      .map(([name]) => name);
    expect(holding).toEqual(['royalties.apiKey']);
    expect(owner['royalties.apiKeyFingerprint']).toMatch(/^[0-9a-f]{16}$/);
    expect(findKeyLeaks(Object.values(emulator.properties.document()), addOn.api.demoKey)).toEqual([]);
    // Cache keys and values are among the captured text.
    expectNoKeyLeak(emulator, addOn.api.demoKey);
  });

  it("a changed key never reads the old key's cached responses", () => {
    const { emulator } = addOn;
    const demoFigure = emulator.runCustomFunction('ROYALTIES_SUMMARY', SUMMARY);
    addOn.saveApiKeyFor(emulator.owner, OTHER_KEY);
    try {
      const before = emulator.stats.http().length;
      const otherFigure = emulator.runCustomFunction('ROYALTIES_SUMMARY', SUMMARY);
      expect(emulator.stats.http().length).toBe(before + 1);
      expect(otherFigure).not.toEqual(demoFigure);
      expectNoKeyLeak(emulator, OTHER_KEY);
    } finally {
      addOn.saveApiKeyFor();
    }
    // And back: the demo key's own entry, no request.
    const before = emulator.stats.http().length;
    expect(emulator.runCustomFunction('ROYALTIES_SUMMARY', SUMMARY)).toEqual(demoFigure);
    expect(emulator.stats.http().length).toBe(before);
  });
});
