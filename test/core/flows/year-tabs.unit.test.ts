// The year's step of a refresh over plain ports: the sheets a record of what each tab was given (the table
// under its banner, or the amber banner over what it keeps), the history's days a plain list. A tab per year
// asked, each stating its payment delay on its banner; an unreadable history or a refused write leaves each
// year's tab as it was, under the amber banner, with the reason on its line. A past year's tab is read back
// only when its mark says it holds marketplace rows, this year's only when it holds months by marketplace;
// a read refused leaves that tab as it was.
import { describe, expect, it } from 'vitest';
import type { LedgerDay } from '../../../src/core/figures/index.ts';
import { writeYearTabs } from '../../../src/core/flows/year-tabs.ts';
import type { RefreshRun, TabSheets } from '../../../src/core/refresh/index.ts';
import { DEFAULT_PAYMENT_DELAY_DAYS, parseSettings } from '../../../src/core/settings.ts';
import type { Banner, TabMark } from '../../../src/core/tabs/index.ts';

/** The header row of a year's tab written with its first six columns. */
const HEADERS = ['Month', 'Currency', 'Marketplace', 'Status', 'Days in the history', 'Royalties'];
const STARTED = Date.parse('2026-03-10T12:00:00Z');
const TODAY = '2026-03-10';

function days(dates: readonly string[]): LedgerDay[] {
  return dates.map((date) => ({
    date,
    currency: 'USD',
    status: 'settled',
    figures: { royalties: 2, units_sold: 1 },
  }));
}

function run(settings: Record<string, unknown> = {}): RefreshRun {
  const fields: Partial<RefreshRun> = {
    startedAt: STARTED,
    inSheetTime: (ms) => `sheet time ${new Date(ms).toISOString()}`,
    timeZone: 'Europe/Testland',
    coveredThrough: '2026-03-08',
    range: 'last_30_days',
    checks: [],
    settings: parseSettings(settings),
  };
  return fields as RefreshRun;
}

/** The tabs' sheets, recording each write; `refuse` lists tabs whose table the sheet refuses. */
function sheets(refuse: readonly string[] = [], refuseFailed = false) {
  const written: { tab: string; rows: number; banner: Banner; basis: string | undefined }[] = [];
  const failed: { tab: string; banner: Banner }[] = [];
  const port: TabSheets = {
    writeTable: (tab, table, banner, basis) => {
      if (refuse.includes(tab))
        throw new Error('Service Spreadsheets failed while accessing document with id 1a2b.');
      written.push({ tab, rows: table.rows.length, banner, basis });
      return { sheetName: `Sheet of ${tab}`, rows: table.rows.length };
    },
    writeFailed: (tab, bannerFor) => {
      if (refuseFailed) throw new Error('Service Spreadsheets failed while accessing document with id 1a2b.');
      failed.push({ tab, banner: bannerFor(STARTED - 86_400_000) });
      return `Sheet of ${tab}`;
    },
  };
  return { port, written, failed };
}

describe('writeYearTabs', () => {
  it('writes this year and last by default, each stating the default delay on its banner', () => {
    const { port, written, failed } = sheets();
    const outcomes = writeYearTabs(run(), days(['2025-06-01', '2026-02-01']), {
      today: () => TODAY,
      sheets: port,
      findTab: () => undefined,
    });
    expect(outcomes.map((o) => o.tab)).toEqual(['year-2026', 'year-2025']);
    expect(outcomes.map((o) => o.error)).toEqual([null, null]);
    expect(outcomes.map((o) => o.sheetName)).toEqual(['Sheet of year-2026', 'Sheet of year-2025']);
    expect(outcomes.map((o) => o.rows)).toEqual(written.map((w) => w.rows));
    expect(written.map((w) => w.tab)).toEqual(['year-2026', 'year-2025']);
    expect(written[0]!.banner.text).toContain(`${DEFAULT_PAYMENT_DELAY_DAYS} days after each month ends`);
    expect(written[0]!.banner.text).toContain('2026: by month, from the history tab');
    // A year's tab has no period: no basis is kept in its mark.
    expect(written.map((w) => w.basis)).toEqual([undefined, undefined]);
    expect(failed).toEqual([]);
  });

  it('writes the years the settings ask, with their payment delay', () => {
    const { port, written } = sheets();
    const outcomes = writeYearTabs(run({ years: '2024', paymentDelay: 90 }), days(['2024-05-01']), {
      today: () => TODAY,
      sheets: port,
      findTab: () => undefined,
    });
    expect(outcomes.map((o) => o.tab)).toEqual(['year-2024']);
    expect(written).toHaveLength(1);
    expect(written[0]!.banner.text).toContain('(90 days after each month ends');
  });

  it('a year with no day in the history is still written, saying so', () => {
    const { port, written } = sheets();
    const outcomes = writeYearTabs(run({ years: '2023' }), days(['2025-01-01']), {
      today: () => TODAY,
      sheets: port,
      findTab: () => undefined,
    });
    expect(outcomes.map((o) => o.error)).toEqual([null]);
    expect(written).toHaveLength(1);
    expect(written[0]!.banner.text).toContain('2023: the history tab holds no day of it');
  });

  it('an unreadable history fails every year asked under the amber banner, writing no table', () => {
    const { port, written, failed } = sheets();
    const outcomes = writeYearTabs(run(), null, {
      today: () => TODAY,
      sheets: port,
      findTab: () => undefined,
    });
    expect(outcomes.map((o) => o.tab)).toEqual(['year-2026', 'year-2025']);
    expect(outcomes.map((o) => o.error)).toEqual([
      'The history tab could not be read: the year is built from its days.',
      'The history tab could not be read: the year is built from its days.',
    ]);
    expect(outcomes.map((o) => o.rows)).toEqual([null, null]);
    expect(written).toEqual([]);
    expect(failed.map((f) => f.tab)).toEqual(['year-2026', 'year-2025']);
    expect(failed[0]!.banner.text).toContain('The history tab could not be read');
  });

  it("a refused write fails that year only, in plain words, never Google's text", () => {
    const { port, written, failed } = sheets(['year-2025']);
    const outcomes = writeYearTabs(run(), days(['2025-06-01', '2026-02-01']), {
      today: () => TODAY,
      sheets: port,
      findTab: () => undefined,
    });
    expect(outcomes.map((o) => o.tab)).toEqual(['year-2026', 'year-2025']);
    expect(outcomes[0]!.error).toBeNull();
    expect(outcomes[1]!.error).toMatch(/^The tab could not be written: /);
    expect(outcomes[1]!.error).not.toContain('1a2b');
    expect(written.map((w) => w.tab)).toEqual(['year-2026']);
    expect(failed.map((f) => f.tab)).toEqual(['year-2025']);
  });

  it('a sheet that refuses the amber banner too: the error still reaches the outcome, naming no sheet', () => {
    const { port } = sheets([], true);
    const outcomes = writeYearTabs(run(), null, {
      today: () => TODAY,
      sheets: port,
      findTab: () => undefined,
    });
    expect(outcomes.map((o) => [o.sheetName, o.error === null])).toEqual([
      [null, false],
      [null, false],
    ]);
  });

  it("reads a past year's tab back only when its mark says it holds marketplace rows", () => {
    const { port, written, failed } = sheets();
    const mark = (basis?: string): TabMark => ({
      tab: 'year-2025',
      columns: ['month', 'currency', 'marketplace', 'status', 'days', 'royalties'],
      blockRows: 4,
      dataAt: STARTED - 86_400_000,
      ...(basis && { basis }),
    });
    const reads: number[][] = [];
    const held = (basis?: string) => (tab: string) => ({
      mark: mark(basis),
      values: () => [],
      readBelow(headerRow: number, width: number) {
        if (tab !== 'year-2025') throw new Error('Only a past year is read.');
        reads.push([headerRow, width]);
        return [
          HEADERS,
          ['2025-12', 'USD', 'all', 'final', 31, 9],
          ['2025-01-01 to 2025-12-30', 'USD', 'amazon.com', 'from the Marketplaces report', '', 7.5],
        ];
      },
    });
    writeYearTabs(run(), days(['2025-06-01']), { today: () => TODAY, sheets: port, findTab: held() });
    expect(reads).toEqual([]);
    writeYearTabs(run(), days(['2025-06-01']), {
      today: () => TODAY,
      sheets: port,
      findTab: held('by marketplace'),
    });
    expect(reads).toEqual([[2, 6]]);
    const past = written.filter((w) => w.tab === 'year-2025');
    expect(past.map((w) => w.basis)).toEqual([undefined, 'by marketplace']);
    expect(past[1]!.rows).toBe(past[0]!.rows + 1);
    expect(past[1]!.banner.text).toContain('by marketplace: from the Marketplaces report, kept from');
    writeYearTabs(run(), days(['2025-06-01']), {
      today: () => TODAY,
      sheets: port,
      findTab: () => {
        throw new Error('Service Spreadsheets failed while accessing document with id 1a2b.');
      },
    });
    // Whether a tab holds months by marketplace is in its mark: a tab not found for sure is not written.
    expect(failed.map((f) => f.tab)).toEqual(['year-2026', 'year-2025']);
  });

  it("reads this year's tab back only when its mark says it holds months by marketplace", () => {
    const { port, written } = sheets();
    const reads: string[] = [];
    const held = (basis: string) => (tab: string) => ({
      mark: {
        tab: tab as TabMark['tab'],
        columns: ['month', 'currency', 'marketplace', 'status', 'days', 'royalties'],
        blockRows: 4,
        dataAt: STARTED - 86_400_000,
        basis,
      },
      values: () => [],
      readBelow() {
        reads.push(tab);
        return [
          HEADERS,
          ['2026-02', 'USD', 'all', 'final', 28, 9],
          [
            '2026-01',
            'USD',
            'amazon.com',
            "from Last month's Marketplaces report, refreshed 2026-02-03",
            '',
            7.5,
          ],
        ];
      },
    });
    const year = { today: () => TODAY, sheets: port };
    writeYearTabs(run(), days(['2026-01-01']), { ...year, findTab: held('by marketplace') });
    expect(reads).toEqual(['year-2025']);
    writeYearTabs(run(), days(['2026-01-01']), {
      ...year,
      findTab: held('by marketplace, months by marketplace'),
    });
    expect(reads).toEqual(['year-2025', 'year-2026', 'year-2025']);
    const now = written.filter((w) => w.tab === 'year-2026');
    expect(now.map((w) => w.basis)).toEqual([undefined, 'months by marketplace']);
    expect(now[1]!.rows).toBe(now[0]!.rows + 1);
    expect(now[1]!.banner.text).toContain('months by marketplace not kept: 2026-02 (');
  });
});
