// Writing the dashboard tab over plain ports: the directory over a fake spreadsheet, the dashboard sheet a
// grid of values and formulas in memory with its state text, every call recorded in order. The figures in
// one call (or band by band around the author's cells), then formats, charts, colours, the state and the
// banner's last words; a failure after the figures returned, not thrown.
import { describe, expect, it } from 'vitest';
import {
  type Area,
  DASHBOARD_KEY,
  DATA_COLUMN,
  type DashboardBand,
  LEFT_WIDTH,
} from '../../../src/core/dashboard/index.ts';
import { readDashboardState, STILL_DRAWING } from '../../../src/core/dashboard/writing.ts';
import { type DashboardSheetPort, writeDashboard } from '../../../src/core/flows/dashboard-writer.ts';
import { openTabDirectory } from '../../../src/core/flows/tab-directory.ts';
import {
  BANNER_BACKGROUND,
  type Banner,
  parseMark,
  type SheetCell,
  sheetCell,
} from '../../../src/core/tabs/index.ts';
import { BANNER, dashboardLayout } from '../../support/dashboard-fixtures.ts';
import { type FakeSheet, fakeSpreadsheet } from '../../support/fake-spreadsheet.ts';

const banner: Banner = { text: BANNER, tone: 'normal' };

/** The dashboard sheet in memory: its cells from A1, its formulas, its saved state; each call recorded. */
function dashboardSheet() {
  const cells: unknown[][] = [];
  const formulas: string[][] = [];
  const calls: string[] = [];
  const sheet = { state: null as string | null, charts: {} as Record<string, number>, fail: '' };
  const at = (r: number) => {
    while (cells.length <= r) cells.push([]);
    while (formulas.length <= r) formulas.push([]);
    return { values: cells[r]!, formulas: formulas[r]! };
  };
  const put = (area: Area, values: SheetCell[][]) =>
    values.forEach((row, r) => {
      row.forEach((value, c) => {
        at(area.row - 1 + r).values[area.column - 1 + c] = value;
      });
    });
  const call = (name: string) => {
    calls.push(name);
    if (sheet.fail === name) throw new Error('Service Spreadsheets timed out while accessing document.');
  };
  const port: DashboardSheetPort<FakeSheet> = {
    state: (_, key) => {
      call(`state ${key}`);
      return {
        text: sheet.state,
        save: (text) => {
          call('save');
          sheet.state = text;
        },
      };
    },
    grow: (_, rows, columns) => call(`grow ${rows}×${columns}`),
    rectangle: (_, rows, columns) => {
      call('read');
      const grid = (of: 'values' | 'formulas') =>
        Array.from({ length: rows }, (_, r) =>
          Array.from({ length: columns }, (_, c) => (at(r)[of][c] as unknown) ?? ''),
        );
      return {
        now: { values: grid('values'), formulas: grid('formulas') as string[][] },
        put: (values) => {
          call('put whole');
          put({ row: 1, column: 1, rows, columns }, values);
        },
      };
    },
    putValues: (_, area, values) => {
      call(`put ${area.column}`);
      put(area, values);
    },
    putFormats: (_, band: DashboardBand) => call(`formats ${band.area.column}`),
    syncCharts: (_, charts, known) => {
      call(`charts ${Object.keys(known).length}`);
      return Object.fromEntries(charts.map((c, i) => [c.spec.key, known[c.spec.key] ?? 100 + i]));
    },
    syncColours: (_, rules) => {
      call('colours');
      return rules.map((_, i) => `rule ${i}`);
    },
    putBannerRow: (_, row, background) => {
      call(`banner ${background}`);
      put({ row: 1, column: 1, rows: 1, columns: row.length }, [row]);
    },
  };
  return { port, calls, cells, formulas, sheet };
}

function write(fake = dashboardSheet(), spreadsheet = fakeSpreadsheet([], []), layout = dashboardLayout()) {
  const written = writeDashboard(openTabDirectory(spreadsheet.port), fake.port, {
    layout,
    banner,
    dataAt: 7,
  });
  return { written, layout, ...fake, spreadsheet };
}

describe('writeDashboard', () => {
  it('creates the tab, writes every figure in one call, then formats, charts, colours, state and banner', () => {
    const { written, layout, calls, cells, sheet, spreadsheet } = write();
    const size = {
      rows: layout.left.values.length,
      columns: DATA_COLUMN - 1 + layout.data.values[0]!.length,
    };
    expect(calls).toEqual([
      `state ${DASHBOARD_KEY}`,
      `grow ${size.rows}×${size.columns}`,
      'read',
      'put whole',
      'formats 1',
      `formats ${DATA_COLUMN}`,
      'charts 0',
      'colours',
      'save',
      `banner ${BANNER_BACKGROUND.normal}`,
    ]);
    expect(written).toEqual({
      sheetName: 'Royalties dashboard',
      rows: layout.left.values.length,
      notDrawn: null,
    });
    // The banner's own words last; the figures below as laid out.
    expect(cells[0]![0]).toBe(`'${BANNER}`);
    expect(cells[1]!.slice(0, LEFT_WIDTH)).toEqual(layout.left.values[1]!.map(sheetCell));
    // The tab marked as ours, its block the left band's rows.
    const mark = parseMark(spreadsheet.metadata[0]!.value);
    expect(mark).toMatchObject({ tab: 'dashboard', blockRows: layout.left.values.length, dataAt: 7 });
    // The state: sizes, this period's rate, our charts' ids and colour rules' fingerprints.
    const state = readDashboardState(sheet.state);
    expect(state).toMatchObject({
      leftRows: layout.left.values.length,
      dataRows: layout.data.values.length,
      rate: layout.whatIf.effectiveRate,
      colours: layout.colours.map((_, i) => `rule ${i}`),
    });
    expect(Object.keys(state.charts!)).toEqual(layout.charts.map((c) => c.spec.key));
  });

  it('reads the state the last write left: our charts found again, sizes kept to clear what is left over', () => {
    const fake = dashboardSheet();
    const spreadsheet = fakeSpreadsheet([], []);
    write(fake, spreadsheet, dashboardLayout(60));
    const first = readDashboardState(fake.sheet.state);
    fake.calls.length = 0;
    const { calls, sheet, layout } = write(fake, spreadsheet);
    // Our tab found again by its mark, not made twice.
    expect(spreadsheet.sheets.map((s) => s.name)).toEqual(['Royalties dashboard']);
    expect(calls).toContain(`charts ${Object.keys(first.charts!).length}`);
    // The grid covers the longer chart data band of the last write.
    const rows = Math.max(first.dataRows!, layout.left.values.length);
    expect(calls[1]).toBe(`grow ${rows}×${DATA_COLUMN - 1 + first.dataColumns!}`);
    expect(readDashboardState(sheet.state).charts).toEqual(first.charts);
  });

  it('writes the bands alone when the author has a value between them', () => {
    const fake = dashboardSheet();
    fake.cells.push([], [], ['', '', '', '', '', '', '', '', '', 'my note']);
    const { calls, cells } = write(fake);
    expect(calls.slice(2, 5)).toEqual(['read', 'put 1', `put ${DATA_COLUMN}`]);
    expect(cells[2]![9]).toBe('my note');
  });

  it('returns a failure after the figures, the banner still saying the rest is being drawn', () => {
    const fake = dashboardSheet();
    fake.sheet.fail = 'colours';
    const { written, calls, cells, sheet, spreadsheet } = write(fake);
    expect(written.notDrawn).toBeInstanceOf(Error);
    // The new figures' tab marked ours all the same: the next refresh finds it rather than make another.
    expect(parseMark(spreadsheet.metadata[0]!.value)).toMatchObject({ tab: 'dashboard', dataAt: 7 });
    expect(written.rows).toBeGreaterThan(0);
    expect(calls).not.toContain('save');
    expect(sheet.state).toBeNull();
    expect(cells[0]![0]).toBe(`'${STILL_DRAWING} ${BANNER}`);
  });

  it('throws when the figures themselves are refused: the tab is as it was', () => {
    const fake = dashboardSheet();
    fake.sheet.fail = 'put whole';
    expect(() => write(fake)).toThrow(/timed out/);
    expect(fake.calls).not.toContain('formats 1');
  });
});
