// ROYALTIES_YEAR through the built bundle in the emulator (custom-function mode): the same table as the
// year's tab, one year at a time, from the history tab's days with no request of its own; the payment delay
// it is given moves the estimate of what was paid; its refusals say what to type instead.
import { afterEach, describe, expect, it } from 'vitest';
import { cellError } from '../formulas/support.ts';
import { type AddOn, startAddOn } from '../support/addon.ts';
import { chooseSettings, ourTab, refresh } from '../tabs/support.ts';
import { shortHistory } from './support.ts';

let addOn: AddOn | undefined;
afterEach(async () => {
  await addOn?.close();
  addOn = undefined;
});

/** Google is silent on a custom function's createDeveloperMetadataFinder: both readings (true: allowed). */
const READINGS = [false, true] as const;

async function refreshed(findsMetadata = false): Promise<AddOn> {
  const a = await startAddOn({ emulator: { customFunctionFindsMetadata: findsMetadata } });
  addOn = a;
  a.saveApiKeyFor();
  chooseSettings(a, { tabs: ['history', 'year'] });
  expect(refresh(a).tabs.map((t) => t.error)).toEqual([null, null, null]);
  return a;
}

/** The cells ROYALTIES_YEAR spills, an empty one '' as on a tab. */
const year = (a: AddOn, ...args: unknown[]) =>
  a.emulator
    .runCustomFunction<unknown[][]>('ROYALTIES_YEAR', args)
    .map((r) => r.map((c) => (c === null ? '' : c)));

describe('ROYALTIES_YEAR', { timeout: 120_000 }, () => {
  it.each(READINGS)(
    "gives each year tab's own header and rows, by marketplace too, and asks the API nothing (finder allowed: %s)",
    async (findsMetadata) => {
      const a = await refreshed(findsMetadata);
      const before = (await a.api.requests()).length;
      for (const y of [2026, 2025]) {
        // The rows by marketplace (this year's year so far, the months') are read back from the tab.
        const tab = ourTab(a, `year-${y}`).values.slice(1);
        expect(tab.some((r) => r[2] === 'amazon.com')).toBe(y === 2026);
        expect(year(a, y)).toEqual(tab);
      }
      // Empty: this year; digits as text are the year too.
      expect(year(a)).toEqual(year(a, 2026));
      expect(year(a, '2025')).toEqual(year(a, 2025));
      expect((await a.api.requests()).length).toBe(before);
    },
  );

  it("takes the months from the timeline by month back from the year's tab, as the tab shows them", async () => {
    const a = await startAddOn();
    addOn = a;
    a.saveApiKeyFor();
    await shortHistory(a);
    chooseSettings(a, { tabs: ['history', 'year'], paymentDelay: 90 });
    expect(refresh(a).tabs.map((t) => t.error)).toEqual([null, null, null]);
    for (const y of [2026, 2025]) {
      const tab = ourTab(a, `year-${y}`).values.slice(1);
      expect(tab.filter((r) => String(r[3]).includes('from the timeline by month')).length).toBeGreaterThan(
        1,
      );
      // The same delay as the refresh's (the sidebar's, or typed): the same rows, the same figures.
      expect(year(a, y)).toEqual(tab);
      expect(year(a, y, 90)).toEqual(tab);
    }
  });

  it("answers from the history alone where no year's tab was written, saying what a refresh adds", async () => {
    const a = await startAddOn();
    addOn = a;
    a.saveApiKeyFor();
    chooseSettings(a, { tabs: ['history'] });
    expect(refresh(a).tabs.map((t) => t.error)).toEqual([null]);
    const cells = year(a, 2026);
    const last = cells.at(-1)!;
    expect(cells.at(-2)![0]).toBe('Paid in 2026 (estimate)');
    expect(cells.filter((r) => r[2] !== 'all' && r !== cells[0] && r !== last)).toEqual([]);
    expect(last[0]).toBe('Not in this cell');
    expect(String(last[3])).toContain('from the timeline by month');
    expect(String(last[3])).toContain('by marketplace');
    expect(String(last[3])).toContain('Royalties by year');
  });

  it.each(READINGS)(
    "reads the history tab and the year's tab once each, and nothing else of the API (finder allowed: %s)",
    async (findsMetadata) => {
      const a = await refreshed(findsMetadata);
      const calls = (y: number) => {
        a.emulator.stats.reset();
        year(a, y);
        return a.emulator.stats.calls();
      };
      const withTab = calls(2026);
      expect(withTab['Range.getValues']).toBe(2);
      expect(Object.keys(withTab).filter((c) => /UrlFetch|Properties.getUser|Cache/.test(c))).toEqual([]);
      // 2024: days in the history, no tab of its own. The year's tab costs its sheet (found in the same
      // search of marks as the history's) and one read, to its last row as a refresh reads it back.
      const without = calls(2024);
      const added = Object.fromEntries(
        Object.entries(withTab)
          .map(([name, n]) => [name, n - (without[name] ?? 0)] as const)
          .filter(([, n]) => n !== 0),
      );
      expect(added).toEqual({
        'DeveloperMetadata.getLocation': 1,
        'DeveloperMetadataLocation.getSheet': 1,
        'Sheet.getDataRange': 1,
        'Range.getValues': 1,
      });
    },
  );

  it("refuses a year's tab whose columns the author moved, in the refresh's words, until put back", async () => {
    const a = await refreshed();
    const before = year(a, 2026);
    const sheet = a.emulator.spreadsheet.getSheetByName('Royalties 2026')!;
    sheet.insertColumnsBefore(2, 1);
    sheet.getRange(2, 2).setValue('My notes');
    expect(cellError(() => year(a, 2026))).toBe(
      'The tab "Royalties 2026" could not be read: its column 2 is headed "My notes", not "Currency". Undo the change; add columns of your own right of the year\'s.',
    );
    sheet.deleteColumns(2, 1);
    expect(year(a, 2026)).toEqual(before);
  });

  it('moves the estimate of what was paid by the payment delay it is given', async () => {
    const a = await refreshed();
    const paid = (cells: unknown[][]) => cells.find((r) => r[0] === 'Paid in 2026 (estimate)')!;
    const status = 3;
    expect(String(paid(year(a, 2026))[status])).toContain('sales of 2025-11 to 2026-10, paid about 60 days');
    expect(String(paid(year(a, 2026, 90))[status])).toContain(
      'sales of 2025-10 to 2026-09, paid about 90 days',
    );
    expect(String(paid(year(a, 2026, 0))[status])).toContain(
      'sales of 2026-01 to 2026-12, paid about 0 days',
    );
  });

  it('refuses what is not a year or a delay, and a year the history does not hold, saying what to type', async () => {
    const a = await refreshed();
    expect(cellError(() => year(a, 'last year'))).toBe(
      'year is "last year", not a whole number. Type a calendar year such as 2025, or leave it empty for this year.',
    );
    expect(cellError(() => year(a, 1900))).toMatch(/^year 1900 is not a year with royalties to show\. Type/);
    expect(cellError(() => year(a, [[2025, 2026]]))).toBe(
      'year must be one value: type it, or point at one cell.',
    );
    // A negative delay gets one refusal, typed or as text.
    expect(cellError(() => year(a, 2026, -5))).toMatch(
      /^payment_delay -5 is not 0 to 365 days\. Type the days/,
    );
    expect(cellError(() => year(a, 2026, '-5'))).toBe(cellError(() => year(a, 2026, -5)));
    expect(cellError(() => year(a, 2026, 'sixty'))).toMatch(
      /^payment_delay is "sixty", not a whole number\./,
    );
    expect(cellError(() => year(a, 2019))).toMatch(
      /^The history tab holds no day of 2019: it keeps the days/,
    );
  });

  it("says plainly there is no day in the currency chosen when the year's days hold another", async () => {
    const a = await refreshed();
    chooseSettings(a, { tabs: ['history', 'year'], currency: 'EUR' });
    expect(cellError(() => year(a, 2026))).toBe(
      'The history tab holds no day of 2026 in EUR: its money is in USD. Choose it in the sidebar, or leave the currency to the account.',
    );
  });

  it.each(READINGS)(
    'says the history tab must be refreshed first when there is none (finder allowed: %s)',
    async (findsMetadata) => {
      const a = await startAddOn({ emulator: { customFunctionFindsMetadata: findsMetadata } });
      addOn = a;
      expect(cellError(() => year(a, 2026))).toBe(
        'There is no history tab yet: choose "Royalties history" in the sidebar and refresh all tabs once; the year is summed from its days.',
      );
    },
  );
});
