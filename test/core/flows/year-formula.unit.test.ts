// The year's custom function (ROYALTIES_YEAR) over plain ports: the clock and the sheet's zone fix "this
// year", the history tab is a grid of cells in memory, the settings a stored JSON string. What it answers
// (months summed from the history's days, in the currency asked), which payment delay it states, and each
// refusal in the author's words: no history tab, an unreadable one, no day in the year, a bad argument, a
// permission the owner did not grant.
import { describe, expect, it } from 'vitest';
import { answerYear, NO_HISTORY, type YearFormulaPorts } from '../../../src/core/flows/year-formula.ts';
import { FormulaError } from '../../../src/core/formulas/errors.ts';
import { DEFAULT_PAYMENT_DELAY_DAYS, parseSettings, storedSettingsJson } from '../../../src/core/settings.ts';
import type { TabMark } from '../../../src/core/tabs/index.ts';

const EPOCH_OFFSET_DAYS = 25_569;
const serial = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000 + EPOCH_OFFSET_DAYS;

const KEYS = ['date', 'status', 'changed', 'royalties@USD', 'royalties@EUR', 'units_sold'];
const HEADERS = ['Date', 'Status', 'Last changed', 'Royalties (USD)', 'Royalties (EUR)', 'Units sold'];

/** A day of the history: royalties in USD and in EUR ('' for none), and units sold. */
function day(iso: string, usd: number | '', eur: number | '', units: number): unknown[] {
  return [serial(iso), 'settled', '', usd, eur, units];
}

interface Fake {
  readonly ports: YearFormulaPorts;
  /** The (zone, now) each ledger call was given. */
  readonly ledgerCalls: (readonly [string, number])[];
}

function fake({
  now = Date.parse('2026-03-10T12:00:00Z'),
  offsetMinutes = 0,
  rows = [] as unknown[][],
  headerRow = HEADERS as unknown[],
  stored = null as string | null,
  noLedger = false,
  readBelow = undefined as (() => never) | undefined,
  yearTab = (() => undefined) as YearFormulaPorts['yearTab'],
} = {}): Fake {
  const ledgerCalls: (readonly [string, number])[] = [];
  const mark: TabMark = { tab: 'history', columns: KEYS, blockRows: 2, dataAt: now, headers: HEADERS };
  const ports: YearFormulaPorts = {
    clock: { now: () => now, sleep: () => undefined },
    storedSettings: () => stored,
    zone: () => 'Europe/Testland',
    offsetInZone: (zone) => (ms) => (zone === 'Europe/Testland' && ms === now ? offsetMinutes : Number.NaN),
    ledger: (zone, at) => {
      ledgerCalls.push([zone, at]);
      if (noLedger) return null;
      return {
        tab: { name: 'Royalties history', mark },
        sheet: {
          zoneOffsetMs: () => offsetMinutes * 60_000,
          readBelow: readBelow ?? (() => [headerRow, ...rows]),
        },
      };
    },
    yearTab,
  };
  return { ports, ledgerCalls };
}

function table(answer: unknown): unknown[][] {
  expect(Array.isArray(answer)).toBe(true);
  return answer as unknown[][];
}

/** The answer's row whose first cell is `first`. */
function rowOf(answer: unknown, first: string): unknown[] | undefined {
  return table(answer).find((row) => row[0] === first);
}

function refusal(run: () => unknown): FormulaError {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(FormulaError);
    return err as FormulaError;
  }
  throw new Error('expected a refusal');
}

describe('ROYALTIES_YEAR', () => {
  it("sums the year's days into its months, from the history tab's cells", () => {
    const { ports, ledgerCalls } = fake({
      rows: [day('2025-01-02', 10, '', 1), day('2025-01-03', 5.5, '', 2), day('2025-02-01', 7, '', 4)],
    });
    const answer = answerYear([2025], ports);
    expect(table(answer)[0]).toEqual(
      expect.arrayContaining(['Month', 'Currency', 'Royalties', 'Units sold']),
    );
    const header = table(answer)[0]!;
    const january = rowOf(answer, '2025-01')!;
    const february = rowOf(answer, '2025-02')!;
    expect(january[header.indexOf('Currency')]).toBe('USD');
    expect(january[header.indexOf('Royalties')]).toBe(15.5);
    expect(january[header.indexOf('Units sold')]).toBe(3);
    expect(february[header.indexOf('Royalties')]).toBe(7);
    // A past year shows all twelve months, the ones without days said so.
    expect(rowOf(answer, '2025-12')).toContain('no days in the history');
    expect(rowOf(answer, '2026-01')).toBeUndefined();
    // The ledger is found in the sheet's zone at the clock's instant.
    expect(ledgerCalls).toEqual([['Europe/Testland', ports.clock.now()]]);
  });

  it("empty year means this year in the spreadsheet's zone, not in UTC", () => {
    const now = Date.parse('2026-12-31T23:30:00Z');
    const rows = [day('2026-12-30', 3, '', 1), day('2027-01-01', 4, '', 1)];
    // An hour east of UTC it is already 2027 there.
    const east = answerYear([''], fake({ now, offsetMinutes: 60, rows }).ports);
    expect(rowOf(east, '2027-01')).toBeDefined();
    expect(rowOf(east, '2026-12')).toBeUndefined();
    // This year stops at the current month.
    expect(rowOf(east, '2027-02')).toBeUndefined();
    // An hour west it is still 2026.
    const west = answerYear([], fake({ now, offsetMinutes: -60, rows }).ports);
    expect(rowOf(west, '2026-12')).toBeDefined();
    expect(rowOf(west, '2027-01')).toBeUndefined();
  });

  it('states the payment delay given, else the sidebar setting, else the default', () => {
    const rows = [day('2025-05-10', 10, '', 1)];
    const paid = (answer: unknown) => String(rowOf(answer, 'Paid in 2025 (estimate)')?.[3]);
    expect(paid(answerYear([2025], fake({ rows }).ports))).toContain(
      `paid about ${DEFAULT_PAYMENT_DELAY_DAYS} days after each month ends`,
    );
    const stored = storedSettingsJson(parseSettings({ paymentDelay: 90 }));
    expect(paid(answerYear([2025], fake({ rows, stored }).ports))).toContain('paid about 90 days');
    // The argument wins over the setting.
    expect(paid(answerYear([2025, 30], fake({ rows, stored }).ports))).toContain('paid about 30 days');
    // 0 is a delay, not "empty".
    expect(paid(answerYear([2025, 0], fake({ rows, stored }).ports))).toContain('paid about 0 days');
  });

  it("reads money in the sidebar's currency, else in that of the latest day with money", () => {
    const header = (answer: unknown) => table(answer)[0]!;
    const january = (answer: unknown) => {
      const row = rowOf(answer, '2025-01')!;
      return [row[header(answer).indexOf('Currency')], row[header(answer).indexOf('Royalties')]];
    };
    const both = [day('2025-01-02', 10, 8, 1), day('2025-01-03', 5, 4, 1)];
    // Every day has both: the column added last (EUR) is the latest money.
    expect(january(answerYear([2025], fake({ rows: both }).ports))).toEqual(['EUR', 12]);
    const usd = storedSettingsJson(parseSettings({ currency: 'USD' }));
    expect(january(answerYear([2025], fake({ rows: both, stored: usd }).ports))).toEqual(['USD', 15]);
    // The latest day holds USD only: USD is read when none is chosen.
    const latestUsd = [day('2025-01-02', 10, 8, 1), day('2025-01-03', 5, '', 1)];
    expect(january(answerYear([2025], fake({ rows: latestUsd }).ports))).toEqual(['USD', 15]);
    // EUR chosen: a day without EUR leaves the month's royalties missing, never summed as if zero.
    const eur = storedSettingsJson(parseSettings({ currency: 'EUR' }));
    expect(january(answerYear([2025], fake({ rows: latestUsd, stored: eur }).ports))).toEqual(['EUR', '']);
  });

  it('with no history tab, says how to make one', () => {
    const error = refusal(() => answerYear([2025], fake({ noLedger: true }).ports));
    expect(error.message).toBe(NO_HISTORY);
    expect(error.message).toContain('refresh all tabs once');
  });

  it('refuses a bad argument before looking for the history tab', () => {
    const year = fake({ noLedger: true });
    expect(refusal(() => answerYear(['next year'], year.ports)).message).toMatch(/^year is "next year"/);
    const delay = fake({ noLedger: true });
    expect(refusal(() => answerYear([2025, 400], delay.ports)).message).toMatch(/^payment_delay 400 is not/);
    expect([...year.ledgerCalls, ...delay.ledgerCalls]).toEqual([]);
  });

  it('a history tab whose columns were moved: says it could not be read and what to undo', () => {
    const moved = ['Date', 'Status', 'Notes', ...HEADERS.slice(3)];
    const error = refusal(() =>
      answerYear([2025], fake({ rows: [day('2025-01-02', 1, '', 1)], headerRow: moved }).ports),
    );
    expect(error.message).toMatch(/^The history tab could not be read: /);
    expect(error.message).toContain('its column 3 is headed "Notes", not "Last changed"');
  });

  it("a sheet that fails to read: the author sees why in plain words, never Google's text", () => {
    const google = 'Service Spreadsheets failed while accessing document with id 1a2b.';
    const error = refusal(() =>
      answerYear(
        [2025],
        fake({
          readBelow: () => {
            throw new Error(google);
          },
        }).ports,
      ),
    );
    expect(error.message).toMatch(/^The history tab could not be read: /);
    expect(error.message).not.toContain('1a2b');
  });

  it('no day of the year asked: names the year, and the currency when the sidebar chose one', () => {
    const rows = [day('2024-06-01', 1, '', 1)];
    expect(refusal(() => answerYear([2025], fake({ rows }).ports)).message).toMatch(
      /^The history tab holds no day of 2025: it keeps the days each refresh brings/,
    );
    const stored = storedSettingsJson(parseSettings({ currency: 'EUR' }));
    expect(refusal(() => answerYear([2025], fake({ rows, stored }).ports)).message).toMatch(
      /^The history tab holds no day of 2025 in EUR: /,
    );
    // An empty history tab (header row only) is a tab with no day, not a missing one.
    expect(refusal(() => answerYear([2025], fake().ports)).message).toMatch(
      /^The history tab holds no day of 2025: /,
    );
  });

  it("a currency chosen that none of the year's days holds: says so plainly, naming the ledger's", () => {
    // The year's days hold units and royalties in USD only; the sidebar asks for EUR.
    const rows = [day('2025-01-02', 10, '', 1), day('2025-02-01', 7, '', 4)];
    const stored = storedSettingsJson(parseSettings({ currency: 'EUR' }));
    expect(refusal(() => answerYear([2025], fake({ rows, stored }).ports)).message).toBe(
      'The history tab holds no day of 2025 in EUR: its money is in USD. Choose it in the sidebar, or leave the currency to the account.',
    );
    // A day of the year in EUR is enough: the months without one are said as missing, not refused.
    const some = [...rows, day('2025-03-01', '', 4, 1)];
    expect(rowOf(answerYear([2025], fake({ rows: some, stored }).ports), '2025-03')).toContain(4);
  });

  it('a permission the owner did not grant: says where to grant it', () => {
    const { ports } = fake();
    const refused: YearFormulaPorts = {
      ...ports,
      storedSettings: () => {
        throw new Error(
          'You do not have permission to call PropertiesService.getDocumentProperties. Required permissions: https://www.googleapis.com/auth/script.storage',
        );
      },
    };
    expect(() => answerYear([2025], refused)).toThrow(/^Formulas need the owner's permission/);
    expect(() => answerYear([2025], refused)).not.toThrow(/You do not have permission/);
  });

  it("reads the year's tab back for what its refresh took from the API; one that fails to read is said", () => {
    const rows = [day('2025-01-02', 10, '', 1)];
    const columns = ['month', 'currency', 'marketplace', 'status', 'royalties'];
    const labels = ['Month', 'Currency', 'Marketplace', 'Status', 'Royalties'];
    const mark: TabMark = { tab: 'year-2025', columns, blockRows: 4, dataAt: 0, headers: labels };
    const reads: number[][] = [];
    const written = [
      ['2025-02', 'USD', 'all', 'final, from the timeline by month', 20],
      ['2025-01-01 to 2025-12-31', 'USD', 'amazon.de', 'from the Marketplaces report', 7],
    ];
    const tabWith = (header: string[]) => () => ({
      mark,
      values: () => [],
      readBelow: (...at: number[]) => {
        reads.push(at);
        return [header, ...written];
      },
    });
    const answer = answerYear([2025], fake({ rows, yearTab: tabWith(labels) }).ports);
    // One read, from the header row, as wide as the mark's columns.
    expect(reads).toEqual([[2, 5]]);
    const royalties = table(answer)[0]!.indexOf('Royalties');
    expect(rowOf(answer, '2025-02')![royalties]).toBe(20);
    expect(rowOf(answer, '2025-01-01 to 2025-12-31')).toContain('amazon.de');
    // A column the author moved: its figures would sit under another heading.
    const moved = ['Month', 'Currency', 'Notes', 'Marketplace', 'Status'];
    expect(refusal(() => answerYear([2025], fake({ rows, yearTab: tabWith(moved) }).ports)).message).toBe(
      'The tab "Royalties 2025" could not be read: its column 3 is headed "Notes", not "Marketplace". Undo the change; add columns of your own right of the year\'s.',
    );
    const google = 'Service Spreadsheets failed while accessing document with id 1a2b.';
    const failing = () => {
      throw new Error(google);
    };
    const error = refusal(() => answerYear([2025], fake({ rows, yearTab: failing }).ports));
    expect(error.message).toMatch(/^The tab "Royalties 2025" could not be read: /);
    expect(error.message).not.toContain('1a2b');
  });
});
