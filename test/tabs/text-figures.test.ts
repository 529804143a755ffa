// Acceptance: figures written as an app displays them, and figures in parts, through the built add-on in
// the emulator against the demo API. Amounts with a decimal comma ("1.234,56 €") sum to the cent in the tab
// and the formula; a column of counts that could be read either way ("12,345") stays text and the banner
// and the formula say sums will miss it; royalties in parts beside their total give a plain "Royalties"
// column that the reconciliation ties out against the Summary.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ComposedShape, PLAIN_COMPOSED } from '../../local/demo-api/index.ts';
import type { Check } from '../../src/core/checks/index.ts';
import type { AddOn } from '../support/addon.ts';
import { apiGet, chooseSettings, ourTab, refresh, startWithKey } from './support.ts';

const PAST_CACHE = 7 * 60 * 60 * 1000;

let addOn: AddOn;
let royalties = 0;
let books: Record<string, unknown>[] = [];

beforeAll(async () => {
  addOn = await startWithKey();
  addOn.emulator.run('setFormulaAccess', [true]);
  chooseSettings(addOn, { tabs: ['summary', 'books-report'] });
  royalties = ((await apiGet(addOn, '/summary')).totals as { royalties: number }).royalties;
  books = (await apiGet(addOn, '/reports/books')).rows as Record<string, unknown>[];
});
afterAll(async () => {
  await addOn?.close();
});

async function refreshAs(shape: ComposedShape): Promise<{ checks: Check[] }> {
  await addOn.api.setShape(shape);
  addOn.emulator.clock.advance(PAST_CACHE);
  return refresh(addOn) as unknown as { checks: Check[] };
}

function column(values: unknown[][], label: string): unknown[] {
  const at = values[1]!.indexOf(label);
  expect(at, label).toBeGreaterThanOrEqual(0);
  return values
    .slice(2)
    .map((row) => row[at])
    .filter((cell) => cell !== '' && cell !== null);
}

const cents = (values: unknown[]) =>
  Math.round(values.reduce<number>((sum, v) => sum + (v as number), 0) * 100);

describe('figures written as text, and figures in parts', () => {
  it('sums amounts written with a decimal comma to the cent, in the tab and the formula', async () => {
    const result = await refreshAs({ ...PLAIN_COMPOSED, amounts: 'display-de' });
    const tab = ourTab(addOn, 'books-report');
    expect(String(tab.values[0]![0])).not.toMatch(/written as text/);
    const shown = column(tab.values, 'Royalties');
    expect(shown.every((v) => typeof v === 'number')).toBe(true);
    expect(cents(shown)).toBe(Math.round(royalties * 100));
    const formula = addOn.emulator.runCustomFunction<unknown[][]>('ROYALTIES_BOOKS', ['', '', 'royalties']);
    expect(cents(formula.slice(1).map((row) => row[0]))).toBe(Math.round(royalties * 100));
    expect(addOn.emulator.runCustomFunction('ROYALTIES_SUMMARY', ['', '', 'royalties'])).toBe(royalties);
    expect(result.checks.filter((c) => /^Royalties/.test(c.subject)).length).toBeGreaterThan(0);
    for (const check of result.checks.filter((c) => /^Royalties/.test(c.subject)))
      expect(check.result, check.text).toBe('agrees');
  });

  it('keeps counts that could be read either way as text, and says sums will miss them', async () => {
    await refreshAs({ ...PLAIN_COMPOSED, countsAsText: true });
    const tab = ourTab(addOn, 'books-report');
    const banner = String(tab.values[0]![0]);
    expect(banner).toMatch(/KENP pages[^:]*: figures written as text .* sums will miss them/);
    const pages = column(tab.values, 'KENP pages');
    const sent = books.map((b) => b.kenp_pages as number);
    expect(sent.some((n) => n >= 1000)).toBe(true);
    expect(pages).toEqual(sent.map((n) => n.toLocaleString('en-US')));
    const formula = addOn.emulator.runCustomFunction<unknown[][]>('ROYALTIES_BOOKS', []);
    expect(String(formula[0]![0])).toMatch(/KENP pages[^:]*: figures written as text/);
  });

  it('gives royalties in parts a plain Royalties column that the checks tie out', async () => {
    const result = await refreshAs({ ...PLAIN_COMPOSED, parts: true });
    const tab = ourTab(addOn, 'books-report');
    const headers = tab.values[1]!;
    expect(headers).toEqual(
      expect.arrayContaining(['Royalties', 'Royalties ebook', 'Royalties print', 'Royalties KENP']),
    );
    expect(headers).not.toContain('Total');
    expect(cents(column(tab.values, 'Royalties'))).toBe(Math.round(royalties * 100));
    const check = result.checks.find((c) => c.subject === 'Royalties: the Summary against the book rows');
    expect(check?.result, check?.text).toBe('agrees');
    expect(addOn.emulator.runCustomFunction('ROYALTIES_SUMMARY', ['', '', 'royalties'])).toBe(royalties);
    const formula = addOn.emulator.runCustomFunction<unknown[][]>('ROYALTIES_BOOKS', ['', '', 'royalties']);
    expect(formula[0]![0]).toBe('Royalties');
    expect(cents(formula.slice(1).map((row) => row[0]))).toBe(Math.round(royalties * 100));
  });
});
