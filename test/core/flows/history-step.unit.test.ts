// The history's step of a refresh from plain inputs: the history tab a grid of cells in memory that carries
// out the ledger's writing, the API's backfill a list of answers, the other tabs a list of what was written.
import { describe, expect, it } from 'vitest';
import type { ApiOutcome, ApiRequest } from '../../../src/core/api/index.ts';
import { ApiError } from '../../../src/core/api/index.ts';
import { type HistoryPorts, historyStep, ledgerDaysOf } from '../../../src/core/flows/history-step.ts';
import { DEMO_NOT_MERGED, type LedgerWriting } from '../../../src/core/history/index.ts';
import type { TabSheets } from '../../../src/core/refresh/index.ts';
import { type Fetched, fetchedOf, type TabMark } from '../../../src/core/tabs/index.ts';

const NOW = Date.parse('2026-11-21T09:00:00Z');
const EPOCH_OFFSET_DAYS = 25_569;

/** A /timeline answer of consecutive days from `first`, in USD. */
function timeline(first: string, count: number): Fetched {
  const points = Array.from({ length: count }, (_, i) => ({
    date: new Date(Date.parse(`${first}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
    royalties: 10 + i,
    units_sold: i,
  }));
  return fetchedOf({ ok: true, response: { data: { currency: 'USD', points }, fromCache: false } });
}

/** The history tab in memory: its cells (row 1 first), its mark, and the writing carried out on them. */
class LedgerSheet {
  cells: unknown[][] = [];
  mark: TabMark = { tab: 'history', columns: [], blockRows: 0, dataAt: null };
  refuse = false;
  written = 0;

  row(r: number): unknown[] {
    while (this.cells.length < r) this.cells.push([]);
    return this.cells[r - 1]!;
  }

  lastRow(): number {
    let last = this.cells.length;
    while (last > 0 && this.cells[last - 1]!.every((c) => c === '' || c === undefined)) last -= 1;
    return last;
  }

  write(writing: LedgerWriting): void {
    if (this.refuse) throw new Error('Service Spreadsheets failed while accessing document with id 1a2b.');
    this.written += 1;
    const { columns } = writing;
    if (columns && 'insertAfter' in columns)
      for (const row of this.cells) row.splice(columns.insertAfter, 0, ...new Array(columns.count).fill(''));
    for (const insertion of writing.rows) {
      const at = 'after' in insertion ? insertion.after : insertion.before - 1;
      this.row(at);
      this.cells.splice(at, 0, ...Array.from({ length: insertion.count }, () => []));
    }
    // Sheets keeps a leading apostrophe's text as the text after it (literalText).
    const put = (r: number, values: readonly unknown[]): void => {
      this.row(r).splice(
        0,
        values.length,
        ...values.map((v) => (typeof v === 'string' ? v.replace(/^'/, '') : v)),
      );
    };
    for (const run of writing.runs) {
      for (const [i, values] of run.values.entries()) put(run.row + i, values);
    }
    for (const [i, values] of writing.block.values.entries()) put(i + 1, values);
    this.mark = writing.mark;
  }

  /** The dates of the rows from row 3, '' for a row that holds none. */
  dates(): string[] {
    return this.cells
      .slice(2, this.lastRow())
      .map((row) =>
        typeof row[0] === 'number'
          ? new Date((row[0] - EPOCH_OFFSET_DAYS) * 86_400_000).toISOString().slice(0, 10)
          : '',
      );
  }
}

function ports(sheet: LedgerSheet, answers: Partial<Record<string, ApiOutcome>> = {}) {
  const asked: ApiRequest[] = [];
  const tables: string[] = [];
  const failed: string[] = [];
  const sheets: TabSheets = {
    writeTable: (tab, table) => {
      tables.push(`${tab}: ${table.rows.length} rows`);
      return { sheetName: 'Royalties by month', rows: table.rows.length };
    },
    writeFailed: (_tab, bannerFor) => {
      failed.push(bannerFor(sheet.mark.dataAt).text);
      return 'Royalties history';
    },
  };
  const historyPorts: HistoryPorts = {
    ledgerTab: () => ({ mark: sheet.mark, name: 'Royalties history' }),
    readBelow: (headerRow, width) =>
      sheet.lastRow() <= headerRow
        ? []
        : sheet.cells
            .slice(headerRow - 1, sheet.lastRow())
            .map((row) => Array.from({ length: width }, (_, i) => row[i] ?? '')),
    zoneOffsetMs: () => 0,
    setAside: () => 'Royalties history (demo)',
    fetch: (request) => {
      asked.push(request);
      return (
        answers[request.period ?? ''] ?? { ok: false, error: new ApiError('bad-request', 'Unknown range') }
      );
    },
    lastColumn: () => Math.max(0, ...sheet.cells.map((row) => row.length)),
    write: (writing) => sheet.write(writing),
    sheets,
    inSheetTime: (ms) => new Date(ms).toISOString(),
    dayOf: (ms) => new Date(ms).toISOString().slice(0, 10),
  };
  return { ports: historyPorts, asked, tables, failed };
}

const INPUT = {
  currency: null,
  coveredThrough: '2026-11-18',
  startedAt: NOW,
  timeZone: 'Etc/UTC',
  demo: false,
} as const;

/** A ledger of the 30 days to 2026-11-19, as a first refresh leaves it. */
function filledLedger(): LedgerSheet {
  const sheet = new LedgerSheet();
  historyStep({ ...INPUT, timeline: timeline('2026-10-21', 30) }, ports(sheet).ports);
  return sheet;
}

describe('the history step', () => {
  it('fills a new ledger from the timeline, asks the backfill, writes the month view and says what it did', () => {
    const sheet = new LedgerSheet();
    const { ports: p, asked, tables } = ports(sheet);
    const written = historyStep({ ...INPUT, timeline: timeline('2026-10-21', 30) }, p);
    expect(written.outcome).toMatchObject({ tab: 'history', error: null, rows: 30 });
    expect(written.outcome.note).toMatch(/^0 settled days revised · .*reaches back to 2026-10-21/);
    expect(written.days?.map((d) => d.date)).toEqual(sheet.dates());
    expect(sheet.dates()).toHaveLength(30);
    expect(sheet.mark.columns.slice(0, 3)).toEqual(['date', 'status', 'changed']);
    expect(asked.map((r) => r.period)).toEqual(['all_time', 'last_365_days', 'last_90_days']);
    expect(tables).toEqual(['history-months: 2 rows']);
    expect(String(sheet.cells[0]![0])).toContain('Updated 2026-11-21T09:00:00.000Z');
  });

  it('adds the next day below the last, puts back a day the author deleted, and asks no backfill again', () => {
    const sheet = filledLedger();
    sheet.cells.splice(2 + 10, 1);
    const { ports: p, asked } = ports(sheet);
    const written = historyStep({ ...INPUT, timeline: timeline('2026-10-22', 30) }, p);
    expect(written.outcome.error).toBeNull();
    expect(sheet.dates()).toHaveLength(31);
    expect(sheet.dates()).toEqual([...sheet.dates()].sort());
    expect(sheet.dates().at(-1)).toBe('2026-11-20');
    expect(sheet.dates()).not.toContain('');
    expect(asked).toEqual([]);
  });

  it('fails its own line, with no days, when the columns moved', () => {
    const sheet = filledLedger();
    sheet.cells[1]![3] = 'My notes';
    const written = historyStep({ ...INPUT, timeline: timeline('2026-10-22', 30) }, ports(sheet).ports);
    expect(written.days).toBeNull();
    expect(written.outcome.error).toMatch(
      /^The history could not be read: its column 4 is headed "My notes"/,
    );
  });

  it('never merges the demo account into an author’s days', () => {
    const sheet = filledLedger();
    const { ports: p, failed } = ports(sheet);
    const written = historyStep({ ...INPUT, demo: true, timeline: timeline('2026-10-22', 30) }, p);
    expect(written.days).toEqual([]);
    expect(written.outcome.error).toBe(DEMO_NOT_MERGED);
    expect(failed).toHaveLength(1);
    expect(sheet.written).toBe(1);
  });

  it('keeps the days it had under an amber banner when the sheet refuses the write, in plain words', () => {
    const sheet = filledLedger();
    const before = sheet.dates();
    sheet.refuse = true;
    const { ports: p, failed } = ports(sheet);
    const written = historyStep({ ...INPUT, timeline: timeline('2026-10-22', 30) }, p);
    expect(written.outcome.error).toMatch(/^The tab could not be written: Google could not work on/);
    expect(written.days?.map((d) => d.date)).toEqual(before);
    expect(failed).toHaveLength(1);
    expect(failed[0]).not.toContain('1a2b');
  });

  it('keeps the days it had when the timeline was not fetched', () => {
    const sheet = filledLedger();
    const written = historyStep({ ...INPUT, timeline: undefined }, ports(sheet).ports);
    expect(written.outcome.error).toBe('The timeline was not fetched.');
    expect(written.days).toHaveLength(30);
  });
});

describe("the ledger's days without a refresh of it", () => {
  it('reads them; none without a tab or from the other account; null when unreadable', () => {
    const sheet = filledLedger();
    const read = (found: boolean, demo: boolean) =>
      ledgerDaysOf(
        { ...ports(sheet).ports, findLedger: () => (found ? { mark: sheet.mark, name: 'h' } : null) },
        null,
        demo,
      );
    expect(read(true, false)?.map((d) => d.date)).toEqual(sheet.dates());
    expect(read(false, false)).toEqual([]);
    expect(read(true, true)).toEqual([]);
    sheet.cells[1]![0] = 'Day';
    expect(read(true, false)).toBeNull();
  });
});
