// A refresh you can watch: the built add-on publishes its progress in the document cache, and a second
// execution (the sidebar's poll) reads it while the refresh waits on the API. The emulator runs that second
// execution where Google would run it in parallel: while the first waits on UrlFetchApp (whileWaiting).
// Each test has an add-on of its own on the file's demo API (its rounds slowed for several polls) and sets
// what runs meanwhile.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SidebarState } from '../../src/core/flows/sidebar-state.ts';
import {
  firstRoundEndpoints,
  type RefreshProgress,
  type RefreshResult,
  WAIT_SHOWN_MS,
  waitText,
} from '../../src/core/refresh/index.ts';
import { DEFAULT_SETTINGS } from '../../src/core/settings.ts';
import { type AddOn, startAddOn, useDemoApi } from '../support/addon.ts';
import { findKeyLeaks } from '../support/leaks.ts';

const demoApi = useDemoApi();
let addOn: AddOn;
/** What runs in the second execution while the first waits on the network; null: nothing. */
let meanwhile: (() => void) | null = null;

/** An add-on with its key saved whose API rounds wait long enough for several polls. */
async function startWatched(): Promise<AddOn> {
  const started = await startAddOn({ api: demoApi(), emulator: { whileWaiting: () => meanwhile?.() } });
  started.saveApiKeyFor();
  await started.api.setFaults('*', { latencyMs: 150 });
  return started;
}

beforeEach(async () => {
  meanwhile = null;
  addOn = await startWatched();
});
afterEach(async () => {
  await addOn?.close();
});

function poll(as?: string): RefreshProgress | null {
  return addOn.emulator.run<RefreshProgress | null>('getRefreshProgress', [], as ? { as } : {});
}

describe('the first refresh of a new add-on', () => {
  // Its history has never been written: the refresh asks for its longest period while the tabs are.

  it('a second execution reads each step while the refresh waits on the API, in order, up to n of n', () => {
    const seen: RefreshProgress[] = [];
    const editor = addOn.emulator.editors[0]!;
    // The poll comes from another user's sidebar: the progress is the document's, not the owner's.
    meanwhile = () => {
      const p = poll(editor);
      if (p && seen.at(-1)?.updatedAt !== p.updatedAt) seen.push(p);
    };
    const result = addOn.emulator.run<RefreshResult>('refreshAllTabs');
    meanwhile = null;
    const tabs = DEFAULT_SETTINGS.tabs.length;

    // The history's first refresh asks the API for its longest period while the tabs are written.
    expect(seen.map((p) => p.step)).toEqual(['asking', 'reading', 'writing']);
    for (const p of seen) expect(p).toMatchObject({ running: true, origin: 'sidebar', tabs });
    expect(seen[0]!.requests).toBe(firstRoundEndpoints(DEFAULT_SETTINGS).length);
    expect(seen[1]!.series).toBeGreaterThan(0);
    expect(new Set(seen.map((p) => p.runId)).size).toBe(1);

    const done = poll()!;
    expect(done).toMatchObject({ runId: seen[0]!.runId, step: 'done', written: tabs, tabs, running: false });
    expect(result.tabs).toHaveLength(tabs);
    expect(done.updatedAt).toBeGreaterThanOrEqual(done.startedAt);
    // Counts only: never the key.
    expect(findKeyLeaks([JSON.stringify([...seen, done])], addOn.api.demoKey)).toEqual([]);
  });
});

describe('refresh progress', () => {
  it('publishes each tab as it is written, 1 to n in order, where the poll reads (the document cache)', () => {
    const before = addOn.emulator.capturedText().length;
    addOn.emulator.run<RefreshResult>('refreshAllTabs');
    // Every value the script put in a cache is captured by the emulator; the progress entries among them.
    const published = addOn.emulator
      .capturedText()
      .slice(before)
      .filter((text) => text.startsWith('{"runId"'))
      .map((text) => JSON.parse(text) as RefreshProgress);
    const ticks = published.filter((p) => p.step === 'writing' && p.written > 0).map((p) => p.written);
    const tabs = DEFAULT_SETTINGS.tabs.length;
    expect(ticks).toEqual(Array.from({ length: tabs }, (_, i) => i + 1));
    expect(published.at(-1)).toMatchObject({ step: 'done', written: tabs });
  });

  it('a refresh started from the menu shows as running in the state of a sidebar opened meanwhile', () => {
    let opened: SidebarState | null = null;
    meanwhile = () => {
      opened ??= addOn.emulator.run<SidebarState>('getSidebarState');
    };
    addOn.emulator.run('menuRefreshAllTabs');
    meanwhile = null;
    expect(opened!.refresh).toMatchObject({ origin: 'menu', running: true });
    // Running, not stopped: the note that Apps Script stopped a refresh is for one no execution owns.
    expect(opened!.stoppedRefresh).toBeUndefined();
    expect(addOn.emulator.run<SidebarState>('getSidebarState').refresh).toMatchObject({
      origin: 'menu',
      step: 'done',
      running: false,
    });
  });

  it('an execution run meanwhile may call the API itself; each gets its own answers', () => {
    let saved: unknown = null;
    meanwhile = () => {
      // A period that changed is tried with the API: a round of HTTP inside the other's wait.
      saved ??= addOn.emulator.run('saveSettings', [{ ...DEFAULT_SETTINGS, period: 'last_90_days' }]);
    };
    const result = addOn.emulator.run<RefreshResult>('refreshAllTabs');
    meanwhile = null;
    expect(saved).toMatchObject({ period: 'last_90_days' });
    expect(result.tabs.filter((t) => t.error)).toEqual([]);
  });

  it('a second refresh started meanwhile is refused: the first holds the document lock', () => {
    let second: unknown = null;
    meanwhile = () => {
      if (second !== null) return;
      try {
        second = addOn.emulator.run('refreshAllTabs');
      } catch (err) {
        second = (err as Error).message;
      }
    };
    const first = addOn.emulator.run<RefreshResult>('refreshAllTabs');
    meanwhile = null;
    expect(second).toMatch(/^A refresh is already running here: try again once it has finished\./);
    expect(first.tabs.filter((t) => t.error)).toEqual([]);
    // Released when the first ended: the next refresh runs.
    expect(addOn.emulator.run<RefreshResult>('refreshAllTabs').tabs.filter((t) => t.error)).toEqual([]);
  });

  it('a period or currency the API refuses is refused when saved, in its words, and nothing changes', async () => {
    const before = addOn.emulator.run<SidebarState>('getSidebarState').settings;
    const requests = (await addOn.api.requests()).length;
    expect(() =>
      addOn.emulator.run('saveSettings', [{ ...DEFAULT_SETTINGS, period: 'last_99_days' }]),
    ).toThrow(/^Unknown range 'last_99_days'\. Accepted: /);
    expect(() => addOn.emulator.run('saveSettings', [{ ...DEFAULT_SETTINGS, currency: 'XYZ' }])).toThrow(
      /currency 'XYZ'/i,
    );
    expect(addOn.emulator.run<SidebarState>('getSidebarState').settings).toEqual(before);
    // One request each, and none for unchanged settings.
    addOn.emulator.run('saveSettings', [{ ...before, tabs: ['summary'] }]);
    expect((await addOn.api.requests()).length - requests).toBe(2);
  });
});

describe('refresh progress while the API keeps a round waiting', () => {
  let hanging: AddOn;
  let poller: (() => void) | null = null;
  beforeAll(async () => {
    // A request unanswered after 4 s of real time counts as one that never answers (compressed time), and
    // not before, hang notice or not: the wait must last for the sidebar to see it grow.
    hanging = await startAddOn({
      emulator: { whileWaiting: () => poller?.(), hangAfterMs: 4_000, hangNotices: false },
    });
    hanging.saveApiKeyFor();
  });
  afterAll(async () => {
    await hanging?.close();
  });

  it('says how long it has waited, growing, then the run ends with the other tabs written', async () => {
    await hanging.api.setFaults('/reports/books', { hang: true });
    const waits: string[] = [];
    let last = 0;
    poller = () => {
      if (Date.now() - last < 500) return;
      last = Date.now();
      const p = hanging.emulator.run<RefreshProgress | null>('getRefreshProgress');
      const said = p ? waitText(p) : '';
      if (said && waits.at(-1) !== said) waits.push(said);
    };
    let result: RefreshResult;
    try {
      result = hanging.emulator.run<RefreshResult>('refreshAllTabs');
    } finally {
      poller = null;
      await hanging.api.clearFaults();
    }
    const seconds = waits.map((w) => Number(/^Waiting (\d+) s for the API to answer/.exec(w)?.[1]));
    expect(seconds.length).toBeGreaterThanOrEqual(1);
    for (const s of seconds) expect(s).toBeGreaterThanOrEqual(WAIT_SHOWN_MS / 1000);
    expect([...seconds].sort((a, b) => a - b)).toEqual(seconds);
    expect(waits[0]).toContain('given up after about 60 s');
    // The hanging report's tab failed; every other tab was written.
    const failed = result.tabs.filter((t) => t.error);
    // (The dashboard reads the books report too, and keeps its previous figures.)
    expect(failed.map((t) => t.tab)).toEqual(['books-report', 'dashboard']);
    const done = hanging.emulator.run<RefreshProgress>('getRefreshProgress');
    expect(done.step).toBe('done');
    expect(waitText(done)).toBe('');
  });
});
