// The one list of tab kinds (src/core/tab-ids.ts): the choices are the endpoints then our own tabs, in the
// order the sidebar lists them; every tab of ours has its own title; a mark names only a tab we write.
import { describe, expect, it } from 'vitest';
import { ENDPOINT_IDS, ENDPOINTS } from '../../src/core/endpoints.ts';
import { parseSettings } from '../../src/core/settings.ts';
import { DEFAULT_TAB_CHOICES, isTabId, TAB_CHOICES, type TabId, tabTitle } from '../../src/core/tab-ids.ts';
import { parseMark } from '../../src/core/tabs/index.ts';

const OURS_NEVER_CHOSEN: readonly TabId[] = ['status', 'history-months'];

describe('the tab kinds', () => {
  it('offer every endpoint, then the history, the dashboard and the year, which is asked for', () => {
    expect(TAB_CHOICES).toEqual([...ENDPOINT_IDS, 'history', 'dashboard', 'year']);
    expect(DEFAULT_TAB_CHOICES).toEqual([...ENDPOINT_IDS, 'history', 'dashboard']);
  });

  it('give each tab of ours a title of its own, an endpoint its own title', () => {
    const all = [...TAB_CHOICES, ...OURS_NEVER_CHOSEN];
    const titles = all.map(tabTitle);
    expect(new Set(titles).size).toBe(all.length);
    for (const id of ENDPOINT_IDS) expect(tabTitle(id), id).toBe(ENDPOINTS[id].title);
    expect(tabTitle('status')).toBe('Royalties status');
    expect(tabTitle('history')).toBe('Royalties history');
    expect(tabTitle('history-months')).toBe('Royalties by month');
    expect(tabTitle('dashboard')).toBe('Royalties dashboard');
  });

  it('know every tab of ours, and nothing else, not even a name every object has', () => {
    for (const id of [...TAB_CHOICES, ...OURS_NEVER_CHOSEN]) expect(isTabId(id), id).toBe(true);
    for (const other of ['Summary', '', 'toString', 'constructor', 'status ', null, 3]) {
      expect(isTabId(other), String(other)).toBe(false);
    }
    const mark = (tab: string) => JSON.stringify({ v: 1, tab, columns: [], blockRows: 0, dataAt: null });
    expect(parseMark(mark('history-months'))?.tab).toBe('history-months');
    expect(parseMark(mark('toString'))).toBeNull();
  });

  it('let settings choose only a tab the author can choose', () => {
    expect(parseSettings({ tabs: ['dashboard', 'summary'] }).tabs).toEqual(['summary', 'dashboard']);
    for (const tab of OURS_NEVER_CHOSEN) {
      expect(() => parseSettings({ tabs: [tab] })).toThrow(`Unknown tab "${tab}"`);
    }
  });
});
