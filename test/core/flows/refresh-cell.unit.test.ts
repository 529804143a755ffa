// The refresh cell formulas follow, over a plain port: set to the refresh's time unless every tab failed,
// and a cell that cannot be set said plainly on the Status record, never Google's words; found by its
// name, or made on a hidden tab of its own under a free name, an old name pointing nowhere dropped first.
import { describe, expect, it } from 'vitest';
import {
  followedByFormulas,
  type RefreshCellSheets,
  refreshCellIn,
} from '../../../src/core/flows/refresh-cell.ts';
import { REFRESH_CELL_NAME } from '../../../src/core/formulas/index.ts';

const FINISHED = '2026-11-21T08:00:00.000Z';
const summaryOf = (...errors: (string | null)[]) => ({
  tabs: errors.map((error) => ({ error })),
  finishedAt: FINISHED,
});

function cell(fails?: string) {
  const set: Date[] = [];
  return {
    set,
    setRefreshTime(at: Date) {
      if (fails) throw new Error(fails);
      set.push(at);
    },
  };
}

describe('the refresh cell', () => {
  it("takes the refresh's time when any tab fetched, and the summary goes on unchanged", () => {
    const port = cell();
    const summary = summaryOf(null, 'The server refused.');
    expect(followedByFormulas(summary, port)).toBe(summary);
    expect(port.set).toEqual([new Date(FINISHED)]);
    const none = summaryOf();
    expect(followedByFormulas(none, port)).toBe(none);
    expect(port.set).toHaveLength(2);
  });

  it('is left alone when every tab failed', () => {
    const port = cell();
    const summary = summaryOf('The server refused.', 'No answer.');
    expect(followedByFormulas(summary, port)).toBe(summary);
    expect(port.set).toEqual([]);
  });

  it("that cannot be set is said on the Status record in the author's words", () => {
    const google = 'Service Spreadsheets timed out while accessing document with id 1AbC.';
    const result = followedByFormulas(summaryOf(null), cell(google));
    expect(result.tabs).toEqual([{ error: null }]);
    expect((result as { statusError?: string }).statusError).toMatch(
      new RegExp(`^${REFRESH_CELL_NAME} not updated: Google took too long to answer`),
    );
    expect(JSON.stringify(result)).not.toContain('Service Spreadsheets');
  });
});

interface Cell {
  readonly tab: string;
  format: string;
  value?: Date;
}

/** A spreadsheet's tabs and names as plain maps, every call noted. */
function sheets(tabs: string[], named: Cell | null | 'throws' = null) {
  const calls: string[] = [];
  const names = new Map<string, Cell>();
  const made: { title: string; position: number }[] = [];
  const port: RefreshCellSheets<Cell> = {
    namedCell(name) {
      calls.push('namedCell');
      if (named === 'throws') throw new Error('Range not found');
      return names.get(name) ?? named;
    },
    tabNames: () => new Set(tabs),
    newHiddenCell(title, position, format) {
      calls.push('newHiddenCell');
      made.push({ title, position });
      return { tab: title, format };
    },
    removeName(name) {
      calls.push(`removeName ${name}`);
      if (named !== 'throws') throw new Error('No such name');
    },
    nameCell(name, cell) {
      calls.push(`nameCell ${name}`);
      names.set(name, cell);
    },
    setTime(cell, at) {
      calls.push('setTime');
      cell.value = at;
    },
  };
  return { port, calls, names, made };
}

describe('the refresh cell in a spreadsheet', () => {
  const at = new Date(FINISHED);

  it('found by its name is set in two calls', () => {
    const cell: Cell = { tab: 'Moved by the author', format: 'yyyy-mm-dd hh:mm:ss' };
    const { port, calls } = sheets(['Sales'], cell);
    refreshCellIn(port).setRefreshTime(at);
    expect(calls).toEqual(['namedCell', 'setTime']);
    expect(cell.value).toEqual(at);
  });

  it('missing is made on a hidden tab after the others, under a name no tab of the author takes', () => {
    const { port, calls, names, made } = sheets(['Sales', 'royalties refresh']);
    refreshCellIn(port).setRefreshTime(at);
    expect(made).toEqual([{ title: 'Royalties refresh (Royalties)', position: 2 }]);
    expect(calls).toEqual([
      'namedCell',
      'newHiddenCell',
      `removeName ${REFRESH_CELL_NAME}`,
      `nameCell ${REFRESH_CELL_NAME}`,
      'setTime',
    ]);
    expect(names.get(REFRESH_CELL_NAME)).toEqual({
      tab: 'Royalties refresh (Royalties)',
      format: 'yyyy-mm-dd hh:mm:ss',
      value: at,
    });
  });

  it('whose name points at a deleted tab is made anew, the old name dropped first', () => {
    const { port, calls, names } = sheets([], 'throws');
    refreshCellIn(port).setRefreshTime(at);
    expect(calls.slice(1, 3)).toEqual(['newHiddenCell', `removeName ${REFRESH_CELL_NAME}`]);
    expect(names.get(REFRESH_CELL_NAME)?.value).toEqual(at);
  });
});
