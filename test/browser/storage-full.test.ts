// The installed add-on's sidebar (ROYALTIES_ROUTE=addon) in headless Chromium, its spreadsheet's metadata
// nearly full with another add-on's: what the storage could not keep (the refresh's own outcome included)
// is still said where the author reads of a refresh, and reports that do not add up are never left out of
// the warnings. Chromium is started once for the file; each test has its own preview (emulator, demo API)
// and sets up what it needs.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Preview, startPreview } from '../../local/preview/server.ts';
import { mismatches } from '../../src/core/checks/index.ts';
import type { RefreshResult } from '../../src/core/refresh/index.ts';
import { LAST_REFRESH_NOT_KEPT } from '../../src/core/refresh/last-refresh.ts';
import { TAB_CHOICES } from '../../src/core/tab-ids.ts';
import { BUILD_TIMEOUT, installedAddOnDist } from '../support/bundles.ts';
import { leaveMetadataRoom, stoppedRefreshWithLittleRoom, summaryOneMore } from '../support/metadata-room.ts';
import { type Browser, launchChromium, openSidebarPage } from './chromium.ts';

let distDir: string;
let preview: Preview;
let browser: Browser;

beforeAll(async () => {
  distDir = await installedAddOnDist();
  browser = await launchChromium();
}, BUILD_TIMEOUT);
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  preview = await startPreview({ distDir, demo: { today: '2026-11-20' }, emulator: { deployment: 'addon' } });
  preview.emulator.run('useDemoKey');
  return () => preview.close();
});

function openSidebar(): Promise<Page> {
  return openSidebarPage(browser, `${preview.url}/sidebar`);
}

describe('the metadata nearly full', () => {
  it("a stopped refresh's record cut for room: the sidebar's refresh says so when it ends", async () => {
    stoppedRefreshWithLittleRoom(preview.emulator);
    const page = await openSidebar();
    await page.click('#refresh-button');
    await page.locator('#refresh-results li').first().waitFor({ state: 'attached', timeout: 30_000 });
    const message = page.locator('#refresh-message');
    await message.filter({ hasText: 'Add-on storage full' }).waitFor({ timeout: 10_000 });
    expect(await message.textContent()).toBe(
      "Add-on storage full, not kept whole: the tabs' last refreshes.",
    );
    expect(await message.getAttribute('data-tone')).toBe('error');
    await page.close();
  });

  it("no room for the last refresh's record: the sidebar's refresh says its outcome, and that it is not kept", async () => {
    preview.emulator.run('saveSettings', [{ tabs: ['summary'] }]);
    leaveMetadataRoom(preview.emulator, 300);
    const page = await openSidebar();
    await page.click('#refresh-button');
    const message = page.locator('#refresh-message');
    await message.filter({ hasText: 'Refreshed 1 tab.' }).waitFor({ timeout: 30_000 });
    expect(await message.textContent()).toBe(`Refreshed 1 tab. ${LAST_REFRESH_NOT_KEPT}`);
    expect(await message.getAttribute('data-tone')).toBe('error');
    await page.close();
  });

  it('no room for one check that does not add up: the warnings say how many and where they are', async () => {
    preview.emulator.run('saveSettings', [{ tabs: [...TAB_CHOICES] }]);
    // No alerts: no books' baseline, whose room the checks would take.
    preview.emulator.run('saveAlertLines', [{ enabled: false }]);
    preview.emulator.run('refreshAllTabs');
    leaveMetadataRoom(preview.emulator, 20);
    await summaryOneMore(preview.api);
    const result = preview.emulator.run<RefreshResult>('refreshAllTabs');
    const count = mismatches(result.checks).length;
    expect(count).toBeGreaterThan(1);
    const page = await openSidebar();
    expect(await page.locator('#warnings li').allTextContents()).toContain(
      `Reports do not add up in ${count} checks: see Checks on the Royalties status tab.`,
    );
    expect(await page.locator('#warnings').isVisible()).toBe(true);
    await page.close();
  });
});
