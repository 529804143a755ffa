// Writing a report tab from plain inputs: the directory over a fake spreadsheet, the sheet's calls recorded.
import { describe, expect, it } from 'vitest';
import { openTabDirectory } from '../../../src/core/flows/tab-directory.ts';
import { type TabSheetPort, tabSheetsOver, writeTable } from '../../../src/core/flows/tab-writer.ts';
import type { ReportTable } from '../../../src/core/report/index.ts';
import { BANNER_BACKGROUND, type Banner, parseMark, type TabBlock } from '../../../src/core/tabs/index.ts';
import { type FakeSheet, fakeSpreadsheet, markOf } from '../../support/fake-spreadsheet.ts';

const banner: Banner = { text: 'Summary, fetched today', tone: 'normal' };

function table(keys: readonly string[], rows: number): ReportTable {
  return {
    columns: keys.map((key) => ({ key, label: key.toUpperCase(), format: { kind: 'integer' } })),
    rows: Array.from({ length: rows }, (_, r) => keys.map((_, c) => r * 100 + c)),
    meta: { period: null, currency: 'EUR', truncated: false },
  };
}

function recordingSheets() {
  const calls: string[] = [];
  const blocks: TabBlock[] = [];
  const banners: Array<{ row: readonly string[]; background: string }> = [];
  const port: TabSheetPort<FakeSheet> = {
    insertRowsAfter: (_, after, count) => calls.push(`rows after ${after}: ${count}`),
    insertColumnsAfter: (_, after, count) => calls.push(`columns after ${after}: ${count}`),
    putBlock: (_, block) => {
      calls.push('block');
      blocks.push(block);
    },
    putBannerRow: (_, row, background) => {
      calls.push('banner');
      banners.push({ row, background });
    },
  };
  return { port, calls, blocks, banners };
}

describe('writing a report tab', () => {
  it('creates a missing tab, writes the block and marks it with what was written', () => {
    const fake = fakeSpreadsheet([], []);
    const sheets = recordingSheets();
    const written = writeTable(openTabDirectory(fake.port), sheets.port, {
      tab: 'summary',
      table: table(['a', 'b'], 3),
      banner,
      dataAt: 7,
      basis: 'last_30_days',
    });
    expect(written.rows).toBe(3);
    expect(written.sheetName).toBe('Summary');
    expect(sheets.calls).toEqual(['block']);
    expect(sheets.blocks[0]!.values[0]![0]).toBe(`'${banner.text}`);
    const mark = parseMark(fake.metadata[0]!.value);
    expect(mark).toMatchObject({ tab: 'summary', columns: ['a', 'b'], blockRows: 5, dataAt: 7 });
    expect(mark?.basis).toBe('last_30_days');
  });

  it('inserts the rows and columns a written tab gains below and beside its last block', () => {
    // The tab held 3 rows (banner, header, one data row) of one column.
    const fake = fakeSpreadsheet(['Summary'], [{ on: 'Summary', value: markOf('summary', 100) }]);
    const sheets = recordingSheets();
    writeTable(openTabDirectory(fake.port), sheets.port, {
      tab: 'summary',
      table: table(['Title', 'units'], 4),
      banner,
      dataAt: 8,
    });
    expect(sheets.calls).toEqual(['rows after 3: 3', 'columns after 1: 1', 'block']);
    // Its earlier column stays first.
    expect(sheets.blocks[0]!.columns).toEqual(['Title', 'units']);
  });

  it('writes over every row a read found the tab to hold past its mark, inserting below them', () => {
    // The mark says 3 rows; a read back found rows of ours through row 5 (a failed write, a row inserted).
    const write = (rows: number) => {
      const fake = fakeSpreadsheet(['Summary'], [{ on: 'Summary', value: markOf('summary', 100) }]);
      const sheets = recordingSheets();
      const tab = { tab: 'summary', table: table(['Title'], rows), banner, dataAt: 8, holds: 5 } as const;
      writeTable(openTabDirectory(fake.port), sheets.port, tab);
      return { calls: sheets.calls, height: sheets.blocks[0]!.values.length };
    };
    expect(write(4)).toEqual({ calls: ['rows after 5: 1', 'block'], height: 6 });
    // Fewer rows: those through row 5 are cleared, nothing is inserted.
    expect(write(1)).toEqual({ calls: ['block'], height: 5 });
  });

  it('inserts nothing for a tab that shrinks, its stale rows cleared by the block', () => {
    const fake = fakeSpreadsheet(['Summary'], [{ on: 'Summary', value: markOf('summary', 100) }]);
    const sheets = recordingSheets();
    writeTable(openTabDirectory(fake.port), sheets.port, {
      tab: 'summary',
      table: table(['Title'], 0),
      banner,
      dataAt: 8,
    });
    expect(sheets.calls).toEqual(['block']);
    expect(sheets.blocks[0]!.values).toHaveLength(3);
  });

  it('a failed tab: only its banner row, as wide as its block, over the figures it keeps', () => {
    const fake = fakeSpreadsheet(['Summary'], [{ on: 'Summary', value: markOf('summary', 100) }]);
    const sheets = recordingSheets();
    const asked: Array<number | null> = [];
    const name = tabSheetsOver(openTabDirectory(fake.port), sheets.port, 9).writeFailed(
      'summary',
      (dataAt) => {
        asked.push(dataAt);
        return { text: '=Not refreshed', tone: 'failed' };
      },
    );
    expect(name).toBe('Summary');
    expect(asked).toEqual([1]);
    expect(sheets.banners).toEqual([{ row: ["'=Not refreshed"], background: BANNER_BACKGROUND.failed }]);
    // The mark stays as it was: the figures below are still those of its last write.
    expect(fake.calls).not.toContain('setMarkValue');
  });

  it('a failed tab that never had figures is created with the banner alone, and marked', () => {
    const fake = fakeSpreadsheet([], []);
    const sheets = recordingSheets();
    tabSheetsOver(openTabDirectory(fake.port), sheets.port, 9).writeFailed('summary', () => ({
      text: 'Not refreshed',
      tone: 'failed',
    }));
    expect(sheets.banners).toEqual([{ row: ["'Not refreshed"], background: BANNER_BACKGROUND.failed }]);
    expect(parseMark(fake.metadata[0]!.value)).toMatchObject({ tab: 'summary', blockRows: 1, dataAt: null });
  });
});
