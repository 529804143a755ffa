// A refresh whose Spreadsheet calls time out from some step of writing on (the emulator's
// serviceFault('spreadsheetsTimeout', { call, from, thenEveryCall })): at each step, every tab is either
// wholly new or wholly as it was, its banner saying which; the ledger loses no day, gains no blank row
// among its days, and its banner is never newer than its days; the refresh ends with a plain sentence,
// never Google's words. The steps are the refresh's writes (each `Range.setValues`, and each
// `Range.setFontWeights`, the call after a tab's values), named by the call and the tab it hit; the ledger
// is walked over every Spreadsheet call of a refresh of the history alone (its insertions, each write, its
// banner, its mark), on a night, a night putting back a day the author deleted, and a currency change.
import { describe, expect, it } from 'vitest';
import type { SheetSnapshot } from '../../local/gas/index.ts';
import { ENDPOINT_IDS } from '../../src/core/endpoints.ts';
import type { RefreshResult } from '../../src/core/refresh/index.ts';
import { BANNER_BACKGROUND } from '../../src/core/tabs/index.ts';
import { type AddOn, startAddOn, useDemoApi } from '../support/addon.ts';
import { chooseSettings, ourTabs } from '../tabs/support.ts';

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

/** The tabs a refresh writes as one block of values: each report, Royalties by month, each year's. */
function writtenInOneBlock(tab: string): boolean {
  return (
    (ENDPOINT_IDS as readonly string[]).includes(tab) || tab === 'history-months' || tab.startsWith('year-')
  );
}

/** The history tab below its banner (rows from the header on), with its banner's text. */
interface LedgerState {
  readonly rows: readonly unknown[][];
  readonly banner?: string;
}

/** The dates of the ledger's data rows, from row 3 to its last date: a blank row among them is null. */
function datesDown(rows: readonly unknown[][]): Array<unknown | null> {
  const data = rows.slice(1).map((row) => (typeof row[0] === 'number' ? row[0] : null));
  while (data.length && data[data.length - 1] === null) data.pop();
  return data;
}

/**
 * What a step's lasting timeout did wrong to the ledger, against how it was before the refresh and what a
 * healthy refresh writes: a day lost, a blank row among the days, or the healthy refresh's banner over days
 * that are not all the healthy refresh's (a banner newer than its days).
 */
function ledgerFaults(step: string, before: LedgerState, now: LedgerState, healthy: LedgerState): string[] {
  const faults: string[] = [];
  const dates = datesDown(now.rows);
  const kept = new Set(dates.map(String));
  const lost = datesDown(before.rows).filter((d) => d !== null && !kept.has(String(d)));
  if (lost.length) faults.push(`${step}: ledger days lost: ${lost.join(', ')}`);
  const blank = dates.filter((d) => d === null).length;
  if (blank) faults.push(`${step}: ${blank} blank row(s) among the ledger's days`);
  // Each day's date, status and figures ("Last changed" is the instant the run's clock read: it differs
  // between runs by milliseconds).
  const days = (rows: readonly unknown[][]) =>
    JSON.stringify(rows.slice(1).map((row) => row.filter((_, i) => i !== 2)));
  if (now.banner === healthy.banner && days(now.rows) !== days(healthy.rows))
    faults.push(`${step}: the ledger's banner is newer than its days`);
  return faults;
}

describe('a refresh whose Spreadsheet calls time out from a step of writing on', () => {
  it.each(STEPS)(
    'from each %s on: every tab wholly new or as it was; the ledger keeps its days, no blank row, no newer banner',
    async (call) => {
      const { after, calls } = await healthyRefresh();
      expect([...after.data.keys()]).toEqual(expect.arrayContaining([...ENDPOINT_IDS]));
      const steps = calls[call] ?? 0;
      expect(steps).toBeGreaterThan(ENDPOINT_IDS.length);
      const halfWritten: string[] = [];
      // The steps whose timeout a call met: each of them, or the walk proved nothing of a step it skipped.
      let reached = 0;
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
          const first = addOn.emulator.serviceFaultFirst('spreadsheetsTimeout');
          const name = first ?? `${call} #${step}`;
          addOn.emulator.switches.clearServiceFaults();
          if (first === null) halfWritten.push(`${name}: never reached, the refresh made fewer such calls`);
          else reached += 1;
          expect(said, `${name}: Google's words reached the author`).not.toMatch(GOOGLE_TEXT);
          const now = tabsOf(addOn);
          // Each report tab a healthy refresh leaves is there to compare (an empty read compares nothing).
          const reports = (t: Tabs) =>
            [...t.data.keys()].filter((tab) => (ENDPOINT_IDS as readonly string[]).includes(tab)).sort();
          if (JSON.stringify(reports(now)) !== JSON.stringify(reports(after)))
            halfWritten.push(
              `${name}: report tabs ${reports(now).join(', ')} of ${reports(after).join(', ')}`,
            );
          for (const [tab, rows] of now.data) {
            const old = before.data.get(tab);
            const fresh = after.data.get(tab);
            const banner = now.banners.get(tab)!;
            const same = (a: unknown[][] | undefined, b: unknown[][] | undefined) =>
              JSON.stringify(a?.slice(1)) === JSON.stringify(b?.slice(1));
            // The tabs written in one block (the reports, Royalties by month, the years'); the ledger by its
            // days below; the dashboard by its own walk (dashboard-timeout.test.ts); the Status tab says
            // what happened.
            if (!writtenInOneBlock(tab)) continue;
            if (same(rows, fresh)) {
              // New figures (or figures the day did not change) under a banner that does not call them old.
              if (!same(rows, old) && banner.background === BANNER_BACKGROUND.failed)
                halfWritten.push(`${name}: ${tab} new figures under an amber banner`);
            } else if (same(rows, old)) {
              // As it was: its old banner, or amber saying the refresh failed.
              const keptBanner = banner.text === before.banners.get(tab)?.text;
              if (!keptBanner && banner.background !== BANNER_BACKGROUND.failed)
                halfWritten.push(`${name}: ${tab} old figures under a fresh banner`);
            } else {
              halfWritten.push(`${name}: ${tab} half written`);
            }
          }
          halfWritten.push(
            ...ledgerFaults(
              name,
              { rows: before.data.get('history') ?? [] },
              { rows: now.data.get('history') ?? [], banner: now.banners.get('history')?.text ?? '' },
              { rows: after.data.get('history') ?? [], banner: after.banners.get('history')?.text ?? '' },
            ),
          );
        } finally {
          await addOn.close();
        }
      }
      expect(halfWritten).toEqual([]);
      expect(reached).toBe(steps);
    },
    900_000,
  );
});

/** The ledger of an add-on refreshing only its history: one refresh on the first day, the API a day on. */
const FIRST_DAY = '2026-11-20';
const DAY_MS = 24 * 60 * 60 * 1000;

interface Night {
  readonly name: string;
  /** What the author does before the night's refresh (the API already a day on). */
  readonly prepare: (addOn: AddOn, historySheet: string) => void;
}

const NIGHTS: readonly Night[] = [
  { name: 'a night: a new day below, provisional days settled', prepare: () => {} },
  {
    name: 'a night putting back a day the author deleted',
    // Ten days up from the last: among the days, well above the provisional ones.
    prepare: (addOn, historySheet) => {
      const sheet = addOn.emulator.spreadsheet.getSheetByName(historySheet)!;
      sheet.deleteRow(sheet.getLastRow() - 10);
    },
  },
  {
    name: 'a night in a new currency: columns inserted beside the old ones',
    prepare: (addOn) => chooseSettings(addOn, { tabs: ['history'], currency: 'EUR' }),
  },
];

async function ledgerBeforeNight(night: Night): Promise<{ addOn: AddOn; sheet: string }> {
  await api().clearFaults();
  await api().setToday(FIRST_DAY);
  await api().setSettling({ lagDays: 3, ranges: ['last_30_days'] });
  const addOn = await startAddOn({
    api: api(),
    emulator: { startTime: Date.parse(`${FIRST_DAY}T09:00:00Z`) },
  });
  addOn.saveApiKeyFor();
  chooseSettings(addOn, { tabs: ['history'] });
  addOn.emulator.run('refreshAllTabs');
  await api().setToday('2026-11-21');
  addOn.emulator.clock.advance(DAY_MS);
  const sheet = ourTabs(addOn).get('history')!.name;
  night.prepare(addOn, sheet);
  return { addOn, sheet };
}

function ledgerOf(addOn: AddOn): LedgerState {
  const snapshot = ourTabs(addOn).get('history')!;
  return { rows: snapshot.values.slice(1), banner: String(snapshot.values[0]?.[0] ?? '') };
}

function spreadsheetCallsOf(addOn: AddOn): number {
  return addOn.emulator.stats.callsByService().SpreadsheetApp ?? 0;
}

describe('the ledger under a Spreadsheet timeout that lasts from any call of a refresh on', () => {
  it.each(NIGHTS)(
    '$name: no day lost, no blank row among the days, the banner never newer than the days',
    async (night) => {
      let healthy: LedgerState;
      let calls: number;
      {
        const { addOn } = await ledgerBeforeNight(night);
        try {
          addOn.emulator.stats.reset();
          const result = addOn.emulator.run<RefreshResult>('refreshAllTabs');
          expect(result.tabs.map((t) => [t.tab, t.error])).toEqual([['history', null]]);
          calls = spreadsheetCallsOf(addOn);
          expect(calls).toBeGreaterThan(0);
          healthy = ledgerOf(addOn);
        } finally {
          await addOn.close();
        }
      }
      const faults: string[] = [];
      const named = new Map<string, number>();
      // The steps whose timeout a call met: each of them, or the walk proved nothing of a step it skipped.
      let reached = 0;
      let history = '';
      for (let step = 1; step <= calls; step++) {
        const { addOn, sheet } = await ledgerBeforeNight(night);
        try {
          const before = ledgerOf(addOn);
          addOn.emulator.switches.serviceFault('spreadsheetsTimeout', { from: step, thenEveryCall: true });
          let said = '';
          try {
            said = JSON.stringify(addOn.emulator.run<RefreshResult>('refreshAllTabs'));
          } catch (err) {
            said = (err as Error).message;
          }
          // The step by its call, the sheet it hit and how many such calls came before it.
          const first = addOn.emulator.serviceFaultFirst('spreadsheetsTimeout');
          const call = first ?? 'no call';
          named.set(call, (named.get(call) ?? 0) + 1);
          const name = `${call} #${named.get(call)}`;
          addOn.emulator.switches.clearServiceFaults();
          if (first === null) faults.push(`step ${step}: never reached, the refresh made fewer calls`);
          else reached += 1;
          if (GOOGLE_TEXT.test(said)) faults.push(`${name}: Google's words reached the author`);
          faults.push(...ledgerFaults(name, before, ledgerOf(addOn), healthy));
          history = sheet;
        } finally {
          await addOn.close();
        }
      }
      // The walk reached the ledger's insertion, its writes and its banner.
      expect([...named.keys()]).toEqual(
        expect.arrayContaining([`Range.setValues on ${history}`, `Sheet.insertRowsAfter on ${history}`]),
      );
      expect(named.get(`Range.setValues on ${history}`)).toBeGreaterThanOrEqual(2);
      expect(faults).toEqual([]);
      // Every Spreadsheet call of the healthy refresh was a step the timeout started at.
      expect(reached).toBe(calls);
    },
    900_000,
  );
});
