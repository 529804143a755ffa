// The dashboard under a Spreadsheet service that times out from some call of a refresh on and does not come
// back (the emulator's serviceFault('spreadsheetsTimeout', { from, thenEveryCall })): walked over every
// Spreadsheet call of a refresh that writes the dashboard, the dashboard's figures (tiles, tables, what-if
// formulas, chart data) are either wholly new or wholly as they were, its banner saying which: the old
// banner (or amber) over old figures; over new figures the new banner, or the new banner saying formats,
// colours and charts are still being drawn while the refresh reports it, in plain words. Each step is named
// by the call it hit.
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
/** Columns I–P (0-based 8 to 15): the author's, where the charts float. */
const BETWEEN_BANDS = (c: number) => c >= 8 && c <= 15;

interface Seen {
  /** Values and formulas of both bands, the banner cell left out. */
  readonly figures: string;
  readonly banner: string;
  readonly background: string;
}

function seen(snapshot: SheetSnapshot): Seen {
  const cells = (grid: unknown[][]) =>
    grid.map((row, r) => row.map((v, c) => (BETWEEN_BANDS(c) || (r === 0 && c === 0) ? '' : v)));
  // Trailing empty rows are what a band cleared: the same figures either way.
  const trimmed = (rows: unknown[][]) => {
    const out = rows.map((row) => JSON.stringify(row.map((v) => (v instanceof Date ? v.getTime() : v))));
    while (out.length && /^\[(""(,"")*)?\]$/.test(out.at(-1)!)) out.pop();
    return out;
  };
  const width = Math.max(...snapshot.values.map((r) => r.length), 0);
  const pad = (grid: unknown[][]) => grid.map((row) => Array.from({ length: width }, (_, c) => row[c] ?? ''));
  return {
    figures: JSON.stringify([trimmed(cells(pad(snapshot.values))), trimmed(cells(pad(snapshot.formulas)))]),
    banner: String(snapshot.values[0]?.[0] ?? ''),
    background: String(snapshot.backgrounds[0]?.[0] ?? ''),
  };
}

/** An add-on whose dashboard was written the day before, its API now a day on. */
async function filledTheDayBefore(): Promise<AddOn> {
  await api().clearFaults();
  await api().setToday('2026-11-20');
  const addOn = await startAddOn({ api: api() });
  addOn.saveApiKeyFor();
  chooseSettings(addOn, { tabs: ['dashboard'] });
  addOn.emulator.run('refreshAllTabs');
  await api().setToday('2026-11-21');
  addOn.emulator.clock.advance(24 * 60 * 60 * 1000);
  return addOn;
}

describe('the dashboard when the Spreadsheet service times out from a call of the refresh on', () => {
  it('is wholly new or wholly as it was at every step, its banner saying which', async () => {
    const healthy = await filledTheDayBefore();
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
      const addOn = await filledTheDayBefore();
      try {
        const before = seen(dashboard(addOn));
        expect(before.figures).not.toBe(after.figures);
        addOn.emulator.switches.serviceFault('spreadsheetsTimeout', { from: step, thenEveryCall: true });
        let said: string;
        let error: string | null = null;
        try {
          const result = addOn.emulator.run<RefreshResult>('refreshAllTabs');
          error = result.tabs.find((t) => t.tab === 'dashboard')?.error ?? null;
          said = JSON.stringify(result);
        } catch (err) {
          said = (err as Error).message;
        }
        const name = `#${step} ${addOn.emulator.serviceFaultFirst('spreadsheetsTimeout') ?? '(not reached)'}`;
        addOn.emulator.switches.clearServiceFaults();
        if (GOOGLE_TEXT.test(said)) wrong.push(`${name}: Google's words reached the author`);
        const now = seen(dashboard(addOn));
        if (now.figures === after.figures) {
          outcomes.add('new');
          if (now.banner === after.banner) {
            if (now.background !== after.background)
              wrong.push(`${name}: new figures, banner's colour not new`);
          } else if (now.banner === `${STILL_DRAWING} ${after.banner}`) {
            outcomes.add('new, still drawing');
            if (error !== null && GOOGLE_TEXT.test(error))
              wrong.push(`${name}: Google's words in the record`);
          } else {
            wrong.push(`${name}: new figures under "${now.banner.slice(0, 60)}"`);
          }
        } else if (now.figures === before.figures) {
          outcomes.add('old');
          if (now.banner !== before.banner && now.background !== BANNER_BACKGROUND.failed)
            wrong.push(`${name}: old figures under "${now.banner.slice(0, 60)}"`);
        } else {
          wrong.push(`${name}: half written`);
        }
      } finally {
        await addOn.close();
      }
    }
    expect(wrong).toEqual([]);
    // The walk met each: untouched, the figures landed with formats or charts to come, and wholly new.
    expect([...outcomes].sort()).toEqual(['new', 'new, still drawing', 'old']);
  }, 900_000);
});
