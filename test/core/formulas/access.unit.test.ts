import { describe, expect, it } from 'vitest';
import { checkOwner, formulaAccessProperty } from '../../../src/core/formulas/access.ts';
import { FormulaError } from '../../../src/core/formulas/errors.ts';

describe("who may let formulas use the owner's key", () => {
  it('the owner, however the address is capitalised', () => {
    expect(() => checkOwner('Owner@Example.com', 'owner@example.com')).not.toThrow();
  });

  it('nobody else', () => {
    for (const acting of ['editor@example.com', 'owner@example.org']) {
      expect(() => checkOwner(acting, 'owner@example.com')).toThrow(FormulaError);
      expect(() => checkOwner(acting, 'owner@example.com')).toThrow(/Only the spreadsheet's owner/);
    }
  });

  it('never takes an address Google withholds ("") for the owner\'s', () => {
    expect(() => checkOwner('', 'owner@example.com')).toThrow(/did not say who you are/);
    expect(() => checkOwner('', '')).toThrow(FormulaError);
  });

  it('nobody where the spreadsheet has no single owner (a shared drive)', () => {
    for (const owner of [null, ''])
      expect(() => checkOwner('someone@example.com', owner)).toThrow(/shared drive/);
  });

  it('keeps one allowance per spreadsheet', () => {
    expect(formulaAccessProperty('sheet-a')).not.toBe(formulaAccessProperty('sheet-b'));
    expect(formulaAccessProperty('sheet-a')).toContain('sheet-a');
  });
});
