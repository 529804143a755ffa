// What the year's tabs add to a refresh, for real in the emulator (the bench's own section), and the two
// targets read from it: no fetch round added, and no more Spreadsheet calls than a report tab may cost.
import { beforeAll, describe, expect, it } from 'vitest';
import { benchYear, type YearFigures, yearChecks, yearTable } from '../../local/bench/sections/year.ts';
import { MAX_SPREADSHEET_CALLS_PER_TAB } from '../../local/bench/targets.ts';
import { addOnDist, TEST_SETTINGS } from '../support/bundles.ts';

let figures: YearFigures;

beforeAll(async () => {
  figures = await benchYear(TEST_SETTINGS, await addOnDist());
}, 120_000);

describe("the year's tabs in a refresh", () => {
  it("add requests in the same rounds, and read this year's tab back a month later", () => {
    const { historyOnly, withYear } = figures;
    expect(figures.yearTabs).toBe(2);
    // The timeline by month, the year so far and last month by marketplace: three requests more.
    expect(withYear.first.httpRequests - historyOnly.first.httpRequests).toBe(3);
    expect(withYear.later.httpRequests - historyOnly.later.httpRequests).toBe(3);
    expect(withYear.first.fetchRounds).toBe(historyOnly.first.fetchRounds);
    expect(withYear.later.fetchRounds).toBe(historyOnly.later.fetchRounds);
    // A month later, this year's tab holds October by marketplace: read back, which a first refresh is not.
    const reads = (c: YearFigures['withYear']['first']) => c.calls['Range.getValues'] ?? 0;
    expect(reads(withYear.later) - reads(historyOnly.later)).toBeGreaterThan(
      reads(withYear.first) - reads(historyOnly.first),
    );
    expect(yearTable(figures).rows).toHaveLength(4);
  });

  it('meet both targets', () => {
    expect(yearChecks(figures, MAX_SPREADSHEET_CALLS_PER_TAB).filter((c) => !c.ok)).toEqual([]);
  });

  it("miss them with a round added, or with calls beyond a report tab's", () => {
    const { withYear } = figures;
    const extraRound = {
      ...figures,
      withYear: { ...withYear, later: { ...withYear.later, fetchRounds: 9 } },
    };
    expect(yearChecks(extraRound, MAX_SPREADSHEET_CALLS_PER_TAB).map((c) => c.ok)).toEqual([false, true]);
    const added = withYear.later.spreadsheetCalls - figures.historyOnly.later.spreadsheetCalls;
    const tooDear = Math.ceil(added / figures.yearTabs) - 1;
    expect(yearChecks(figures, tooDear).map((c) => c.ok)).toEqual([true, false]);
  });
});
