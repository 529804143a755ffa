// A refresh's start and its close from plain inputs: every port a recorder of the calls it gets. The steps
// after the start are core/refresh/sequence.ts's (its own test); here the run is cut short where it reaches
// them, so what is checked is what comes before and what always follows.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/core/api/index.ts';
import {
  beginRefresh,
  menuRefresh,
  NO_KEY,
  NO_ROOM_TO_CLAIM,
  REFRESH_RUNNING,
  type RefreshRunPort,
  runRefresh,
} from '../../../src/core/flows/refresh-run.ts';
import type { RefreshStart } from '../../../src/core/refresh/index.ts';
import { DEFAULT_SETTINGS } from '../../../src/core/settings.ts';

interface Setup {
  readonly key?: string | null;
  readonly lockFree?: boolean;
  readonly live?: RefreshStart | null;
  readonly addonRoute?: boolean;
  /** What recording a stopped refresh says the storage had no room for. */
  readonly stoppedNotKept?: string;
  /** The store had no room for the start record. */
  readonly startDropped?: boolean;
}

const NOW = Date.parse('2026-11-21T08:00:00Z');

function recorder(setup: Setup = {}) {
  const calls: string[] = [];
  /** Notes the call, then answers `value`. */
  const note = <T>(call: string, value?: T): T => {
    calls.push(call);
    return value as T;
  };
  const port: RefreshRunPort<{ user: true }> = {
    now: () => NOW,
    newRunId: () => 'run-new',
    addonRoute: setup.addonRoute ?? false,
    lock: () => ({
      tryLock: (ms) => note(`tryLock ${ms}`, setup.lockFree ?? true),
      releaseLock: () => note('releaseLock'),
    }),
    liveStart: () => note('liveStart', setup.live ?? null),
    recordStoppedRefresh: (next) =>
      note(`recordStopped ${next.origin} ${next.claim?.runId ?? '-'}`, setup.stoppedNotKept ?? null),
    noteRefreshStart: (start) =>
      note(
        `noteStart ${start.origin} ${start.claim?.runId ?? '-'}${start.claim?.notKept ? ' notKept' : ''}`,
        !setup.startDropped,
      ),
    clearRefreshStart: () => note('clearStart'),
    startProgress: (origin, _tabs, requests, runId) =>
      note(`startProgress ${origin} ${runId} ${requests > 0}`),
    endProgress: () => note('endProgress'),
    userValues: () => note('userValues', { user: true as const }),
    apiKey: () => (setup.key === undefined ? 'rfs_key' : setup.key),
    settings: () => DEFAULT_SETTINGS,
    client: (options) => {
      note(`client ${options.cache} ${options.generation ?? '-'}`);
      return {} as ApiClient;
    },
    isDemoKey: () => false,
    refreshPorts: () => {
      note('steps');
      throw new Error('cut short at the steps');
    },
    followedByFormulas: (result) => result,
    flush: () => note('flush'),
  };
  return { port, calls };
}

const CLOSE = ['clearStart', 'endProgress', 'flush', 'releaseLock'];

describe('a refresh from its start', () => {
  it('takes the lock, records a stopped refresh, notes its start, builds its client, then always closes', () => {
    const { port, calls } = recorder();
    expect(() => runRefresh(port, 'menu')).toThrow('cut short at the steps');
    expect(calls).toEqual([
      'tryLock 2000',
      'liveStart',
      'userValues',
      'recordStopped menu -',
      'noteStart menu -',
      'startProgress menu run-new true',
      'client none -',
      'steps',
      ...CLOSE,
    ]);
  });

  it("hands on what recording a stopped refresh could not keep, for the Status tab's banner", () => {
    const cut = "Add-on storage full, not kept whole: the tabs' last refreshes.";
    expect(beginRefresh(recorder({ stoppedNotKept: cut }).port, 'menu').stoppedNotKept).toBe(cut);
    expect(beginRefresh(recorder().port, 'menu').stoppedNotKept).toBeNull();
  });

  it("a sidebar refresh's start keeps that note in its claim, for its finish to say", () => {
    const cut = "Add-on storage full, not kept whole: the tabs' last refreshes.";
    const { port, calls } = recorder({ stoppedNotKept: cut });
    beginRefresh(port, 'sidebar', undefined, true);
    expect(calls).toContain('noteStart sidebar run-new notKept');
    const plain = recorder();
    beginRefresh(plain.port, 'sidebar', undefined, true);
    expect(plain.calls).toContain('noteStart sidebar run-new');
    // Recording the stopped refresh keeps room for that claim.
    expect(plain.calls).toContain('recordStopped sidebar run-new');
  });

  it("a sidebar refresh's start with no room for its claim is refused saying what to do, its note first kept", () => {
    const cut = "Add-on storage full, not kept whole: the tabs' last refreshes.";
    const { port, calls } = recorder({ stoppedNotKept: cut, startDropped: true });
    expect(() => beginRefresh(port, 'sidebar', undefined, true)).toThrow(`${NO_ROOM_TO_CLAIM} ${cut}`);
    expect(calls.some((c) => c.startsWith('startProgress'))).toBe(false);
    expect(() => beginRefresh(recorder({ startDropped: true }).port, 'sidebar', undefined, true)).toThrow(
      NO_ROOM_TO_CLAIM,
    );
    // A refresh that holds the lock throughout needs no claim: it goes on without its start record.
    expect(() => runRefresh(recorder({ startDropped: true }).port, 'menu')).toThrow('cut short');
  });

  it("a sidebar refresh's finish goes on with its run: no stopped record, its answers from the user's cache", () => {
    const { port, calls } = recorder({
      live: { origin: 'sidebar', startedAt: NOW, tabs: [], claim: { runId: 'r1', parts: 3 } },
    });
    expect(() => runRefresh(port, 'sidebar', 'r1')).toThrow('cut short');
    expect(calls).not.toContain('recordStopped');
    expect(calls).toContain('startProgress sidebar r1 true');
    expect(calls).toContain('client user r1');
  });

  it('is refused while another refresh holds the lock, touching nothing', () => {
    const { port, calls } = recorder({ lockFree: false });
    expect(() => runRefresh(port, 'menu')).toThrow(REFRESH_RUNNING);
    expect(calls).toEqual(['tryLock 2000']);
  });

  it("is refused while a sidebar refresh's claim is live, and in the add-on build while another's night runs", () => {
    const claim = {
      origin: 'sidebar' as const,
      startedAt: NOW,
      tabs: [],
      claim: { runId: 'other', parts: 2 },
    };
    const claimed = recorder({ live: claim });
    expect(() => runRefresh(claimed.port, 'menu')).toThrow(REFRESH_RUNNING);
    expect(claimed.calls).toEqual(['tryLock 2000', 'liveStart', 'releaseLock']);
    const night = { origin: 'nightly' as const, startedAt: NOW, tabs: [] };
    expect(() => runRefresh(recorder({ live: night, addonRoute: true }).port, 'menu')).toThrow(
      REFRESH_RUNNING,
    );
    // The bound build's refreshes share one lock: a start record without a claim holds nothing off.
    expect(() => runRefresh(recorder({ live: night }).port, 'menu')).toThrow('cut short');
  });

  it('is refused without a key, the start record never written, and still closes', () => {
    const { port, calls } = recorder({ key: null });
    expect(() => runRefresh(port, 'menu')).toThrow(NO_KEY);
    expect(calls.filter((c) => c.startsWith('noteStart'))).toEqual([]);
    expect(calls.slice(-4)).toEqual(CLOSE);
  });

  it('from the menu, says why nothing ran in a toast', () => {
    const toasts: string[] = [];
    expect(
      menuRefresh(recorder({ key: null }).port, (message, title) => toasts.push(`${title}: ${message}`)),
    ).toBeNull();
    expect(toasts).toEqual([`Royalties: refresh not done: ${NO_KEY}`]);
  });
});
