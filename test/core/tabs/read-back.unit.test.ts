import { describe, expect, it } from 'vitest';
import { HEADER_ROWS, type TabMark, type WrittenTab, writtenRows } from '../../../src/core/tabs/index.ts';

function tab(blockRows: number, columns: readonly string[]) {
  const reads: [number, number, number][] = [];
  const mark: TabMark = { tab: 'books-report', columns, blockRows, dataAt: 1 };
  const written: WrittenTab = {
    mark,
    values(firstRow, rows, width) {
      reads.push([firstRow, rows, width]);
      return Array.from({ length: rows }, (_, r) => Array.from({ length: width }, (_, c) => `${r}:${c}`));
    },
    readBelow: () => {
      throw new Error('Only the rows last written are read.');
    },
  };
  return { written, reads };
}

describe('writtenRows', () => {
  it('reads the rows below the headers of the block last written, as wide as its columns, in one read', () => {
    const { written, reads } = tab(HEADER_ROWS + 2, ['title', 'royalties']);
    expect(writtenRows(written)).toEqual([
      ['0:0', '0:1'],
      ['1:0', '1:1'],
    ]);
    expect(reads).toEqual([[HEADER_ROWS + 1, 2, 2]]);
  });

  it('reads nothing when the block holds no row or no column', () => {
    for (const [rows, columns] of [
      [HEADER_ROWS, ['title']],
      [HEADER_ROWS + 3, []],
    ] as const) {
      const { written, reads } = tab(rows, columns);
      expect(writtenRows(written)).toEqual([]);
      expect(reads).toEqual([]);
    }
  });
});
