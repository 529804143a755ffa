// Acceptance: a truncating API. Every cut tab says so in its banner, the Status tab's first line
// counts the cut tabs, and a tab cut to no rows still has a header row.
// Each test has an add-on of its own on the file's truncating demo API.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENDPOINT_IDS } from '../../src/core/endpoints.ts';
import { progressText, type RefreshProgress } from '../../src/core/refresh/index.ts';
import { tabTitle } from '../../src/core/tab-ids.ts';
import { BANNER_BACKGROUND, NO_ROWS_HEADER, TRUNCATION_WARNING } from '../../src/core/tabs/index.ts';
import { type AddOn, startAddOn, useDemoApi } from '../support/addon.ts';
import { banner, chooseSettings, ourTab, refresh } from './support.ts';

// Not one row can be read: every report is cut, most to nothing.
const demoApi = useDemoApi({ rowReadCap: 0 });
let addOn: AddOn;

beforeEach(async () => {
  addOn = await startAddOn({ api: demoApi() });
  addOn.saveApiKeyFor();
  // The reports only: the history refuses a cut timeline, tested last.
  chooseSettings(addOn, { tabs: [...ENDPOINT_IDS] });
});
afterEach(async () => {
  await addOn?.close();
});

describe('a refresh from an API that truncates', () => {
  it('counts the truncated tabs in the Status tab’s first line, beside the ones updated', () => {
    const result = refresh(addOn);
    const cut = result.tabs.filter((t) => t.truncated && !t.error);
    expect(cut.length, 'tabs the demo API cut').toBeGreaterThanOrEqual(8);
    const status = ourTab(addOn, 'status');
    const updated = result.tabs.filter((t) => !t.error).length;
    expect(banner(status)).toContain(
      `${updated} tabs updated (${cut.length} truncated: figures may be too low), 0 failed`,
    );
    expect(status.backgrounds[0]?.[0]).toBe(BANNER_BACKGROUND.truncated);
    // The progress line (a sidebar opened meanwhile, npm start) counts them too.
    const progress = addOn.emulator.run<RefreshProgress | null>('getRefreshProgress');
    expect(progressText(progress!)).toMatch(
      new RegExp(`written in (?:\\d+ s|under a second); ${cut.length} truncated: figures may be too low$`),
    );
    for (const t of cut) {
      const tab = ourTab(addOn, t.tab);
      expect(banner(tab).startsWith(TRUNCATION_WARNING), `${tabTitle(t.tab)} banner`).toBe(true);
    }
  });

  it('keeps a header row on a tab cut to no rows, and the figures beside the rows', () => {
    const result = refresh(addOn);
    const empty = result.tabs.filter((t) => t.rows === 0 && !t.error);
    expect(empty.length).toBeGreaterThan(0);
    for (const t of empty) {
      const header = ourTab(addOn, t.tab).values[1] ?? [];
      expect(
        header.filter((cell) => cell !== ''),
        `${tabTitle(t.tab)} has a header row`,
      ).not.toEqual([]);
    }
    const kenp = ourTab(addOn, 'kenp');
    expect(kenp.values[1]).toEqual([NO_ROWS_HEADER, 'Totals', 'Value', 'Field']);
    expect(kenp.values.slice(2).map((row) => row[3])).toEqual([
      'kenp.pages_read',
      'kenp.estimated_royalties',
    ]);
  });

  it('keeps the history as it was: a cut timeline could lower the days it holds', () => {
    chooseSettings(addOn, { tabs: ['history'] });
    const history = refresh(addOn).tabs.find((t) => t.tab === 'history')!;
    expect(history.error).toMatch(/^Some of the timeline's rows could not be read/);
    expect(banner(ourTab(addOn, 'history'))).toContain("Some of the timeline's rows could not be read");
  });
});
