// The refresh's decisions between asking and writing, from plain inputs.
import { describe, expect, it } from 'vitest';
import { comparesBooks, ledgerDaysFor } from '../../../src/core/refresh/steps.ts';

describe('the refresh steps', () => {
  it('reads the Books tab before rewriting it at night and for npm start only', () => {
    expect(comparesBooks('nightly')).toBe(true);
    expect(comparesBooks('local')).toBe(true);
    expect(comparesBooks('menu')).toBe(false);
    expect(comparesBooks('sidebar')).toBe(false);
  });

  it('takes the ledger days from the merged history, else the ledger as it stands for the dashboard', () => {
    expect(ledgerDaysFor(['summary', 'history', 'dashboard'])).toBe('merged');
    expect(ledgerDaysFor(['history'])).toBe('merged');
    expect(ledgerDaysFor(['summary', 'dashboard'])).toBe('read');
    expect(ledgerDaysFor(['summary', 'books-report'])).toBe('none');
  });
});
