// A refresh whose Spreadsheet calls time out from some step of writing on (the emulator's
// serviceFault('spreadsheetsTimeout', { call, from, thenEveryCall })): at each step, every tab is either
// wholly new or wholly as it was, its banner saying which; the ledger loses no day; the refresh ends with
// a plain sentence, never Google's words. (Left: a blank ledger row when the timeout falls between the
// ledger's row insertion and its writes, which its undo cannot take out while the sheet does not answer.) The steps are the refresh's writes
// (each `Range.setValues`, and each `Range.setFontWeights`, the call after a tab's values), named by the
// call and the tab it hit.
import { describe, expect, it } from 'vitest';
import type { SheetSnapshot } from '../../local/gas/index.ts';
import { ENDPOINT_IDS } from '../../src/core/endpoints.ts';
import type { RefreshResult } from '../../src/core/refresh/index.ts';
import { BANNER_BACKGROUND } from '../../src/core/tabs/index.ts';
import { type AddOn, startAddOn, useDemoApi } from '../support/addon.ts';
import { ourTabs } from '../tabs/support.ts';

const api = useDemoApi();
const GOOGLE_TEXT = /Service Spreadsheets|document with id|timed out while/;
const BEFORE_DAY = '2026-11-20';
const REFRESH_DAY = '2026-11-21';

interface Tabs {
  readonly data: Map<string, unknown[][]>;
  readonly banners: Map<string, { text: string; background: string }>;
}

function tabsOf(addOn: AddOn): Tabs {
  const data = new Map<string, unknown[][]>();
  const banners = new Map<string, { text: string; background: string }>();
  for (const [tab, s] of ourTabs(addOn)) {
    // The API's "key last used" is the real time of the request: not a figure of the day.
    const rows = (s as SheetSnapshot).values.slice(1).filter((row) => !row.includes('api_key.last_used_at'));
    data.set(tab, rows);
    banners.set(tab, {
      text: String(s.values[0]?.[0] ?? ''),
      background: String(s.backgrounds[0]?.[0] ?? ''),
    });
  }
  return { data, banners };
}

/** An add-on filled the day before, its API now a day on: what a healthy refresh would write is `after`. */
async function filledTheDayBefore(): Promise<AddOn> {
  await api().clearFaults();
  await api().setToday(BEFORE_DAY);
  const addOn = await startAddOn({ api: api() });
  addOn.saveApiKeyFor();
  addOn.emulator.run('refreshAllTabs');
  await api().setToday(REFRESH_DAY);
  addOn.emulator.clock.advance(24 * 60 * 60 * 1000);
  return addOn;
}

/** What a healthy refresh writes a day on, and how many of each writing call it makes. */
let healthy: { after: Tabs; calls: Record<string, number> } | undefined;
async function healthyRefresh(): Promise<NonNullable<typeof healthy>> {
  if (healthy) return healthy;
  const addOn = await filledTheDayBefore();
  try {
    addOn.emulator.stats.reset();
    addOn.emulator.run('refreshAllTabs');
    const calls = addOn.emulator.stats.calls();
    healthy = { after: tabsOf(addOn), calls };
    return healthy;
  } finally {
    await addOn.close();
  }
}

const STEPS = ['Range.setValues', 'Range.setFontWeights'] as const;

describe('a refresh whose Spreadsheet calls time out from a step of writing on', () => {
  it.each(STEPS)(
    'from each %s on: every tab wholly new or as it was, no ledger day lost',
    async (call) => {
      const { after, calls } = await healthyRefresh();
      const steps = calls[call] ?? 0;
      expect(steps).toBeGreaterThan(ENDPOINT_IDS.length);
      const halfWritten: string[] = [];
      for (let step = 1; step <= steps; step++) {
        const addOn = await filledTheDayBefore();
        try {
          const before = tabsOf(addOn);
          addOn.emulator.switches.serviceFault('spreadsheetsTimeout', {
            call,
            from: step,
            thenEveryCall: true,
          });
          let said = '';
          try {
            const result = addOn.emulator.run<RefreshResult>('refreshAllTabs');
            said = JSON.stringify(result);
          } catch (err) {
            said = (err as Error).message;
          }
          const name = addOn.emulator.serviceFaultFirst('spreadsheetsTimeout') ?? `${call} #${step}`;
          addOn.emulator.switches.clearServiceFaults();
          expect(said, `${name}: Google's words reached the author`).not.toMatch(GOOGLE_TEXT);
          const now = tabsOf(addOn);
          for (const [tab, rows] of now.data) {
            const old = before.data.get(tab);
            const fresh = after.data.get(tab);
            const banner = now.banners.get(tab)!;
            const same = (a: unknown[][] | undefined, b: unknown[][] | undefined) =>
              JSON.stringify(a?.slice(1)) === JSON.stringify(b?.slice(1));
            // The report tabs, each written in one block; the ledger by its days below; the dashboard's bands
            // are written one by one (left: see docs/reliability.md); the Status tab says what happened.
            if (!(ENDPOINT_IDS as readonly string[]).includes(tab)) continue;
            if (same(rows, fresh)) {
              // New figures (or figures the day did not change) under a banner that does not call them old.
              if (!same(rows, old) && banner.background === BANNER_BACKGROUND.failed)
                halfWritten.push(`${name}: ${tab} new figures under an amber banner`);
            } else if (same(rows, old)) {
              // As it was: its old banner, or amber saying the refresh failed.
              const keptBanner = banner.text === before.banners.get(tab)?.text;
              if (!keptBanner && banner.background !== BANNER_BACKGROUND.failed)
                halfWritten.push(`${name}: ${tab} old figures under a fresh banner`);
            } else if (tab !== 'history-months') {
              halfWritten.push(`${name}: ${tab} half written`);
            }
          }
          // The ledger: no day lost (every date it had is still there).
          const dates = (t: Tabs) =>
            (t.data.get('history')?.slice(1) ?? [])
              .map((row) => row[0])
              .filter((d) => d !== '' && d !== null);
          const kept = new Set(dates(now).map(String));
          const lost = dates(before).filter((d) => !kept.has(String(d)));
          if (lost.length) halfWritten.push(`${name}: ledger days lost: ${lost.join(', ')}`);
        } finally {
          await addOn.close();
        }
      }
      expect(halfWritten).toEqual([]);
    },
    900_000,
  );
});
