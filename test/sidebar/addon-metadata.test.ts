// The installed add-on's records in the spreadsheet's own developer metadata (ROYALTIES_ROUTE=addon), through
// its built bundle: the metadata of one location is limited (30,000 characters as reported, UNCONFIRMED:
// docs/google-rules.md), and the room is shared with whatever else the spreadsheet keeps there, another
// add-on's included; and the list is read once per execution, not once per record.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mismatches } from '../../src/core/checks/index.ts';
import { DASHBOARD_KEY } from '../../src/core/dashboard/index.ts';
import { NO_ROOM_TO_CLAIM, REFRESH_RUNNING } from '../../src/core/flows/refresh-run.ts';
import type { SidebarState } from '../../src/core/flows/sidebar-state.ts';
import type { RefreshResult } from '../../src/core/refresh/index.ts';
import { parseRefreshStart, REFRESH_START_PROPERTY, STATUS_PROPERTY } from '../../src/core/refresh/index.ts';
import { LAST_REFRESH_NOT_KEPT } from '../../src/core/refresh/last-refresh.ts';
import { TAB_CHOICES, tabTitle } from '../../src/core/tab-ids.ts';
import { CHECKS_PROPERTY } from '../../src/core/tabs/index.ts';
import { warningsFor } from '../../src/sidebar/warnings.ts';
import { type AddOn, startAddOn } from '../support/addon.ts';
import { installedAddOnDist } from '../support/bundles.ts';
import {
  booksOneRowShort,
  leaveMetadataRoom,
  METADATA_LIMIT,
  metadataSize,
  otherAddOnRecord,
  stoppedRefreshWithLittleRoom,
  storedMetadata,
  summaryOneMore,
} from '../support/metadata-room.ts';
import { tabsWrittenWithEveryChoice } from '../support/tab-count.ts';

const opened: AddOn[] = [];
// The add-on build (terser's three passes) made before the tests, not inside whichever runs first.
beforeAll(() => installedAddOnDist(), 120_000);
afterEach(async () => {
  await Promise.all(opened.splice(0).map((a) => a.close()));
});

async function addOn(): Promise<AddOn> {
  const a = await startAddOn({ distDir: await installedAddOnDist(), emulator: { deployment: 'addon' } });
  opened.push(a);
  a.emulator.run('useDemoKey');
  a.emulator.run('saveSettings', [{ tabs: [...TAB_CHOICES] }]);
  return a;
}

/** How many of its sheet's metadata keys the dashboard reads to find its own record: up to and with it. */
function dashboardKeysRead(a: AddOn): number {
  for (const sheet of a.emulator.spreadsheet.getSheets()) {
    const at = sheet.getDeveloperMetadata().findIndex((m) => m.getKey() === DASHBOARD_KEY);
    if (at >= 0) return at + 1;
  }
  throw new Error('No dashboard record: the refresh did not write the dashboard.');
}

describe("the spreadsheet's metadata, nearly full with another add-on's", () => {
  it('shortens what would not fit: the refresh succeeds and the sidebar still reads the settings', async () => {
    const a = await addOn();
    a.emulator.run('refreshAllTabs');
    // Another add-on leaves 600 characters free, then reports stop adding up: the checks want more.
    const free = 600;
    const other = leaveMetadataRoom(a.emulator, free);
    await booksOneRowShort(a.api);
    const result = a.emulator.run<RefreshResult>('refreshAllTabs');
    const after = storedMetadata(a.emulator);
    expect(metadataSize(after)).toBeLessThanOrEqual(METADATA_LIMIT);
    expect(otherAddOnRecord(after)).toHaveLength(other);
    // The checks keep whole ones first, as many as fit; the headline drops its book list.
    const differ = mismatches(result.checks ?? []);
    const kept = JSON.parse(after.get(CHECKS_PROPERTY) ?? '[]') as Array<{ subject: string; more?: number }>;
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(differ.length);
    expect(kept[0]!.subject).toBe(differ[0]!.subject);
    // It says how many it had no room for.
    expect(kept[kept.length - 1]!.more).toBe(differ.length - kept.length);
    const state = a.emulator.run<SidebarState>('getSidebarState');
    expect(state.settings.tabs).toEqual([...TAB_CHOICES]);
    expect(state.mismatches).toEqual(kept);
    // Every tab ticked, the year's choice written as one tab per year asked for.
    const written = tabsWrittenWithEveryChoice();
    expect(result.tabs).toHaveLength(written);
    expect(state.lastRefresh).toMatchObject({ ok: true, message: `Refreshed ${written} tabs.` });
    expect(state.lastRefresh?.figures?.topBooks).toEqual([]);
    expect(state.lastRefresh?.figures?.bookCount).toBeGreaterThan(0);
    expect(after.has(STATUS_PROPERTY)).toBe(true);
    expect(result.tabs.every((t) => !t.error)).toBe(true);
  });
});

describe("the spreadsheet's metadata with no room for one check that does not add up", () => {
  it('the sidebar still says reports do not add up, and that the Status tab has them', async () => {
    const a = await addOn();
    // No alerts: no books' baseline, which would give the checks its room.
    a.emulator.run('saveAlertLines', [{ enabled: false }]);
    a.emulator.run('refreshAllTabs');
    // Another add-on leaves 20 characters free, then the Summary's totals stop adding up (the books, and
    // so the records kept of them, as they were).
    leaveMetadataRoom(a.emulator, 20);
    await summaryOneMore(a.api);
    const result = a.emulator.run<RefreshResult>('refreshAllTabs');
    const differ = mismatches(result.checks ?? []);
    expect(differ.length).toBeGreaterThan(0);
    expect(metadataSize(storedMetadata(a.emulator))).toBeLessThanOrEqual(METADATA_LIMIT);
    const state = a.emulator.run<SidebarState>('getSidebarState');
    expect(state.mismatches).toEqual([{ more: differ.length }]);
    expect(warningsFor(state)).toContain(
      `Reports do not add up in ${differ.length} checks: see Checks on the Royalties status tab.`,
    );
    const banner = String(a.emulator.sheetSnapshot(tabTitle('status')).values[0]![0]);
    expect(banner).toContain('Add-on storage full, not kept whole:');
  });
});

describe("the spreadsheet's metadata full", () => {
  it('refuses to save longer settings, saying why, and keeps those saved before', async () => {
    const a = await addOn();
    a.emulator.run('saveSettings', [{ tabs: ['summary'] }]);
    leaveMetadataRoom(a.emulator, 0);
    expect(() => a.emulator.run('saveSettings', [{ tabs: [...TAB_CHOICES] }])).toThrow(
      /Settings not saved: this spreadsheet's developer metadata.*is full/,
    );
    const state = a.emulator.run<SidebarState>('getSidebarState');
    expect(state.settings.tabs).toEqual(['summary']);
  });
});

describe('service calls of a refresh', () => {
  it('list the metadata once, whatever the number of records read and written', async () => {
    const a = await addOn();
    a.emulator.run('refreshAllTabs');
    a.emulator.stats.reset();
    a.emulator.run('refreshAllTabs');
    const calls = a.emulator.stats.calls();
    // One list and each entry's key once (settings, status, checks, last refresh, the books' sales baseline;
    // the dashboard reads its sheet's up to its own record), where every record read or written used to list
    // them all.
    expect(storedMetadata(a.emulator).size).toBe(5);
    expect(calls['Spreadsheet.getDeveloperMetadata']).toBe(1);
    expect(calls['DeveloperMetadata.getKey']).toBe(storedMetadata(a.emulator).size + dashboardKeysRead(a));
  });
});

/** The sidebar's refresh as src/sidebar/refresh-parts.ts runs it: the start, each part, the finish;
 * `afterStart` looks at what the start left before the parts run. */
function sidebarRefresh(
  a: AddOn,
  afterStart: (started: { runId: string; parts: number }) => void = () => {},
): RefreshResult {
  const { runId, parts } = a.emulator.run<{ runId: string; parts: number }>('startRefresh');
  afterStart({ runId, parts });
  let total = parts;
  for (let part = 0; part < total; part++) {
    total += a.emulator.run<{ more: number }>('refreshPart', [runId, part]).more;
  }
  return a.emulator.run<RefreshResult>('finishRefresh', [runId]);
}

describe('a refresh Apps Script stopped, recorded by a sidebar refresh with the metadata nearly full', () => {
  it("says what the record's cut left out at the sidebar refresh's end and on the Status tab", async () => {
    const a = await addOn();
    stoppedRefreshWithLittleRoom(a.emulator);

    const result = sidebarRefresh(a);
    expect(result.tabs.map((t) => [t.tab, t.error])).toEqual([['summary', null]]);
    // The start cut the stopped refresh's messages; the finish's own save had room for the cut book.
    const book = JSON.parse(storedMetadata(a.emulator).get(STATUS_PROPERTY) ?? '{}') as Record<
      string,
      { lastFailure?: string }
    >;
    expect(book.kenp?.lastFailure).toMatch(/^The menu refresh started/);
    expect(book.kenp?.lastFailure).not.toMatch(/nothing was updated\.$/);
    const cut = "Add-on storage full, not kept whole: the tabs' last refreshes.";
    expect(String(a.emulator.sheetSnapshot(tabTitle('status')).values[0]![0])).toContain(cut);
    expect(result.notKept).toBe(cut);
    expect(metadataSize(storedMetadata(a.emulator))).toBeLessThanOrEqual(METADATA_LIMIT);
  });
});

/** The claim in the start record a sidebar refresh's start stored. */
const claimOf = (a: AddOn) =>
  parseRefreshStart(storedMetadata(a.emulator).get(REFRESH_START_PROPERTY) ?? null)?.claim;

describe("a sidebar refresh's start, recording a stopped refresh with little room left for its claim", () => {
  const cut = "Add-on storage full, not kept whole: the tabs' last refreshes.";

  it('keeps its claim and the note in it: the menu is held off while the parts fetch, the finish says it', async () => {
    const a = await addOn();
    // The stopped refresh was of the Summary alone: its start record is much shorter than the claim.
    stoppedRefreshWithLittleRoom(a.emulator, 100, ['summary']);
    const result = sidebarRefresh(a, (started) => {
      expect(claimOf(a)).toEqual({ ...started, notKept: cut });
      // Without its claim, a second refresh ran while the parts were fetching.
      expect(() => a.emulator.run('refreshAllTabs')).toThrow(REFRESH_RUNNING);
    });
    expect(result.notKept).toBe(cut);
    expect(result.tabs.map((t) => [t.tab, t.error])).toEqual([['summary', null]]);
    expect(metadataSize(storedMetadata(a.emulator))).toBeLessThanOrEqual(METADATA_LIMIT);
  });

  it('with no stopped refresh, makes room for its claim in the history all the same, and says so', async () => {
    const a = await addOn();
    a.emulator.run('saveSettings', [{ tabs: ['summary'] }]);
    a.emulator.run('refreshAllTabs');
    leaveMetadataRoom(a.emulator, 100);
    const result = sidebarRefresh(a, (started) => {
      expect(claimOf(a)).toEqual({ ...started, notKept: cut });
    });
    expect(result.notKept).toBe(cut);
    expect(result.tabs.map((t) => [t.tab, t.error])).toEqual([['summary', null]]);
    expect(metadataSize(storedMetadata(a.emulator))).toBeLessThanOrEqual(METADATA_LIMIT);
  });

  it('with no room for the claim at all, is refused saying what to do, and the menu refresh still runs', async () => {
    const a = await addOn();
    stoppedRefreshWithLittleRoom(a.emulator, 0, ['summary']);
    expect(() => a.emulator.run('startRefresh')).toThrow(NO_ROOM_TO_CLAIM);
    expect(storedMetadata(a.emulator).has(REFRESH_START_PROPERTY)).toBe(false);
    // As the sentence says: the menu's refresh holds the lock throughout and needs no claim.
    const result = a.emulator.run<RefreshResult>('refreshAllTabs');
    expect(result.tabs.map((t) => [t.tab, t.error])).toEqual([['summary', null]]);
    expect(metadataSize(storedMetadata(a.emulator))).toBeLessThanOrEqual(METADATA_LIMIT);
  });
});

describe("a sidebar refresh with the metadata nearly full before the spreadsheet's first refresh", () => {
  /** The Summary chosen, `free` characters left by another add-on, then the sidebar's refresh. */
  async function firstRefreshIn(free: number) {
    const a = await addOn();
    a.emulator.run('saveSettings', [{ tabs: ['summary'] }]);
    leaveMetadataRoom(a.emulator, free);
    const result = sidebarRefresh(a);
    expect(result.tabs.map((t) => [t.tab, t.error])).toEqual([['summary', null]]);
    expect(metadataSize(storedMetadata(a.emulator))).toBeLessThanOrEqual(METADATA_LIMIT);
    return { result, state: a.emulator.run<SidebarState>('getSidebarState') };
  }

  it("keeps the last refresh's record before the status history: the reloaded sidebar says the outcome", async () => {
    const { result, state } = await firstRefreshIn(450);
    expect(state.lastRefresh).toMatchObject({ ok: true, message: 'Refreshed 1 tab.' });
    expect(result.notKept).toBe("Add-on storage full, not kept whole: the tabs' last refreshes.");
  });

  it('with no room for that record even so, hands the sidebar no record to reload, and says so', async () => {
    const { result, state } = await firstRefreshIn(300);
    // The sidebar reloads its state only for a result with a record: here it says the outcome itself.
    expect(state.lastRefresh).toBeNull();
    expect(result.lastRefresh).toBeUndefined();
    expect(result.notKept).toBe(LAST_REFRESH_NOT_KEPT);
  });
});
