// How a refresh writes the dashboard tab, from plain layouts: every figure in one rectangle from A1 while the
// columns between the bands hold nothing of the author's, the bands alone otherwise; the "still being drawn"
// banner until formats follow; the author's own what-if rate kept; and the state the next refresh reads.
import { describe, expect, it } from 'vitest';
import { DATA_COLUMN } from '../../../src/core/dashboard/chart-band.ts';
import { MISSING } from '../../../src/core/dashboard/grid.ts';
import { type DashboardLayout, LEFT_WIDTH } from '../../../src/core/dashboard/layout.ts';
import { ESTIMATES_COLUMN, RATE_CELL } from '../../../src/core/dashboard/what-if.ts';
import {
  type DashboardNow,
  type DashboardState,
  dashboardSize,
  notAllDrawn,
  planDashboardWrite,
  readDashboardState,
  STILL_DRAWING,
} from '../../../src/core/dashboard/writing.ts';
import { sheetCell } from '../../../src/core/tabs/cells.ts';
import { PLAIN_FORMAT } from '../../../src/core/tabs/formats.ts';
import { BANNER, dashboardLayout, TILES } from '../../support/dashboard-fixtures.ts';

/** A rectangle as getValues and getFormulas give it for an empty sheet: '' everywhere. */
function emptyNow(rows: number, columns: number): { values: unknown[][]; formulas: string[][] } {
  const blank = () => Array.from({ length: rows }, () => new Array<string>(columns).fill(''));
  return { values: blank(), formulas: blank() };
}

function plan(
  lay: DashboardLayout,
  before: DashboardState,
  edit?: (now: DashboardNow & ReturnType<typeof emptyNow>) => void,
) {
  const size = dashboardSize(lay, before);
  const now = emptyNow(size.rows, size.columns);
  edit?.(now);
  return { size, write: planDashboardWrite(lay, before, size, now) };
}

describe('readDashboardState', () => {
  it('counts missing or unreadable text as nothing written', () => {
    for (const text of [null, undefined, '', 'not json', '42', '"text"', 'null']) {
      expect(readDashboardState(text)).toEqual({});
    }
  });

  it('keeps what the last write left, and damaged charts or colours as none', () => {
    const kept = {
      leftRows: 30,
      dataRows: 12,
      dataColumns: 18,
      rate: 0.004,
      charts: { Daily: 7 },
      colours: ['a'],
    };
    expect(readDashboardState(JSON.stringify(kept))).toEqual(kept);
    const damaged = readDashboardState(JSON.stringify({ leftRows: 3, charts: [1, 2], colours: { a: 1 } }));
    expect(damaged).toEqual({ leftRows: 3, charts: {}, colours: [] });
  });
});

describe('notAllDrawn', () => {
  it("says the figures are new and what failed, in the author's words, never Google's", () => {
    const google = notAllDrawn(new Error('Service Spreadsheets timed out while accessing document'));
    expect(google).toMatch(/^The dashboard's figures are new/);
    expect(google).toContain('formats, colours and charts could not all be drawn');
    expect(google).not.toContain('Service Spreadsheets');
    // A failure of our own keeps its message.
    expect(notAllDrawn(new Error('The chart data is too wide.'))).toMatch(
      /drawn: The chart data is too wide\.$/,
    );
  });
});

describe('dashboardSize', () => {
  it('spans both bands from A1: the left band A–H, the chart data from its column', () => {
    const lay = dashboardLayout();
    const size = dashboardSize(lay, {});
    const dataWidth = lay.data.values[0]!.length;
    expect(size.left).toEqual({ row: 1, column: 1, rows: lay.left.values.length, columns: LEFT_WIDTH });
    expect(size.data).toEqual({
      row: 1,
      column: DATA_COLUMN,
      rows: lay.data.values.length,
      columns: dataWidth,
    });
    expect(size.rows).toBe(Math.max(lay.left.values.length, lay.data.values.length));
    expect(size.columns).toBe(DATA_COLUMN - 1 + dataWidth);
  });

  it('keeps the last write’s larger sizes, to clear what no longer fits', () => {
    const lay = dashboardLayout();
    const before = {
      leftRows: lay.left.values.length + 5,
      dataRows: lay.data.values.length + 40,
      dataColumns: lay.data.values[0]!.length + 3,
    };
    const size = dashboardSize(lay, before);
    expect(size.left.rows).toBe(before.leftRows);
    expect(size.data.rows).toBe(before.dataRows);
    expect(size.data.columns).toBe(before.dataColumns);
    expect(size.rows).toBe(before.dataRows);
    expect(size.columns).toBe(DATA_COLUMN - 1 + before.dataColumns);
    // Smaller sizes than now are outgrown.
    expect(dashboardSize(lay, { leftRows: 1, dataRows: 1, dataColumns: 1 })).toEqual(dashboardSize(lay, {}));
  });

  it('ignores a damaged state rather than sizing by NaN', () => {
    const lay = dashboardLayout();
    const damaged = {
      leftRows: 'many',
      dataRows: Number.NaN,
      dataColumns: null,
    } as unknown as DashboardState;
    expect(dashboardSize(lay, damaged)).toEqual(dashboardSize(lay, {}));
  });
});

describe('planDashboardWrite', () => {
  it('writes every figure of both bands in one rectangle from A1 on an empty tab', () => {
    const lay = dashboardLayout();
    const { size, write } = plan(lay, {});
    const whole = write.whole!;
    expect(whole).not.toBeNull();
    expect(whole).toHaveLength(size.rows);
    for (const row of whole) expect(row).toHaveLength(size.columns);
    // The chart data, as laid out, at its column; the columns between the bands written empty.
    const data = lay.data.values;
    expect(data.length).toBeGreaterThan(1);
    data.forEach((cells, r) => {
      expect(whole[r]!.slice(DATA_COLUMN - 1)).toEqual(cells.map(sheetCell));
      expect(whole[r]!.slice(LEFT_WIDTH, DATA_COLUMN - 1)).toEqual(
        new Array(DATA_COLUMN - 1 - LEFT_WIDTH).fill(''),
      );
    });
    // The same values as the bands, band by band.
    const [left, right] = write.bands;
    expect(left.area).toEqual(size.left);
    expect(right.area).toEqual(size.data);
    expect(whole.map((row) => row.slice(0, LEFT_WIDTH)).slice(0, left.values.length)).toEqual(left.values);
    expect(whole.map((row) => row.slice(DATA_COLUMN - 1)).slice(0, right.values.length)).toEqual(
      right.values,
    );
  });

  it('says the rest is still being drawn in A1, and keeps the banner’s own words for last', () => {
    const lay = dashboardLayout();
    const { write } = plan(lay, {});
    expect(write.bands[0].values[0]![0]).toBe(sheetCell(`${STILL_DRAWING} ${BANNER}`));
    expect(write.whole![0]![0]).toBe(write.bands[0].values[0]![0]);
    expect(write.banner).toHaveLength(LEFT_WIDTH);
    expect(write.banner[0]).toBe(sheetCell(BANNER));
    expect(write.banner).toEqual(
      write.bands[0].values[0]!.map((cell, c) => (c === 0 ? sheetCell(BANNER) : cell)),
    );
  });

  it('writes the estimates as formulas over the rate cell, and this period’s rate in it', () => {
    const lay = dashboardLayout();
    const { write } = plan(lay, {});
    const left = write.bands[0].values;
    const { row, column } = RATE_CELL;
    expect(lay.whatIf.effectiveRate).toBeCloseTo(5 / 1000);
    expect(left[row - 1]![column - 1]).toBe(lay.whatIf.effectiveRate);
    expect(lay.whatIf.formulas.length).toBeGreaterThan(0);
    lay.whatIf.formulas.forEach((formula, i) => {
      // As formulas, not as text kept literal with an apostrophe.
      expect(formula.startsWith('=')).toBe(true);
      expect(left[row - 1 + i]![ESTIMATES_COLUMN - 1]).toBe(formula);
    });
    expect(write.state).toEqual({
      leftRows: lay.left.values.length,
      dataRows: lay.data.values.length,
      dataColumns: lay.data.values[0]!.length,
      rate: lay.whatIf.effectiveRate,
    });
  });

  it('writes the bands alone when a cell between them holds a value of the author’s', () => {
    const lay = dashboardLayout();
    const { write } = plan(lay, {}, (now) => {
      now.values[3]![LEFT_WIDTH + 1] = 'my note';
    });
    expect(write.whole).toBeNull();
    // The bands are still all there, the banner still saying the rest is being drawn.
    expect(write.bands[0].values[0]![0]).toBe(sheetCell(`${STILL_DRAWING} ${BANNER}`));
    expect(write.bands[1].values[0]![0]).toBe(sheetCell(lay.data.values[0]![0]!));
  });

  it('writes the bands alone when a cell between them holds a formula showing nothing', () => {
    const { write } = plan(dashboardLayout(), {}, (now) => {
      now.formulas[0]![DATA_COLUMN - 2] = '=IF(FALSE,1,"")';
    });
    expect(write.whole).toBeNull();
  });

  it('writes below the shorter band only where the author has nothing', () => {
    // A long chart data band: the rows below the left band are between the bands too.
    const lay = dashboardLayout(60);
    const leftRows = lay.left.values.length;
    const { size, write } = plan(lay, {});
    expect(size.rows).toBeGreaterThan(leftRows);
    expect(write.whole![size.rows - 1]!.slice(0, DATA_COLUMN - 1)).toEqual(
      new Array(DATA_COLUMN - 1).fill(''),
    );
    const mine = plan(lay, {}, (now) => {
      now.values[size.rows - 1]![0] = 42;
    });
    expect(mine.write.whole).toBeNull();
  });

  it('writes over what lies inside the bands: those cells are ours', () => {
    const { write } = plan(dashboardLayout(), {}, (now) => {
      now.values[1]![0] = 'old tile';
      now.formulas[2]![DATA_COLUMN] = '=SUM(1)';
    });
    expect(write.whole).not.toBeNull();
  });

  describe('the what-if rate cell', () => {
    const { row, column } = RATE_CELL;
    /** The plan when the rate cell holds `value` (and `formula`, when the author typed one). */
    const typed = (lay: DashboardLayout, value: unknown, before: DashboardState, formula = '') =>
      plan(lay, before, (now) => {
        now.values[row - 1]![column - 1] = value;
        now.formulas[row - 1]![column - 1] = formula;
      }).write;
    const rateOf = (write: ReturnType<typeof typed>) => write.bands[0].values[row - 1]![column - 1];
    /** A period with no KENP rate: no pages read, so the rate cell says "missing". */
    const noRate = () =>
      dashboardLayout(
        3,
        TILES.map((t) => (t.measure === 'kenp_pages' ? { ...t, value: null } : t)),
      );

    it('keeps a rate the author typed over ours, and remembers ours, not theirs', () => {
      const lay = dashboardLayout();
      const theirs = typed(lay, 0.01, { rate: 0.003 });
      expect(rateOf(theirs)).toBe(0.01);
      expect(theirs.whole![row - 1]![column - 1]).toBe(0.01);
      expect(theirs.state.rate).toBe(0.003);
      // The number we wrote last is ours: this period's rate replaces it.
      const ours = typed(lay, 0.003, { rate: 0.003 });
      expect(rateOf(ours)).toBe(lay.whatIf.effectiveRate);
      expect(ours.state.rate).toBe(lay.whatIf.effectiveRate);
      // An empty cell is this period's again.
      expect(rateOf(typed(lay, '', { rate: 0.003 }))).toBe(lay.whatIf.effectiveRate);
    });

    it('takes our last rate read back to 15 significant digits for ours: Sheets may keep no more', () => {
      const lay = dashboardLayout();
      // A rate as a division gives it, 17 significant digits, and as a sheet may give it back.
      const ourLast = 0.1 + 0.2;
      expect(ourLast).not.toBe(0.3);
      const ours = typed(lay, 0.3, { rate: ourLast });
      expect(rateOf(ours)).toBe(lay.whatIf.effectiveRate);
      expect(ours.state.rate).toBe(lay.whatIf.effectiveRate);
      // A number that differs within 15 digits is the author's.
      expect(rateOf(typed(lay, 0.30000000000001, { rate: ourLast }))).toBe(0.30000000000001);
    });

    it('keeps a rate the author typed after a period with no KENP rate (ours was "missing")', () => {
      const none = noRate();
      expect(none.whatIf.effectiveRate).toBeNull();
      const first = plan(none, {}).write;
      expect(rateOf(first)).toBe(sheetCell(MISSING));
      expect(first.state.rate).toBeNull();
      const lay = dashboardLayout();
      const theirs = typed(lay, 0.0045, { rate: null });
      expect(rateOf(theirs)).toBe(0.0045);
      expect(theirs.state.rate).toBeNull();
      // Our "missing" is ours: this period's rate replaces it.
      const ours = typed(lay, MISSING, { rate: null });
      expect(rateOf(ours)).toBe(lay.whatIf.effectiveRate);
      expect(ours.state.rate).toBe(lay.whatIf.effectiveRate);
      // A period still with no rate keeps theirs too.
      expect(rateOf(typed(none, 0.0045, { rate: 0.003 }))).toBe(0.0045);
    });

    it('keeps the author’s rate when no record of ours can be read: only what we would write is ours', () => {
      const lay = dashboardLayout();
      for (const text of [null, 'not json', '{"leftRows":']) {
        const before = readDashboardState(text);
        const theirs = typed(lay, 0.01, before);
        expect(rateOf(theirs)).toBe(0.01);
        // Still no rate of ours on record: theirs stays theirs next time.
        expect(theirs.state.rate).toBeUndefined();
        // This period's rate, or our "missing", is taken for ours, and remembered as ours.
        expect(rateOf(typed(lay, lay.whatIf.effectiveRate, before))).toBe(lay.whatIf.effectiveRate);
        expect(typed(lay, lay.whatIf.effectiveRate, before).state.rate).toBe(lay.whatIf.effectiveRate);
        expect(rateOf(typed(lay, MISSING, before))).toBe(lay.whatIf.effectiveRate);
        expect(typed(lay, MISSING, before).state.rate).toBe(lay.whatIf.effectiveRate);
      }
    });

    it('keeps a formula or text the author put there as they put it', () => {
      const lay = dashboardLayout();
      expect(rateOf(typed(lay, 0.004, { rate: 0.003 }, '=Rates!B2'))).toBe('=Rates!B2');
      // Even a formula whose value is the rate we wrote: we never write a formula there.
      expect(rateOf(typed(lay, 0.003, { rate: 0.003 }, '=0.003'))).toBe('=0.003');
      // Text stays text (never parsed as a number or formula when written back).
      expect(rateOf(typed(lay, 'cheap', { rate: 0.003 }))).toBe(sheetCell('cheap'));
      expect(rateOf(typed(lay, '0.004', {}))).toBe(sheetCell('0.004'));
    });
  });

  it('pads each band to what the last write covered, plain and not bold', () => {
    const lay = dashboardLayout();
    const before = { leftRows: lay.left.values.length + 4, dataColumns: lay.data.values[0]!.length + 2 };
    const { write } = plan(lay, before);
    const [left, data] = write.bands;
    expect(left.values).toHaveLength(before.leftRows);
    const tail = left.values.slice(lay.left.values.length);
    expect(tail).toHaveLength(4);
    for (const row of tail) expect(row).toEqual(new Array(LEFT_WIDTH).fill(''));
    expect(left.formats.slice(lay.left.values.length)).toEqual(
      Array.from({ length: 4 }, () => new Array(LEFT_WIDTH).fill(PLAIN_FORMAT)),
    );
    expect(left.weights.slice(lay.left.values.length)).toEqual(
      Array.from({ length: 4 }, () => new Array(LEFT_WIDTH).fill('normal')),
    );
    expect(data.values[0]).toHaveLength(before.dataColumns);
    expect(data.values[0]!.slice(-2)).toEqual(['', '']);
    // The state records this write's sizes, not the padding.
    expect(write.state.leftRows).toBe(lay.left.values.length);
    expect(write.state.dataColumns).toBe(lay.data.values[0]!.length);
  });

  it('carries each cell’s number format and weight as laid out', () => {
    const lay = dashboardLayout();
    const { write } = plan(lay, {});
    const [left, data] = write.bands;
    expect(lay.left.formats).toHaveLength(left.values.length);
    lay.left.formats.forEach((formats, r) => {
      expect(left.formats[r]).toEqual(formats);
      expect(left.weights[r]).toEqual(lay.left.bold[r]!.map((b) => (b ? 'bold' : 'normal')));
    });
    // The chart data's headers (row 2) are bold, its figures in their block's format.
    expect(data.weights[1]![0]).toBe('bold');
    expect(data.formats[2]![0]).toBe('0');
    expect(data.weights[2]![0]).toBe('normal');
  });
});
