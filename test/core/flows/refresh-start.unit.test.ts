// The start record from plain inputs: the document store a map, the clock a number, the Status record kept.
import { describe, expect, it } from 'vitest';
import { NIGHTLY_RUN_PROPERTY, nightlyRunFromStored } from '../../../src/core/flows/nightly.ts';
import * as start from '../../../src/core/flows/refresh-start.ts';
import {
  REFRESH_START_PROPERTY,
  type RefreshStart,
  type StatusBook,
} from '../../../src/core/refresh/index.ts';

const MINUTE = 60_000;

/** `notKept`: what saving the status book says the storage had no room for; `room`: what the store can
 * still hold under a key. */
function records(now: number, stored?: RefreshStart, notKept: string | null = null, room = Infinity) {
  const values = new Map<string, string>();
  let next: unknown;
  if (stored) values.set(REFRESH_START_PROPERTY, JSON.stringify(stored));
  let book: StatusBook = {};
  const store = {
    getProperty: (key: string) => values.get(key) ?? null,
    setProperty: (key: string, value: string) => void values.set(key, value),
    deleteProperty: (key: string) => void values.delete(key),
  };
  const port: start.RefreshStartPort = {
    now: () => now,
    read: () => store,
    store: () => store,
    roomFor: () => room,
    sheetZone: () => 'Europe/Paris',
    sheetTime: (zone, ms) => `${new Date(ms).toISOString().slice(0, 16)} ${zone}`,
    loadStatusBook: () => book,
    saveStatusBook: (given, after) => {
      book = given;
      next = after;
      return notKept;
    },
  };
  return { port, values, book: () => book, next: () => next };
}

/** The start record that takes a stopped one's place: a menu refresh's. */
const MENU: RefreshStart = { origin: 'menu', startedAt: Date.UTC(2026, 0, 2, 9), tabs: ['summary'] };

const NIGHT: RefreshStart = { origin: 'nightly', startedAt: Date.UTC(2026, 0, 2, 3), tabs: ['summary'] };

describe("a refresh's start record", () => {
  it('is written, seen live while an execution may still run, and cleared', () => {
    const { port, values } = records(NIGHT.startedAt + MINUTE);
    start.noteRefreshStart(NIGHT, port);
    expect(start.liveStart(port)).toEqual(NIGHT);
    start.clearRefreshStart(port);
    expect(values.size).toBe(0);
    expect(start.liveStart(port)).toBeNull();
  });

  it('is not live once an execution would have been stopped', () => {
    const { port } = records(NIGHT.startedAt + 6 * MINUTE, NIGHT);
    expect(start.liveStart(port)).toBeNull();
  });

  it("left behind by a night: recorded as a failure of its tabs and as the night's outcome, then removed", () => {
    const { port, values, book } = records(NIGHT.startedAt + 7 * MINUTE, NIGHT);
    start.recordStoppedRefresh(port, MENU);
    expect(values.has(REFRESH_START_PROPERTY)).toBe(false);
    expect(book().summary?.lastFailure).toContain('2026-01-02T03:00 Europe/Paris');
    const run = nightlyRunFromStored(values.get(NIGHTLY_RUN_PROPERTY) ?? null);
    expect(run).toMatchObject({ ok: false, at: '2026-01-02T03:00:00.000Z' });
  });

  it("left behind and cut for room: said in the night's outcome and handed on for the Status tab", () => {
    const cut = "Add-on storage full, not kept whole: the tabs' last refreshes.";
    const { port, values } = records(NIGHT.startedAt + 7 * MINUTE, NIGHT, cut);
    expect(start.recordStoppedRefresh(port, MENU)).toBe(cut);
    const run = nightlyRunFromStored(values.get(NIGHTLY_RUN_PROPERTY) ?? null);
    expect(run?.message).toMatch(/6-minute limit: nothing was updated\. Add-on storage full, not kept whole/);
    expect(start.recordStoppedRefresh(records(NIGHT.startedAt + 7 * MINUTE, NIGHT).port, MENU)).toBeNull();
  });

  it("keeps room for the start record taking its place: a sidebar refresh's claim with the note in it", () => {
    const cut = "Add-on storage full, not kept whole: the tabs' last refreshes.";
    const claim = { ...MENU, origin: 'sidebar' as const, claim: { runId: 'run-1', parts: 2 } };
    const { port, next } = records(NIGHT.startedAt + 7 * MINUTE, NIGHT, cut);
    start.recordStoppedRefresh(port, claim);
    const noted = { ...claim, claim: { ...claim.claim, notKept: cut } };
    expect(next()).toEqual([REFRESH_START_PROPERTY, JSON.stringify(noted).length]);
    const menu = records(NIGHT.startedAt + 7 * MINUTE, NIGHT);
    start.recordStoppedRefresh(menu.port, MENU);
    expect(menu.next()).toEqual([REFRESH_START_PROPERTY, JSON.stringify(MENU).length]);
  });

  it('with none left behind, makes room for a claim only when it has none: the history cut, the note said', () => {
    const cut = "Add-on storage full, not kept whole: the tabs' last refreshes.";
    const claim = { ...MENU, origin: 'sidebar' as const, claim: { runId: 'run-1', parts: 2 } };
    const noted = { ...claim, claim: { ...claim.claim, notKept: cut } };
    const short = records(MENU.startedAt, undefined, cut, JSON.stringify(noted).length - 1);
    expect(start.recordStoppedRefresh(short.port, claim)).toBe(cut);
    expect(short.next()).toEqual([REFRESH_START_PROPERTY, JSON.stringify(noted).length]);
    // Room enough, or no claim: nothing saved.
    const roomy = records(MENU.startedAt, undefined, cut, JSON.stringify(noted).length);
    expect(start.recordStoppedRefresh(roomy.port, claim)).toBeNull();
    expect(roomy.next()).toBeUndefined();
    const menu = records(MENU.startedAt, undefined, cut, 0);
    expect(start.recordStoppedRefresh(menu.port, MENU)).toBeNull();
    expect(menu.next()).toBeUndefined();
  });

  it('says whether the store had room to keep it', () => {
    const text = JSON.stringify(MENU);
    expect(start.noteRefreshStart(MENU, records(MENU.startedAt, undefined, null, text.length).port)).toBe(
      true,
    );
    expect(start.noteRefreshStart(MENU, records(MENU.startedAt, undefined, null, text.length - 1).port)).toBe(
      false,
    );
  });

  it("left behind by the menu: the Status tab's record only", () => {
    const { port, values, book } = records(NIGHT.startedAt, { ...NIGHT, origin: 'menu' });
    start.recordStoppedRefresh(port, MENU);
    expect(book().summary?.lastFailure).toContain('menu refresh');
    expect(values.size).toBe(0);
  });

  it('is told to the sidebar only once the 6 minutes are surely over', () => {
    expect(start.stoppedRefreshNote(records(NIGHT.startedAt + 5 * MINUTE, NIGHT).port)).toBeUndefined();
    expect(start.stoppedRefreshNote(records(NIGHT.startedAt + 7 * MINUTE, NIGHT).port)).toContain(
      'nightly refresh started 2026-01-02T03:00',
    );
  });

  it('stands for the last night in the sidebar when no run was recorded since it started', () => {
    const { port } = records(NIGHT.startedAt + 7 * MINUTE, NIGHT);
    const earlier = { at: '2026-01-01T03:00:00.000Z', ok: true, message: 'Refreshed' };
    expect(start.lastNightWithStopped(earlier, 'UTC', port)).toMatchObject({ ok: false });
    const later = { ...earlier, at: '2026-01-02T03:05:00.000Z' };
    expect(start.lastNightWithStopped(later, 'UTC', port)).toBe(later);
  });
});
