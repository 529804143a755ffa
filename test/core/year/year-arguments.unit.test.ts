// The year's custom function's arguments (ROYALTIES_YEAR) from plain cell values: the year and the payment
// delay as Sheets hands them (typed, a cell, digits as text, a 1×1 range), empty for the default, and each
// refusal naming the argument and saying what to type instead.
import { describe, expect, it } from 'vitest';
import { MAX_PAYMENT_DELAY_DAYS, PAYMENT_DELAY_ADVICE } from '../../../src/core/settings.ts';
import { readPaymentDelay, readYear } from '../../../src/core/year/year-arguments.ts';

const THIS_YEAR = 2026;

describe('readYear', () => {
  it('takes a year typed, from a cell as digits, trimmed, or from a one-cell range', () => {
    expect(readYear(2024, THIS_YEAR)).toBe(2024);
    expect(readYear('2024', THIS_YEAR)).toBe(2024);
    expect(readYear('  2023 ', THIS_YEAR)).toBe(2023);
    expect(readYear([[2025]], THIS_YEAR)).toBe(2025);
  });

  it('empty, left out or blank means this year', () => {
    expect(readYear(undefined, THIS_YEAR)).toBe(THIS_YEAR);
    expect(readYear('', THIS_YEAR)).toBe(THIS_YEAR);
    expect(readYear('   ', THIS_YEAR)).toBe(THIS_YEAR);
    expect(readYear(null, THIS_YEAR)).toBe(THIS_YEAR);
    expect(readYear([['']], THIS_YEAR)).toBe(THIS_YEAR);
  });

  it('takes 1970 and next year, the ends of the range', () => {
    expect(readYear(1970, THIS_YEAR)).toBe(1970);
    expect(readYear(THIS_YEAR + 1, THIS_YEAR)).toBe(THIS_YEAR + 1);
  });

  it('refuses a year out of range, saying what to type (an example from last year)', () => {
    const advice = `Type a calendar year such as ${THIS_YEAR - 1}, or leave it empty for this year.`;
    expect(() => readYear(1969, THIS_YEAR)).toThrow(
      `year 1969 is not a year with royalties to show. ${advice}`,
    );
    expect(() => readYear(THIS_YEAR + 2, THIS_YEAR)).toThrow(`year ${THIS_YEAR + 2} is not a year`);
    // A two-digit year is not taken as this century's.
    expect(() => readYear(26, THIS_YEAR)).toThrow('year 26 is not a year with royalties to show.');
  });

  it('refuses what is not a whole number, showing what was given', () => {
    expect(() => readYear('last year', THIS_YEAR)).toThrow(
      'year is "last year", not a whole number. Type a calendar year such as 2025',
    );
    expect(() => readYear(2025.5, THIS_YEAR)).toThrow('year is "2025.5", not a whole number.');
    expect(() => readYear('2025.0', THIS_YEAR)).toThrow('year is "2025.0", not a whole number.');
    expect(() => readYear(true, THIS_YEAR)).toThrow('year is "true", not a whole number.');
    expect(() => readYear(new Date('2025-01-01T00:00:00Z'), THIS_YEAR)).toThrow(
      'year is a date, not a whole number.',
    );
  });

  it('shows at most 40 characters of a long text refused', () => {
    const long = 'x'.repeat(100);
    expect(() => readYear(long, THIS_YEAR)).toThrow(`year is "${'x'.repeat(40)}", not a whole number.`);
  });

  it('refuses a range of more than one cell, naming the argument', () => {
    expect(() => readYear([[2024, 2025]], THIS_YEAR)).toThrow(
      'year must be one value: type it, or point at one cell.',
    );
    expect(() => readYear([[2024], [2025]], THIS_YEAR)).toThrow('year must be one value');
  });
});

describe('readPaymentDelay', () => {
  it('takes whole days typed, as digits, or from a one-cell range', () => {
    expect(readPaymentDelay(90)).toBe(90);
    expect(readPaymentDelay(' 45 ')).toBe(45);
    expect(readPaymentDelay([[30]])).toBe(30);
  });

  it('empty means undefined: the sidebar setting decides', () => {
    expect(readPaymentDelay(undefined)).toBeUndefined();
    expect(readPaymentDelay('')).toBeUndefined();
    expect(readPaymentDelay('  ')).toBeUndefined();
  });

  it('takes 0 and the longest delay, the ends of the range', () => {
    expect(readPaymentDelay(0)).toBe(0);
    expect(readPaymentDelay('0')).toBe(0);
    expect(readPaymentDelay(MAX_PAYMENT_DELAY_DAYS)).toBe(MAX_PAYMENT_DELAY_DAYS);
  });

  it('refuses days out of range with the advice the sidebar gives', () => {
    const over = MAX_PAYMENT_DELAY_DAYS + 1;
    expect(() => readPaymentDelay(over)).toThrow(
      `payment_delay ${over} is not 0 to ${MAX_PAYMENT_DELAY_DAYS} days. ${PAYMENT_DELAY_ADVICE}`,
    );
    expect(() => readPaymentDelay(-1)).toThrow(
      `payment_delay -1 is not 0 to ${MAX_PAYMENT_DELAY_DAYS} days.`,
    );
  });

  it('refuses a negative delay with one message, typed or as text', () => {
    const refusal = `payment_delay -5 is not 0 to ${MAX_PAYMENT_DELAY_DAYS} days. ${PAYMENT_DELAY_ADVICE}`;
    expect(() => readPaymentDelay(-5)).toThrow(refusal);
    expect(() => readPaymentDelay('-5')).toThrow(refusal);
    expect(() => readPaymentDelay(' -5 ')).toThrow(refusal);
    expect(() => readYear('-2025', THIS_YEAR)).toThrow('year -2025 is not a year with royalties to show.');
  });

  it('refuses what is not a whole number of days, with the advice', () => {
    expect(() => readPaymentDelay('60 days')).toThrow(
      `payment_delay is "60 days", not a whole number. ${PAYMENT_DELAY_ADVICE}`,
    );
    expect(() => readPaymentDelay(1.5)).toThrow('payment_delay is "1.5", not a whole number.');
    expect(() => readPaymentDelay([[1, 2]])).toThrow('payment_delay must be one value');
  });
});
