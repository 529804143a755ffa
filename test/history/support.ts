// Reading the history tab back as the author sees it: one entry per data row, by column key.

import { expect, onTestFinished } from 'vitest';
import type { DemoApiHandle, DemoApiOptions } from '../../local/demo-api/index.ts';
import type { SheetSnapshot } from '../../local/gas/index.ts';
import { type AddOn, startAddOn } from '../support/addon.ts';
import { chooseSettings, markOf, ourTab, refresh } from '../tabs/support.ts';

export const DAY_MS = 86_400_000;
const EPOCH_OFFSET_DAYS = 25_569;

export function isoOfSerial(serial: unknown): string {
  if (typeof serial !== 'number') throw new Error(`not a date serial: ${String(serial)}`);
  return new Date((serial - EPOCH_OFFSET_DAYS) * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export interface LedgerView {
  readonly snapshot: SheetSnapshot;
  readonly keys: readonly string[];
  /** Data rows from row 3, by key, with `date` as YYYY-MM-DD. */
  readonly rows: Array<Record<string, unknown>>;
  /** The cells of each data row, our columns and the author's. */
  readonly cells: unknown[][];
}

export function ledger(addOn: AddOn): LedgerView {
  const snapshot = ourTab(addOn, 'history');
  const keys = markOf(snapshot)!.columns;
  const cells = snapshot.values.slice(2).filter((row) => typeof row[0] === 'number');
  const rows = cells.map((row) => {
    const out: Record<string, unknown> = {};
    keys.forEach((key, i) => {
      out[key] = key === 'date' ? isoOfSerial(row[i]) : row[i];
    });
    return out;
  });
  return { snapshot, keys, rows, cells };
}

/** The Status tab's note for the history. */
export function historyNote(addOn: AddOn): string {
  const status = addOn.emulator.sheetSnapshot('Royalties status');
  const noteAt = status.values[1]!.indexOf('Note');
  const row = status.values.find((r) => r[0] === 'Royalties history');
  return String(row?.[noteAt] ?? '');
}

/** The add-on and the demo API on the same day: the API's "today" and the emulator's clock (09:00 UTC). */
export function startOnDay(today: string, demo: DemoApiOptions = {}): Promise<AddOn> {
  return startAddOn({ demo: { ...demo, today }, emulator: { startTime: Date.parse(`${today}T09:00:00Z`) } });
}

/** The day every history story starts on, and how many days the API's figures settle after. */
export const FIRST_TODAY = '2026-11-20';
export const LAG = 3;

/** One test's ledger: its own add-on, on a demo API shared by the file's tests. */
export interface HistoryStory {
  readonly addOn: AddOn;
  /** The API's "today", a day on with each night. */
  readonly today: string;
  /** The API's today and the emulator's clock a day on; refreshing is the caller's. */
  nextDay(): Promise<void>;
  /** A night: the next day, then the nightly trigger's refresh (a story started with `nightly`). */
  night(): Promise<void>;
}

/**
 * A fresh add-on on `api` on FIRST_TODAY (`distDir`: another bundle than the add-on's), no key saved and no
 * settings chosen. The API is set here as every history test needs it, whatever another test left: its day,
 * a settling of LAG days and, like the real API, only last_30_days documented, so the backfill finds nothing
 * longer; no faults. The emulator is closed when the test ends.
 */
export async function addOnOnFirstDay(api: DemoApiHandle, distDir?: string): Promise<AddOn> {
  await api.setToday(FIRST_TODAY);
  await api.setSettling({ lagDays: LAG, ranges: ['last_30_days'] });
  await api.clearFaults();
  const addOn = await startAddOn({
    api,
    ...(distDir && { distDir }),
    emulator: { startTime: Date.parse(`${FIRST_TODAY}T09:00:00Z`) },
  });
  onTestFinished(() => addOn.close());
  return addOn;
}

interface StoryOptions {
  /** The nightly refresh turned on (story.night runs its trigger). */
  readonly nightly?: boolean;
  /** Another bundle than the add-on's (a test harness with the same entry points). */
  readonly distDir?: string;
}

/** addOnOnFirstDay with the owner's key saved and only the history chosen (the ledger fetches the timeline
 * even with the Timeline tab off), not yet refreshed. */
export async function startHistory(api: DemoApiHandle, options: StoryOptions = {}): Promise<HistoryStory> {
  const addOn = await addOnOnFirstDay(api, options.distDir);
  addOn.saveApiKeyFor();
  chooseSettings(addOn, { tabs: ['history'] });
  if (options.nightly) addOn.emulator.run('setNightlyRefresh', [true, 5]);
  return storyOf(addOn);
}

/** The days of `addOn`'s story, from FIRST_TODAY on. */
export function storyOf(addOn: AddOn): HistoryStory {
  let today = FIRST_TODAY;
  const story: HistoryStory = {
    addOn,
    get today() {
      return today;
    },
    async nextDay() {
      today = addDays(today, 1);
      await addOn.api.setToday(today);
      addOn.emulator.clock.advance(DAY_MS);
    },
    async night() {
      await story.nextDay();
      const trigger = addOn.emulator.triggers().find((t) => t.handler === 'nightlyRefresh');
      if (!trigger) throw new Error('No nightly refresh: start the story with { nightly: true }.');
      addOn.emulator.runTrigger(trigger.id);
    },
  };
  return story;
}

/** startHistory, its first refresh (which must succeed), then `nights` nights. */
export async function historyAfter(
  api: DemoApiHandle,
  nights: number,
  options: StoryOptions = {},
): Promise<HistoryStory> {
  const story = await startHistory(api, { ...options, nightly: nights > 0 || options.nightly });
  expect(refresh(story.addOn).tabs.map((t) => [t.tab, t.error])).toEqual([['history', null]]);
  for (let n = 0; n < nights; n++) await story.night();
  return story;
}
