// Rows sent on two pages (core/report/repeated-rows.ts): plain inputs.
import { describe, expect, it } from 'vitest';
import { takeOnce } from '../../../src/core/report/repeated-rows.ts';

const book = (book_id: string, royalties: number, series_id: string | null = 'sr_1') => ({
  book_id,
  series_id,
  royalties,
});

describe('rows sent on two pages', () => {
  it('takes the same row once, by its id', () => {
    const { rows, repeated } = takeOnce([
      [book('a', 1), book('b', 2)],
      [book('b', 2), book('c', 3)],
    ]);
    expect(rows).toEqual([book('a', 1), book('b', 2), book('c', 3)]);
    expect(repeated).toEqual({ fields: ['book_id', 'series_id'], same: 1, clashes: [] });
  });

  it('keeps two different rows under one id, and names the id', () => {
    const { rows, repeated } = takeOnce([[book('a', 1), book('b', 2)], [book('b', 5)]]);
    expect(rows).toHaveLength(3);
    expect(repeated).toEqual({ fields: ['book_id', 'series_id'], same: 0, clashes: ['b sr_1'] });
  });

  it('knows rows without an id by their words and days, never by figures written as text', () => {
    const day = (date: string, royalties: string) => ({ date, royalties });
    const { rows, repeated } = takeOnce([
      [day('2026-11-01', '1.00'), day('2026-11-02', '2.00')],
      [day('2026-11-02', '2.00'), day('2026-11-03', '2.00')],
    ]);
    expect(rows).toHaveLength(3);
    expect(repeated?.fields).toEqual(['date']);
  });

  it('knows a day written as Unix time by its name', () => {
    const day = (date: number, royalties: number) => ({ date, royalties });
    const { rows, repeated } = takeOnce([
      [day(1_761_955_200, 1), day(1_762_041_600, 2)],
      [day(1_762_041_600, 2), day(1_762_128_000, 3)],
    ]);
    expect(rows).toHaveLength(3);
    expect(repeated?.fields).toEqual(['date']);
  });

  it('adds to an id that repeats within a page the row’s words (a book in two marketplaces)', () => {
    const sold = (book_id: string, marketplace: string, free_units: number) => ({
      book_id,
      marketplace,
      free_units,
    });
    const { rows, repeated } = takeOnce([
      [sold('a', 'US', 1), sold('a', 'UK', 2)],
      [sold('a', 'UK', 2), sold('b', 'US', 3)],
    ]);
    expect(rows).toHaveLength(3);
    expect(repeated).toEqual({ fields: ['book_id', 'marketplace'], same: 1, clashes: [] });
  });

  it('compares nothing when no field tells a page’s rows apart, or in one page', () => {
    const figures = [{ royalties: 1 }, { royalties: 1 }];
    expect(takeOnce([figures, figures]).rows).toHaveLength(4);
    expect(takeOnce([figures, figures]).repeated).toBeNull();
    expect(takeOnce([[book('a', 1), book('a', 1)]]).rows).toHaveLength(2);
  });
});
