// The checks that do not add up, as the document store keeps them for the sidebar's warnings: whole ones
// first within the room, the last one kept counting those left out, and the count alone when none fits.
import { describe, expect, it } from 'vitest';
import type { Check } from '../../../src/core/checks/types.ts';
import { mismatchesText, storedMismatches } from '../../../src/core/tabs/refresh-checks.ts';

const differs = (subject: string): Check => ({
  subject,
  result: 'differs',
  text: `${subject}: 10.00 against 12.00.`,
  tabs: [],
});
const CHECKS = [differs('Royalties'), differs('Units'), { ...differs('KENP'), result: 'agrees' as const }];

describe('mismatchesText', () => {
  it('keeps every mismatch when they fit, and none of the checks that agree', () => {
    expect(storedMismatches(mismatchesText(CHECKS, 8000))).toEqual([
      { subject: 'Royalties', text: CHECKS[0]!.text },
      { subject: 'Units', text: CHECKS[1]!.text },
    ]);
  });

  it('counts those left out on the last one kept', () => {
    const one = JSON.stringify([{ subject: 'Royalties', text: CHECKS[0]!.text }]).length;
    expect(storedMismatches(mismatchesText(CHECKS, one + 16))).toEqual([
      { subject: 'Royalties', text: CHECKS[0]!.text, more: 1 },
    ]);
  });

  it('keeps the count alone when not even one fits, so the sidebar still says reports do not add up', () => {
    const text = mismatchesText(CHECKS, 0);
    expect(storedMismatches(text)).toEqual([{ more: 2 }]);
    expect(text).toBe('[{"more":2}]');
    // Nothing that differs: nothing to count.
    expect(storedMismatches(mismatchesText([CHECKS[2]!], 0))).toEqual([]);
  });
});

describe('storedMismatches', () => {
  it('reads anything but its own records as none', () => {
    expect(storedMismatches(null)).toEqual([]);
    expect(storedMismatches('{"more":2}')).toEqual([]);
    expect(storedMismatches('[{"subject":"A"},{"more":"2"},3]')).toEqual([]);
  });
});
