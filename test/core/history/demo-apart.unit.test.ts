// The demo account's history and an author's own never mix, with plain inputs: which ledger a refresh
// merges into, refuses or sets aside, and which one the dashboard reads.
import { describe, expect, it } from 'vitest';
import { ledgerStep, sameAccount } from '../../../src/core/history/index.ts';

describe('sameAccount', () => {
  it("reads the demo's ledger with the demo key and the author's with their own, never the other", () => {
    expect(sameAccount(true, true)).toBe(true);
    expect(sameAccount(undefined, false)).toBe(true);
    expect(sameAccount(false, false)).toBe(true);
    expect(sameAccount(true, false)).toBe(false);
    expect(sameAccount(undefined, true)).toBe(false);
  });
});

describe('ledgerStep', () => {
  it('merges into a ledger of the same account', () => {
    expect(ledgerStep({ demo: true, rows: 30 }, true)).toBe('merge');
    expect(ledgerStep({ demo: undefined, rows: 30 }, false)).toBe('merge');
  });

  it('refuses to merge the demo key into the own history, which keeps its figures', () => {
    expect(ledgerStep({ demo: undefined, rows: 30 }, true)).toBe('refuse');
  });

  it("sets the demo's history aside when the author's own key refreshes it", () => {
    expect(ledgerStep({ demo: true, rows: 30 }, false)).toBe('set-aside');
  });

  it('merges into an empty ledger whichever account wrote its mark', () => {
    expect(ledgerStep({ demo: true, rows: 0 }, false)).toBe('merge');
    expect(ledgerStep({ demo: undefined, rows: 0 }, true)).toBe('merge');
  });
});
