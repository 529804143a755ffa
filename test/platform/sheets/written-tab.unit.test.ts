// Our tab read back, as platform/sheets/written-tab.ts translates Google's ranges for core: the rows its
// mark names in one getRange, or everything below the headers in one getDataRange, each row as wide as
// asked whatever width the sheet's data has. Only the Sheet is faked (Google itself).
import { describe, expect, it } from 'vitest';
import type { TabMark } from '../../../src/core/tabs/mark';
import { writtenTab } from '../../../src/platform/sheets/written-tab';

const MARK = { columns: ['month', 'royalties'], blockRows: 4 } as unknown as TabMark;

/** A sheet holding `cells` (its data range), recording each call. */
function sheetOf(cells: unknown[][]) {
  const calls: string[] = [];
  const sheet = {
    getRange(row: number, column: number, rows: number, columns: number) {
      calls.push(`getRange(${row}, ${column}, ${rows}, ${columns})`);
      return { getValues: () => cells.slice(row - 1, row - 1 + rows).map((r) => r.slice(0, columns)) };
    },
    getDataRange() {
      calls.push('getDataRange');
      return { getValues: () => cells.map((r) => [...r]) };
    },
  };
  return { calls, sheet: sheet as unknown as GoogleAppsScript.Spreadsheet.Sheet };
}

function found(cells: unknown[][]) {
  const { calls, sheet } = sheetOf(cells);
  const tab = writtenTab(
    { find: (id: string) => (id === 'year-2026' ? { sheet, mark: MARK } : undefined) } as never,
    'year-2026',
  );
  return { calls, tab };
}

const CELLS = [
  ['Banner', ''],
  ['Month', 'Royalties'],
  ['2026-01', 12.5],
  ['2026-02', 7],
  ['2026-03', 3],
];

describe('a tab of ours read back', () => {
  it('is undefined when the directory has no such tab', () => {
    expect(writtenTab({ find: () => undefined } as never, 'year-2026')).toBeUndefined();
  });

  it('reads the rows its mark names in one range, and carries the mark', () => {
    const { calls, tab } = found(CELLS);
    expect(tab!.mark).toBe(MARK);
    expect(tab!.values(3, 2, 2)).toEqual([
      ['2026-01', 12.5],
      ['2026-02', 7],
    ]);
    expect(calls).toEqual(['getRange(3, 1, 2, 2)']);
  });

  it('reads everything from the header row down in one data range, each row as wide as asked', () => {
    const { calls, tab } = found(CELLS);
    expect(tab!.readBelow(2, 3)).toEqual([
      ['Month', 'Royalties', ''],
      ['2026-01', 12.5, ''],
      ['2026-02', 7, ''],
      ['2026-03', 3, ''],
    ]);
    expect(tab!.readBelow(2, 1)).toEqual([['Month'], ['2026-01'], ['2026-02'], ['2026-03']]);
    expect(calls).toEqual(['getDataRange', 'getDataRange']);
  });

  it('reads nothing of a sheet whose data ends at its headers or above', () => {
    expect(found(CELLS.slice(0, 2)).tab!.readBelow(2, 2)).toEqual([]);
    expect(found(CELLS.slice(0, 1)).tab!.readBelow(2, 2)).toEqual([]);
    expect(found([]).tab!.readBelow(2, 2)).toEqual([]);
  });
});
