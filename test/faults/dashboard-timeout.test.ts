// The dashboard under a Spreadsheet service that times out from some call of a refresh on and does not come
// back (the emulator's serviceFault('spreadsheetsTimeout', { from, thenEveryCall })): walked over every
// Spreadsheet call of a refresh that writes the dashboard, the dashboard's figures (tiles, tables, what-if
// formulas, chart data) are either wholly new or wholly as they were, its banner saying which: the old
// banner (or amber) over old figures; over new figures the new banner, or the new banner saying formats,
// colours and charts are still being drawn while the refresh reports it, in plain words. Each step is named
// by the call it hit. Where the author keeps a cell between the bands (beside the charts), the tiles and
// tables are written before the chart data: there, and only there, the chart data may be a refresh behind,
// under that same banner; the author's cell stays.
import { describe, expect, it } from 'vitest';
import type { SheetSnapshot } from '../../local/gas/index.ts';
import { STILL_DRAWING } from '../../src/core/dashboard/index.ts';
import type { RefreshResult } from '../../src/core/refresh/index.ts';
import { BANNER_BACKGROUND } from '../../src/core/tabs/index.ts';
import { dashboard } from '../dashboard/support.ts';
import { type AddOn, startAddOn, useDemoApi } from '../support/addon.ts';
import { chooseSettings } from '../tabs/support.ts';

const api = useDemoApi();
const GOOGLE_TEXT = /Service Spreadsheets|document with id|timed out while/;
/** Columns I–P (0-based 8 to 15) are the author's, where the charts float. */

interface Seen {
  /** Values and formulas of the tiles and tables band (A–H), the banner cell left out. */
  readonly left: string;
  /** Values of the chart data band (from Q). */
  readonly data: string;
  readonly banner: string;
  readonly background: string;
}

function seen(snapshot: SheetSnapshot): Seen {
  const band = (grid: unknown[][], inBand: (c: number) => boolean) =>
    grid.map((row, r) => row.map((v, c) => (!inBand(c) || (r === 0 && c === 0) ? '' : v)));
  // Trailing empty rows are what a band cleared: the same figures either way.
  const trimmed = (rows: unknown[][]) => {
    const out = rows.map((row) => JSON.stringify(row.map((v) => (v instanceof Date ? v.getTime() : v))));
    while (out.length && /^\[(""(,"")*)?\]$/.test(out.at(-1)!)) out.pop();
    return out;
  };
  const width = Math.max(...snapshot.values.map((r) => r.length), 0);
  const pad = (grid: unknown[][]) => grid.map((row) => Array.from({ length: width }, (_, c) => row[c] ?? ''));
  const of = (inBand: (c: number) => boolean) =>
    JSON.stringify([snapshot.values, snapshot.formulas].map((grid) => trimmed(band(pad(grid), inBand))));
  return {
    left: of((c) => c < 8),
    data: of((c) => c > 15),
    banner: String(snapshot.values[0]?.[0] ?? ''),
    background: String(snapshot.backgrounds[0]?.[0] ?? ''),
  };
}

const AUTHORS_CELL = 'K3';
const AUTHORS_NOTE = 'My note beside the charts';

/** An add-on whose dashboard was written the day before, its API now a day on. */
async function filledTheDayBefore(authorsCell: boolean): Promise<AddOn> {
  await api().clearFaults();
  await api().setToday('2026-11-20');
  const addOn = await startAddOn({ api: api() });
  addOn.saveApiKeyFor();
  chooseSettings(addOn, { tabs: ['dashboard'] });
  addOn.emulator.run('refreshAllTabs');
  if (authorsCell)
    addOn.emulator.spreadsheet
      .getSheetByName(dashboard(addOn).name)!
      .getRange(AUTHORS_CELL)
      .setValue(AUTHORS_NOTE);
  await api().setToday('2026-11-21');
  addOn.emulator.clock.advance(24 * 60 * 60 * 1000);
  return addOn;
}

describe('the dashboard when the Spreadsheet service times out from a call of the refresh on', () => {
  it.each([
    ['nothing of the author’s between its bands', false],
    ['the author’s cell beside the charts', true],
  ])(
    'with %s: wholly new or as it was at every step, its banner saying which',
    async (_, authorsCell) => {
      const healthy = await filledTheDayBefore(authorsCell);
      let after: Seen;
      let steps: number;
      try {
        healthy.emulator.stats.reset();
        healthy.emulator.run('refreshAllTabs');
        steps = healthy.emulator.stats.callsByService().SpreadsheetApp ?? 0;
        after = seen(dashboard(healthy));
      } finally {
        await healthy.close();
      }
      expect(steps).toBeGreaterThan(20);
      const wrong: string[] = [];
      const outcomes = new Set<string>();
      for (let step = 1; step <= steps; step++) {
        const addOn = await filledTheDayBefore(authorsCell);
        try {
          const before = seen(dashboard(addOn));
          expect([before.left, before.data]).not.toEqual([after.left, after.data]);
          addOn.emulator.switches.serviceFault('spreadsheetsTimeout', { from: step, thenEveryCall: true });
          let said: string;
          try {
            said = JSON.stringify(addOn.emulator.run<RefreshResult>('refreshAllTabs'));
          } catch (err) {
            said = (err as Error).message;
          }
          const name = `#${step} ${addOn.emulator.serviceFaultFirst('spreadsheetsTimeout') ?? '(not reached)'}`;
          addOn.emulator.switches.clearServiceFaults();
          if (GOOGLE_TEXT.test(said)) wrong.push(`${name}: Google's words reached the author`);
          const snapshot = dashboard(addOn);
          const now = seen(snapshot);
          const drawing = now.banner === `${STILL_DRAWING} ${after.banner}`;
          if (authorsCell && snapshot.values[2]?.[10] !== AUTHORS_NOTE)
            wrong.push(`${name}: the author's cell lost`);
          if (now.left === after.left && now.data === after.data) {
            outcomes.add(drawing ? 'new, still drawing' : 'new');
            if (!drawing && now.banner !== after.banner)
              wrong.push(`${name}: new figures under "${now.banner.slice(0, 60)}"`);
            if (now.banner === after.banner && now.background !== after.background)
              wrong.push(`${name}: new figures, banner's colour not new`);
          } else if (now.left === before.left && now.data === before.data) {
            outcomes.add('old');
            if (now.banner !== before.banner && now.background !== BANNER_BACKGROUND.failed)
              wrong.push(`${name}: old figures under "${now.banner.slice(0, 60)}"`);
          } else if (authorsCell && now.left === after.left && now.data === before.data && drawing) {
            outcomes.add('tables new, chart data behind, still drawing');
          } else {
            wrong.push(`${name}: half written`);
          }
        } finally {
          await addOn.close();
        }
      }
      expect(wrong).toEqual([]);
      // The walk met each: untouched, the figures landed with formats or charts to come, and wholly new.
      expect([...outcomes].filter((o) => !o.startsWith('tables')).sort()).toEqual([
        'new',
        'new, still drawing',
        'old',
      ]);
      if (authorsCell) expect(outcomes).toContain('tables new, chart data behind, still drawing');
    },
    900_000,
  );
});
