// A book whose sales stopped, on plain inputs: the baseline learns only the days each refresh adds, a
// silence judged a stop teaches it nothing, a quiet book never raises, and the stored record keeps the best
// sellers within the room it is given (with the raised record, first).
import { describe, expect, it } from 'vitest';
import { ALERTS_RAISED_PROPERTY, type RaisedAlert } from '../../../src/core/alerts/raised.ts';
import { alertRecordTexts } from '../../../src/core/alerts/records.ts';
import {
  NO_SALES_BASELINE,
  SALES_BASELINE_PROPERTY,
  type SalesBaseline,
  salesBaselineToStored,
  salesStopAlerts,
  storedSalesBaseline,
} from '../../../src/core/alerts/sales-stop.ts';

const period = (start: string, end: string, days: number) => ({ start, end, days });
const book = (units: number | null, id = 'B1') => ({ id, title: `Book ${id}`, units });

describe('a book whose sales stopped', () => {
  it('learns a rate from the days each refresh adds, then raises a silence it made very unlikely', () => {
    const first = salesStopAlerts([book(60)], period('2026-10-21', '2026-11-19', 30), NO_SALES_BASELINE);
    expect(first.alerts).toEqual([]);
    expect(first.baseline).toEqual({ end: '2026-11-19', books: { B1: { rate: 2, days: 30 } } });
    // The next night's 30 days add one day: it weighs one day, not thirty.
    const next = salesStopAlerts([book(90)], period('2026-10-22', '2026-11-20', 30), first.baseline);
    expect(next.baseline.books.B1).toEqual({ rate: (2 * 30 + 3) / 31, days: 31 });
    // A second refresh the same day learns nothing.
    expect(salesStopAlerts([book(0)], period('2026-11-14', '2026-11-20', 7), next.baseline).baseline).toEqual(
      next.baseline,
    );
    const silent = salesStopAlerts([book(0)], period('2026-11-21', '2026-11-27', 7), next.baseline);
    expect(silent.alerts).toHaveLength(1);
    expect(silent.alerts[0]).toMatchObject({
      id: 'sales:B1',
      kind: 'sales-stop',
      level: 'alarm',
      book: 'Book B1',
    });
    expect(silent.alerts[0]!.text).toMatch(/^"Book B1": no units sold 2026-11-21 to 2026-11-27 \(7 days\)/);
    // Judged a stop: the baseline is not taught the silence.
    expect(silent.baseline.books.B1).toEqual(next.baseline.books.B1);
  });

  it('never raises a quiet book, an unsent figure or a baseline too short', () => {
    const quiet: SalesBaseline = { end: '2026-11-19', books: { B1: { rate: 0.1, days: 60 } } };
    const week = period('2026-11-20', '2026-11-26', 7);
    expect(salesStopAlerts([book(0)], week, quiet).alerts).toEqual([]);
    // Expected 0.7 units: the silence is learnt.
    expect(salesStopAlerts([book(0)], week, quiet).baseline.books.B1!.rate).toBeLessThan(0.1);
    const steady: SalesBaseline = { end: '2026-11-19', books: { B1: { rate: 3, days: 60 } } };
    expect(salesStopAlerts([book(null)], week, steady)).toEqual({
      alerts: [],
      baseline: { ...steady, end: '2026-11-26' },
    });
    expect(salesStopAlerts([book(0)], null, steady).alerts).toEqual([]);
    const young: SalesBaseline = { end: '2026-11-19', books: { B1: { rate: 3, days: 7 } } };
    expect(salesStopAlerts([book(0)], week, young).alerts).toEqual([]);
    // 5 expected: a warning (e^-5 < 1%); 4.9: nothing.
    const five = (rate: number) =>
      salesStopAlerts([book(0)], week, { end: '2026-11-19', books: { B1: { rate, days: 60 } } }).alerts;
    expect(five(5 / 7).map((a) => a.level)).toEqual(['warning']);
    expect(five(4.9 / 7)).toEqual([]);
  });

  it('stores the best sellers within the room it is given, and reads back what it can trust', () => {
    const books = Object.fromEntries(
      Array.from({ length: 400 }, (_, i) => [`B${i}`, { rate: i / 10, days: 60 }] as const),
    );
    const all = salesBaselineToStored({ end: '2026-11-19', books });
    const back = storedSalesBaseline(all);
    expect(Object.keys(back.books)).toHaveLength(150);
    expect(back.books.B399).toEqual({ rate: 39.9, days: 60 });
    expect(back.books.B0).toBeUndefined();
    const cut = salesBaselineToStored({ end: '2026-11-19', books }, 500);
    expect(cut.length).toBeLessThanOrEqual(500);
    expect(Object.keys(storedSalesBaseline(cut).books)).toContain('B399');
    expect(storedSalesBaseline('{"end":"x","books":{"a":[1,2],"b":["1",2],"c":[1]}}')).toEqual({
      end: null,
      books: { a: { rate: 1, days: 2 } },
    });
    expect(storedSalesBaseline('no')).toEqual(NO_SALES_BASELINE);
  });

  it('shares the room between the raised record and the baseline, the raised first', () => {
    const raised: Record<string, RaisedAlert> = Object.fromEntries(
      Array.from({ length: 60 }, (_, i) => [`ads:book:${i}`, { level: 'note', name: `"Book ${i}"` }]),
    );
    raised['ads:book:alarm'] = { level: 'alarm', name: '"Worst"' };
    const books = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`B${i}`, { rate: 1, days: 60 }]));
    const texts = alertRecordTexts({ raised, baseline: { end: '2026-11-19', books } }, 1500);
    const used = Object.values(texts).reduce((n, t) => n + t.length, 0);
    expect(used).toBeLessThanOrEqual(1500);
    expect(JSON.parse(texts[ALERTS_RAISED_PROPERTY]!)['ads:book:alarm']).toEqual({
      level: 'alarm',
      name: '"Worst"',
    });
    expect(texts[SALES_BASELINE_PROPERTY]).toBeDefined();
  });
});
