// A tab's write or its failure in a refresh, with plain inputs: the fresh banner a table goes under, the
// amber banner of a failed endpoint, and a sheet that refuses the write failing that tab only.
import { describe, expect, it } from 'vitest';
import type { Check } from '../../../src/core/checks/index.ts';
import {
  failTabAnyway,
  type TabSheets,
  type TabWriteContext,
  writeRefused,
  writeTab,
} from '../../../src/core/refresh/index.ts';
import { type ReportTable, toReportTable } from '../../../src/core/report/index.ts';
import type { TabId } from '../../../src/core/tab-ids.ts';
import type { Banner, TabContent } from '../../../src/core/tabs/index.ts';

const STARTED_AT = Date.parse('2026-11-20T09:00:00Z');
const FETCHED_AT = Date.parse('2026-11-19T09:00:00Z');

const CONTEXT: TabWriteContext = {
  startedAt: STARTED_AT,
  timeZone: 'Europe/London',
  // The sheet's own text of an instant: enough to see which instant went where.
  inSheetTime: (ms) => `at ${new Date(ms).toISOString()}`,
  range: 'last_7_days',
  coveredThrough: '2026-11-18',
  checks: [],
};

interface Written {
  readonly tab: TabId;
  readonly banner: Banner;
  readonly table?: ReportTable;
  /** What the figures are for, kept in the tab's mark. */
  readonly basis?: string;
}

/** The sheets as a test sees them: what was written, and a refusal where asked. */
function sheets(refuse: { table?: string; failed?: string } = {}) {
  const written: Written[] = [];
  const writer: TabSheets = {
    writeTable(tab, table, banner, basis) {
      if (refuse.table) throw new Error(refuse.table);
      written.push({ tab, banner, table, ...(basis === undefined ? {} : { basis }) });
      return { sheetName: `Royalties ${tab}`, rows: table.rows.length };
    },
    writeFailed(tab, bannerFor) {
      if (refuse.failed) throw new Error(refuse.failed);
      written.push({ tab, banner: bannerFor(FETCHED_AT) });
      return `Royalties ${tab}`;
    },
  };
  return { written, writer };
}

const UPDATED = `Updated at ${new Date(STARTED_AT).toISOString()} (Europe/London)`;

/** A report's table; with no period of its own, so its banner names the one the settings ask for. */
function table(endpoint: 'books-report' | 'account', truncated = false): TabContent {
  const body =
    endpoint === 'account'
      ? { email: 'a@example.com' }
      : { currency: 'USD', meta: { truncated }, rows: [{ title: 'A', royalties: 1 }] };
  return { tab: endpoint, kind: 'table', table: toReportTable(body, endpoint) };
}

describe('writeTab', () => {
  it('keeps what the figures are for in the mark, and that the API cut them short', () => {
    const { written, writer } = sheets();
    writeTab(table('books-report'), CONTEXT, writer);
    writeTab(table('books-report', true), CONTEXT, writer);
    writeTab(table('account'), CONTEXT, writer);
    expect(written.map((w) => w.basis)).toEqual([
      'last 7 days, USD',
      'last 7 days, USD, cut short',
      undefined,
    ]);
  });

  it('writes the table under a fresh banner naming the period and returns its line', () => {
    const { written, writer } = sheets();
    const outcome = writeTab(table('books-report'), CONTEXT, writer);
    expect(outcome).toEqual({
      tab: 'books-report',
      sheetName: 'Royalties books-report',
      rows: 1,
      truncated: false,
      note: null,
      error: null,
    });
    expect(written).toHaveLength(1);
    expect(written[0]!.tab).toBe('books-report');
    expect(written[0]!.table?.rows).toHaveLength(1);
    expect(written[0]!.banner).toEqual({
      text: `${UPDATED} · Period last_7_days · Currency USD · Data covered through 2026-11-18`,
      tone: 'normal',
    });
  });

  it("leaves the period off a tab that shows none (the account's)", () => {
    const { written, writer } = sheets();
    writeTab(table('account'), CONTEXT, writer);
    expect(written).toHaveLength(1);
    expect(written[0]!.banner.text).toBe(`${UPDATED} · Data covered through 2026-11-18`);
  });

  it('says truncated when the table is, on its line and its banner', () => {
    const { written, writer } = sheets();
    expect(writeTab(table('books-report', true), CONTEXT, writer).truncated).toBe(true);
    expect(written).toHaveLength(1);
    expect(written[0]!.banner.tone).toBe('truncated');
  });

  it("puts the reconciliation's mismatches on the banners of the tabs they compare only", () => {
    const checks: Check[] = [
      {
        subject: 'Royalties: Summary against Books',
        result: 'differs',
        text: 'Books say 9, the Summary 10.',
        tabs: ['books-report'],
      },
      {
        subject: 'Units: Summary against Books',
        result: 'agrees',
        text: 'Both say 3.',
        tabs: ['books-report'],
      },
    ];
    const { written, writer } = sheets();
    writeTab(table('books-report'), { ...CONTEXT, checks }, writer);
    writeTab(table('account'), { ...CONTEXT, checks }, writer);
    expect(written).toHaveLength(2);
    expect(written[0]!.banner).toEqual({
      text:
        'Reports do not add up: Royalties: Summary against Books. Books say 9, the Summary 10. (see Checks on the status tab) ' +
        `${UPDATED} · Period last_7_days · Currency USD · Data covered through 2026-11-18`,
      tone: 'truncated',
    });
    expect(written[1]!.banner.tone).toBe('normal');
  });

  it("turns a failed endpoint's banner amber over the figures it kept, and says why", () => {
    const { written, writer } = sheets();
    const outcome = writeTab(
      { tab: 'books-report', kind: 'failed', error: 'The API refused.' },
      CONTEXT,
      writer,
    );
    expect(outcome).toEqual({
      tab: 'books-report',
      sheetName: 'Royalties books-report',
      rows: null,
      truncated: false,
      error: 'The API refused.',
    });
    expect(written).toHaveLength(1);
    expect(written[0]!.table).toBeUndefined();
    expect(written[0]!.banner).toEqual({
      text:
        `The refresh of at ${new Date(STARTED_AT).toISOString()} failed for this tab: The API refused. ` +
        `The figures below are from at ${new Date(FETCHED_AT).toISOString()}.`,
      tone: 'failed',
    });
  });

  it('fails the tab when the sheet refuses the write, under the amber banner', () => {
    const { written, writer } = sheets({ table: 'You are trying to edit a protected cell or object.' });
    const outcome = writeTab(table('books-report'), CONTEXT, writer);
    const reason = 'The tab could not be written: You are trying to edit a protected cell or object.';
    expect(outcome).toEqual({
      tab: 'books-report',
      sheetName: 'Royalties books-report',
      rows: null,
      truncated: false,
      error: reason,
    });
    expect(written).toHaveLength(1);
    expect(written[0]!.banner.tone).toBe('failed');
    expect(written[0]!.banner.text).toContain(reason);
  });

  it('still returns the reason, with no sheet, when the sheet refuses the amber banner too', () => {
    const { writer } = sheets({
      table: 'Service Spreadsheets failed',
      failed: 'Service Spreadsheets failed',
    });
    expect(writeTab(table('books-report'), CONTEXT, writer)).toEqual({
      tab: 'books-report',
      sheetName: null,
      rows: null,
      truncated: false,
      error: 'The tab could not be written: Service Spreadsheets failed',
    });
  });

  it("fails only that tab when the sheet refuses a failed endpoint's banner: its reason still reaches Status", () => {
    const { writer } = sheets({ failed: 'Service Spreadsheets failed' });
    const failed: TabContent = { tab: 'books-report', kind: 'failed', error: 'The API refused.' };
    expect(writeTab(failed, CONTEXT, writer)).toEqual({
      tab: 'books-report',
      sheetName: null,
      rows: null,
      truncated: false,
      error: 'The API refused.',
    });
  });
});

describe('failTabAnyway', () => {
  it('writes the amber banner, and swallows a refusal of it', () => {
    const { writer } = sheets({ failed: 'no room' });
    expect(failTabAnyway('dashboard', 'why', CONTEXT, writer)).toEqual({
      tab: 'dashboard',
      sheetName: null,
      rows: null,
      truncated: false,
      error: 'why',
    });
    expect(failTabAnyway('history', 'why', CONTEXT, sheets().writer)).toMatchObject({
      sheetName: 'Royalties history',
      error: 'why',
    });
  });

  it('names when the figures shown were fetched, or that there are none', () => {
    let bannerFor: ((dataAt: number | null) => Banner) | undefined;
    failTabAnyway('history', 'why', CONTEXT, {
      writeFailed: (_, given) => {
        bannerFor = given;
        return 'Royalties history';
      },
    });
    const failedAt = `The refresh of at ${new Date(STARTED_AT).toISOString()} failed for this tab: why.`;
    expect(bannerFor!(FETCHED_AT).text).toBe(
      `${failedAt} The figures below are from at ${new Date(FETCHED_AT).toISOString()}.`,
    );
    expect(bannerFor!(null).text).toBe(`${failedAt} This tab has no figures yet.`);
  });

  it('word a refused write the same for every tab', () => {
    expect(writeRefused(new Error('Service Spreadsheets failed'))).toBe(
      'The tab could not be written: Service Spreadsheets failed',
    );
  });
});
