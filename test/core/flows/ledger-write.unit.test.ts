// Carrying out the history ledger's writing over a fake sheet, every call recorded: insertions before any
// write, one write per run (formats, values, weights), the banner block, the mark last; on a refusal, what
// was inserted comes out again, last first, except rows the days have already moved into.
import { describe, expect, it } from 'vitest';
import { type LedgerSheetWritePort, writeLedger } from '../../../src/core/flows/ledger-write.ts';
import type { LedgerRunCells, LedgerWriting } from '../../../src/core/history/index.ts';
import type { TabBlock } from '../../../src/core/tabs/index.ts';

const run = (row: number): LedgerRunCells => ({
  row,
  values: [[`day ${row}`]],
  numberFormats: [['@']],
  fontWeights: [['normal']],
});
const block = { values: [['banner']] } as unknown as TabBlock;

const writing = (over: Partial<LedgerWriting> = {}): LedgerWriting => ({
  columns: { insertAfter: 5, count: 2 },
  rows: [
    { after: 40, count: 3 },
    { before: 10, count: 1 },
  ],
  runs: [run(10), run(41)],
  keepsInsertionFrom: null,
  block,
  mark: { tab: 'history', columns: [], blockRows: 2, dataAt: 0 },
  ...over,
});

/** The ledger's sheet, recording each call; `refuse`: the calls it throws on, as Sheets would. */
function fakeSheet(refuse: string | readonly string[] = [], maxColumns = 4) {
  const calls: string[] = [];
  const call = (name: string) => {
    calls.push(name);
    if ([refuse].flat().includes(name))
      throw new Error(`Service Spreadsheets failed while accessing document (${name}).`);
  };
  const port: LedgerSheetWritePort<'sheet'> = {
    insertRowsAfter: (_, after, count) => call(`rows after ${after} +${count}`),
    insertRowsBefore: (_, row, count) => call(`rows before ${row} +${count}`),
    deleteRows: (_, row, count) => call(`delete rows ${row} ×${count}`),
    insertColumnsAfter: (_, after, count) => call(`columns after ${after} +${count}`),
    deleteColumns: (_, column, count) => call(`delete columns ${column} ×${count}`),
    maxColumns: () => {
      call('max columns');
      return maxColumns;
    },
    run: (_, { row }) => {
      call(`range ${row}`);
      return {
        numberFormats: () => call(`formats ${row}`),
        values: () => call(`values ${row}`),
        fontWeights: () => call(`weights ${row}`),
      };
    },
    putBlock: () => call('block'),
  };
  return { port, calls, remember: () => call('mark') };
}

const write = (fake: ReturnType<typeof fakeSheet>, plan = writing()) =>
  writeLedger(fake.port, 'sheet', plan, fake.remember);

describe('writeLedger', () => {
  it('inserts columns and rows first, then each run, the banner block, and the mark last', () => {
    const fake = fakeSheet();
    write(fake);
    expect(fake.calls).toEqual([
      'columns after 5 +2',
      'rows after 40 +3',
      'rows before 10 +1',
      ...[10, 41].flatMap((r) => [`range ${r}`, `formats ${r}`, `values ${r}`, `weights ${r}`]),
      'block',
      'mark',
    ]);
  });

  it('grows a new ledger’s grid only where it is too narrow, and nothing is undone for it', () => {
    const narrow = fakeSheet('block', 4);
    expect(() => write(narrow, writing({ columns: { growTo: 6 }, rows: [] }))).toThrow(/Spreadsheets failed/);
    expect(narrow.calls.slice(0, 2)).toEqual(['max columns', 'columns after 4 +2']);
    expect(narrow.calls.at(-1)).toBe('block');
    const wide = fakeSheet([], 6);
    write(wide, writing({ columns: { growTo: 6 }, rows: [] }));
    expect(wide.calls[1]).toBe('range 10');
  });

  it('takes what it inserted out again, last first, when the sheet refuses a write', () => {
    const fake = fakeSheet('values 41');
    expect(() => write(fake)).toThrow(/Spreadsheets failed/);
    expect(fake.calls.slice(-3)).toEqual(['delete rows 10 ×1', 'delete rows 41 ×3', 'delete columns 6 ×2']);
  });

  it('keeps the inserted rows once the days moved into them, and takes out only the columns', () => {
    const fake = fakeSheet('weights 41');
    expect(() => write(fake, writing({ keepsInsertionFrom: 1 }))).toThrow(/Spreadsheets failed/);
    expect(fake.calls.slice(-2)).toEqual(['weights 41', 'delete columns 6 ×2']);
    const before = fakeSheet('values 41');
    expect(() => write(before, writing({ keepsInsertionFrom: 1 }))).toThrow(/Spreadsheets failed/);
    expect(before.calls.filter((c) => c.startsWith('delete'))).toHaveLength(3);
  });

  it('stops undoing when the sheet refuses an undo too, and the write’s own error goes on', () => {
    const fake = fakeSheet(['block', 'delete rows 10 ×1']);
    expect(() => write(fake)).toThrow('(block)');
    expect(fake.calls.slice(-2)).toEqual(['block', 'delete rows 10 ×1']);
  });
});
