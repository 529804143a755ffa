import { describe, expect, it } from 'vitest';
import {
  readCurrency,
  readField,
  readInterval,
  readPeriod,
  readSeriesId,
  singleCell,
} from '../../../src/core/formulas/arguments.ts';
import { FormulaError } from '../../../src/core/formulas/errors.ts';

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(FormulaError);
    return (err as Error).message;
  }
  throw new Error('expected a FormulaError');
}

describe('arguments as Sheets passes them', () => {
  it('treats an empty cell, a left-out argument and blank text as "use the default"', () => {
    for (const empty of [undefined, null, '', '   ']) {
      expect(readPeriod(empty)).toBeUndefined();
      expect(readCurrency(empty)).toBeUndefined();
      expect(readInterval(empty)).toBeUndefined();
      expect(readField(empty)).toBeUndefined();
    }
  });

  it('refuses a range of cells for every parameter, naming the parameter', () => {
    const block = [
      ['last_30_days', 'x'],
      ['y', 'z'],
    ];
    for (const [name, read] of [
      ['range', readPeriod],
      ['currency', readCurrency],
      ['interval', readInterval],
      ['field', readField],
      ['series_id', readSeriesId],
    ] as const) {
      expect(messageOf(() => read(block))).toContain(
        `${name} must be one value: type it, or point at one cell.`,
      );
    }
  });

  it('reads a one-cell range as its value', () => {
    expect(singleCell([['last_7_days']], 'range')).toBe('last_7_days');
    expect(readPeriod([[' last_7_days ']])).toBe('last_7_days');
  });

  it('refuses a date, a number or a boolean where text is wanted, saying what is accepted', () => {
    const date = messageOf(() => readPeriod(new Date(Date.UTC(2026, 10, 1))));
    expect(date).toContain('range is a date');
    expect(date).toContain('last_30_days');
    expect(messageOf(() => readPeriod(30))).toContain('the number 30');
    const currency = messageOf(() => readCurrency(978));
    expect(currency).toContain('currency is the number 978');
    expect(currency).toContain('"USD"');
    expect(messageOf(() => readCurrency(true))).toContain('currency is true');
    expect(messageOf(() => readField(7))).toContain('net_profit');
  });

  it('checks the text itself: a period name, a three-letter code', () => {
    expect(readPeriod('last_90_days')).toBe('last_90_days');
    expect(messageOf(() => readPeriod('last 30 days'))).toContain('last_30_days');
    expect(readCurrency(' eur ')).toBe('EUR');
    expect(messageOf(() => readCurrency('euro'))).toContain('three-letter');
  });

  it('accepts day or month for interval, in any case', () => {
    expect(readInterval('Month')).toBe('month');
    expect(readInterval('day')).toBe('day');
    const message = messageOf(() => readInterval('week'));
    expect(message).toContain('"week"');
    expect(message).toContain('"day" or "month"');
  });

  it('requires series_id and takes a whole number as its digits', () => {
    expect(messageOf(() => readSeriesId(''))).toContain('series_id is required');
    expect(messageOf(() => readSeriesId(undefined))).toContain('ROYALTIES_SERIES()');
    expect(readSeriesId(' ser_1 ')).toBe('ser_1');
    expect(readSeriesId(42)).toBe('42');
    expect(messageOf(() => readSeriesId(1.5))).toContain('series_id is the number 1.5');
  });

  it('refuses things no cell holds', () => {
    expect(messageOf(() => readField({ a: 1 }))).toContain('field must be one value');
  });
});
