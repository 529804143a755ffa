// What the Books tab held before the night's refresh, over a plain port: read only when a nightly refresh
// refreshes it, nothing from a tab never written, one read of the marked block, a failure said plainly.
import { describe, expect, it } from 'vitest';
import { booksBefore } from '../../../src/core/flows/books-before.ts';
import { BOOKS_NOT_CHOSEN, FIRST_REFRESH, NOT_NIGHTLY } from '../../../src/core/morning/index.ts';
import type { CellValue } from '../../../src/core/report/index.ts';
import { HEADER_ROWS, type TabMark, type WrittenTab } from '../../../src/core/tabs/index.ts';

const COLUMNS = ['title', 'royalties'];
const ROWS: CellValue[][] = [
  ['A Quiet Harbour', 12.5],
  ['The Long Road', 3],
];
const DATA_AT = Date.parse('2026-11-23T05:00:00Z');
const markOf = (fields: Partial<TabMark> = {}): TabMark => ({
  tab: 'books-report',
  columns: COLUMNS,
  blockRows: HEADER_ROWS + ROWS.length,
  dataAt: DATA_AT,
  basis: 'last 30 days, USD',
  ...fields,
});

/** Our Books tab under `mark`, counting its reads. */
function booksTab(mark: TabMark) {
  const reads: number[][] = [];
  const tab: WrittenTab = {
    mark,
    values: (firstRow, rows, columns) => {
      reads.push([firstRow, rows, columns]);
      return ROWS.slice(0, rows);
    },
    readBelow: () => {
      throw new Error('The Books tab is read by its mark.');
    },
  };
  return { tab, reads };
}

/** The port over `find`, counting the finds. */
function portOf(find: () => WrittenTab | undefined) {
  let finds = 0;
  const port = {
    findBooks: () => {
      finds++;
      return find();
    },
    inSheetTime: (ms: number) => `sheet time ${ms}`,
  };
  return { port, finds: () => finds };
}

describe("the Books tab's figures before the night", () => {
  it('are read in one call of the block the mark says was written', () => {
    const books = booksTab(markOf());
    expect(booksBefore(portOf(() => books.tab).port, true, ['summary', 'books-report'])).toEqual({
      at: `sheet time ${DATA_AT}`,
      basis: 'last 30 days, USD',
      columns: COLUMNS,
      rows: ROWS,
    });
    expect(books.reads).toEqual([[HEADER_ROWS + 1, ROWS.length, COLUMNS.length]]);
  });

  it('are not looked for outside a nightly refresh, nor when the Books tab is not refreshed', () => {
    const fake = portOf(() => undefined);
    expect(booksBefore(fake.port, false, ['books-report'])).toEqual({ why: NOT_NIGHTLY });
    expect(booksBefore(fake.port, true, ['summary'])).toEqual({ why: BOOKS_NOT_CHOSEN });
    expect(fake.finds()).toBe(0);
  });

  it('are none from a tab never written, or one whose mark holds no block', () => {
    expect(booksBefore(portOf(() => undefined).port, true, ['books-report'])).toEqual({ why: FIRST_REFRESH });
    for (const mark of [
      markOf({ dataAt: null }),
      markOf({ blockRows: HEADER_ROWS }),
      markOf({ columns: [] }),
    ]) {
      const books = booksTab(mark);
      expect(booksBefore(portOf(() => books.tab).port, true, ['books-report'])).toEqual({
        why: FIRST_REFRESH,
      });
      expect(books.reads).toEqual([]);
    }
  });

  it("that cannot be read are said plainly, never Google's words, and the refresh goes on", () => {
    const google = 'Service Spreadsheets timed out while accessing document with id 1AbC.';
    const fake = portOf(() => {
      throw new Error(google);
    });
    const before = booksBefore(fake.port, true, ['books-report']);
    expect(before).toEqual({
      why: expect.stringMatching(/^the Books tab could not be read: Google took too long/),
    });
    expect(JSON.stringify(before)).not.toContain('Service Spreadsheets');
  });
});
