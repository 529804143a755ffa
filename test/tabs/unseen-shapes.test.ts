// Acceptance: four classes of shape the report readers meet without knowing their names, through the built
// add-on in the emulator against the demo API (its own figures, so every one is known to the cent). Money
// split in two parts is joined to the cent; Unix dates are days; rates on a 0 to 100 scale are the
// fractions the demo sends; a summary in several currencies answers one labelled row per currency and is
// never added across them. Tabs, formulas and the reconciliation each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ComposedShape, PLAIN_COMPOSED } from '../../local/demo-api/index.ts';
import type { UnseenClasses } from '../../local/demo-api/unseen-shapes.ts';
import type { Check } from '../../src/core/checks/index.ts';
import type { TabChoice } from '../../src/core/tab-ids.ts';
import type { AddOn } from '../support/addon.ts';
import { apiGet, banner, chooseSettings, column, ourTab, refresh, rowsOf, startWithKey } from './support.ts';

const PAST_CACHE = 7 * 60 * 60 * 1000;
const TABS: TabChoice[] = ['summary', 'books-report', 'timeline', 'read-through', 'history'];

let addOn: AddOn;
let royalties = 0;
let days: string[] = [];
/** Every read-through the demo sends, from book 1 and from the previous book, sorted. */
let readThrough: { first: number[]; previous: number[] } = { first: [], previous: [] };

beforeAll(async () => {
  addOn = await startWithKey();
  addOn.emulator.run('setFormulaAccess', [true]);
  chooseSettings(addOn, { tabs: TABS });
  royalties = ((await apiGet(addOn, '/summary')).totals as { royalties: number }).royalties;
  days = rowsOf(await apiGet(addOn, '/timeline'), 'points').map((point) => String(point.date));
  const series = rowsOf(await apiGet(addOn, '/series', {}), 'series');
  for (const one of series) {
    const body = await apiGet(addOn, `/series/${encodeURIComponent(String(one.series_id))}/read-through`);
    for (const row of rowsOf(body, 'rows')) {
      readThrough.first.push(row.read_through_from_first as number);
      if (row.read_through_from_previous !== null)
        readThrough.previous.push(row.read_through_from_previous as number);
    }
  }
  readThrough = { first: readThrough.first.sort(), previous: readThrough.previous.sort() };
});
afterAll(async () => {
  await addOn?.close();
});

async function refreshAs(unseen: UnseenClasses, shape: Partial<ComposedShape> = {}): Promise<Check[]> {
  await addOn.api.setShape({ ...PLAIN_COMPOSED, ...shape, unseen });
  addOn.emulator.clock.advance(PAST_CACHE);
  return (refresh(addOn) as unknown as { checks: Check[] }).checks;
}

/** The non-empty cells under a header of a grid (a tab's values from row 3, or a formula's from row 2). */
function under(values: unknown[][], label: string, headerRow = 1): unknown[] {
  const at = values[headerRow]!.indexOf(label);
  expect(at, `${label} in ${values[headerRow]!.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return values
    .slice(headerRow + 1)
    .map((row) => row[at])
    .filter((cell) => cell !== '' && cell !== null && cell !== undefined);
}

const cents = (values: readonly unknown[]) =>
  Math.round(values.reduce<number>((sum, v) => sum + (v as number), 0) * 100);

function check(checks: readonly Check[], subject: string): Check {
  const found = checks.find((c) => c.subject === subject);
  expect(found, subject).toBeDefined();
  return found!;
}

describe('money split in two parts', () => {
  for (const splitMoney of ['money-type', 'units-cents', 'major-minor'] as const)
    it(`joins ${splitMoney} money to the cent in the tabs, the formulas and the checks`, async () => {
      const checks = await refreshAs(
        { splitMoney },
        { casing: splitMoney === 'units-cents' ? 'camel' : 'snake' },
      );
      const books = ourTab(addOn, 'books-report');
      expect(banner(books)).not.toMatch(/too low|could not be read|failed/);
      const shown = under(books.values, 'Royalties');
      expect(shown.every((v) => typeof v === 'number')).toBe(true);
      expect(cents(shown)).toBe(Math.round(royalties * 100));
      expect(books.values[1]!.join(' ')).not.toMatch(/nanos|cents|minor|major|royalties units/i);
      expect(addOn.emulator.runCustomFunction('ROYALTIES_SUMMARY', ['', '', 'royalties'])).toBe(royalties);
      const formula = addOn.emulator.runCustomFunction<unknown[][]>('ROYALTIES_BOOKS', ['', '', 'royalties']);
      expect(cents(formula.slice(1).map((row) => row[0]))).toBe(Math.round(royalties * 100));
      expect(check(checks, 'Royalties: the Summary against the book rows').result).toBe('agrees');
      expect(check(checks, 'Net profit: the Summary against the book rows').result).toBe('agrees');
    });
});

describe('dates as Unix time', () => {
  for (const unixDates of ['seconds', 'milliseconds'] as const)
    it(`reads days sent in Unix ${unixDates} as days: the tab, the formula, the history, the checks`, async () => {
      // The days as the plain demo's ISO days give them (sheet dates: serial numbers under a date format),
      // in the tab and in the formula: the same days, never shifted.
      await refreshAs({});
      const isoDays = column(ourTab(addOn, 'timeline'), 'date');
      expect(isoDays.length).toBe(days.length);
      const isoFormula = addOn.emulator.runCustomFunction<unknown[][]>('ROYALTIES_TIMELINE', [
        '',
        '',
        '',
        'date',
      ]);
      const checks = await refreshAs({ unixDates });
      const timeline = ourTab(addOn, 'timeline');
      expect(column(timeline, 'date')).toEqual(isoDays);
      expect(timeline.numberFormats[2]![timeline.values[1]!.indexOf('Date')]).toMatch(/yyyy|dd/i);
      const formula = addOn.emulator.runCustomFunction<unknown[][]>('ROYALTIES_TIMELINE', [
        '',
        '',
        '',
        'date',
      ]);
      expect(formula.map(([d]) => String(d))).toEqual(isoFormula.map(([d]) => String(d)));
      expect(check(checks, "Royalties: the Summary against the timeline's days").result).toBe('agrees');
      const history = (
        refresh(addOn) as unknown as { tabs: { tab: string; error: string | null }[] }
      ).tabs.find((t) => t.tab === 'history');
      expect(history?.error ?? null).toBeNull();
    });
});

describe('rates on a 0 to 100 scale', () => {
  it('reads a column of rates out of 100 as the fractions they are, and the checks agree', async () => {
    const checks = await refreshAs({ ratesOutOf100: true });
    const tab = ourTab(addOn, 'read-through');
    expect(banner(tab)).not.toMatch(/too low|not as percentages/);
    const sorted = (values: unknown[]) => (values.filter((v) => v !== '') as number[]).sort();
    expect(sorted(column(tab, 'read_through_from_first'))).toEqual(readThrough.first);
    expect(sorted(column(tab, 'read_through_from_previous'))).toEqual(readThrough.previous);
    expect(checks.filter((c) => c.subject.startsWith('Read-through')).length).toBeGreaterThan(0);
    for (const c of checks.filter((c) => c.subject.startsWith('Read-through')))
      expect(c.result, c.text).toBe('agrees');
    const share = under(ourTab(addOn, 'books-report').values, 'KENP share');
    expect(share.length).toBeGreaterThan(0);
    expect(share.every((v) => typeof v === 'number' && v >= 0 && v <= 1)).toBe(true);
    const series = String(column(tab, 'series_id')[0]);
    const formula = addOn.emulator.runCustomFunction<unknown[][]>('ROYALTIES_READ_THROUGH', [
      series,
      '',
      '',
      'read_through_from_first',
    ]);
    const sent = formula.slice(1).map(([v]) => v as number);
    expect(sent.every((v) => readThrough.first.includes(v))).toBe(true);
  });
});

describe('a report in several currencies', () => {
  it('answers one labelled row per currency and never adds across them', async () => {
    const checks = await refreshAs({ severalCurrencies: true });
    const summary = ourTab(addOn, 'summary');
    expect(banner(summary)).toMatch(/Currencies USD, EUR/);
    const answer = addOn.emulator.runCustomFunction<unknown[][]>('ROYALTIES_SUMMARY', ['', '', 'royalties']);
    expect(answer[0]).toEqual(['Currency', 'Royalties']);
    expect(answer.slice(1).map(([currency]) => currency)).toEqual(['USD', 'EUR']);
    expect(answer[1]![1]).toBe(royalties);
    const royaltiesCheck = check(checks, 'Royalties: the Summary against the book rows');
    expect(royaltiesCheck.result).toBe('unchecked');
    expect(royaltiesCheck.text).toMatch(/several currencies \(USD, EUR\)/);
    // No figure of the tab is formatted as one currency's money: the rows hold two.
    const formats = summary.numberFormats?.[2] ?? [];
    expect(formats.join(' ')).not.toMatch(/\$/);
  });
});
