// The refresh cell formulas follow, over a plain port: set to the refresh's time unless every tab failed,
// and a cell that cannot be set said plainly on the Status record, never Google's words.
import { describe, expect, it } from 'vitest';
import { followedByFormulas } from '../../../src/core/flows/refresh-cell.ts';
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
