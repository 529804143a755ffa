// The preview laid out as Google Sheets, in real headless Chromium at the listing's 1280×800: the sidebar on
// the right at 300 px, the grid's column letters and row numbers, the tab bar at the bottom, a formula cell's
// formula in the formula bar, figures as the tab formats them, and Extensions ▸ Royalties for Sheets running
// the add-on's own menu (Help ▸ Check this installation opening its dialog over the page). The preview
// (its tabs refreshed, a formula typed) and Chromium are started once for the file, and no test changes
// them; each test opens its own page.
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type Preview, startPreview } from '../../local/preview/server.ts';
import { tabTitle } from '../../src/core/tab-ids.ts';
import { addOnDist } from '../support/bundles.ts';
import { type Browser, launchChromium } from './chromium.ts';

const SIZE = { width: 1280, height: 800 };
const FORMULA = '=ROYALTIES_SUMMARY("last_30_days")';

let preview: Preview;
let browser: Browser;

beforeAll(async () => {
  preview = await startPreview({ distDir: await addOnDist(), demo: { today: '2026-11-20' } });
  preview.emulator.run('useDemoKey');
  preview.emulator.run('refreshAllTabs');
  preview.emulator.run('setFormulaAccess', [true]);
  preview.emulator.formulas.enter('Sheet1', 'B2', FORMULA);
  browser = await launchChromium(SIZE);
});
afterAll(async () => {
  await browser?.close();
  await preview?.close();
});

/** A page of its own on the preview, at Sheet1 with B2 (the formula) selected, the sidebar ready. */
async function sheets(): Promise<{ page: Page; grid: FrameLocator }> {
  const page = await browser.context.newPage();
  onTestFinished(() => page.close());
  await page.goto(`${preview.url}/?sheet=Sheet1&cell=B2`);
  await page.frameLocator('#side').locator('#app[data-ready="true"]').waitFor();
  return { page, grid: page.frameLocator('#grid') };
}

describe('the preview as Sheets lays it out', { timeout: 120_000 }, () => {
  it('puts the sidebar on the right at 300 px, beside the grid', async () => {
    const { page } = await sheets();
    const side = await page.locator('#side').boundingBox();
    const cells = await page.locator('#grid').boundingBox();
    expect(side?.width).toBe(300);
    expect((side?.x ?? 0) + (side?.width ?? 0)).toBe(SIZE.width);
    expect((cells?.x ?? 0) + (cells?.width ?? 0)).toBeLessThanOrEqual(side?.x ?? 0);
    expect(await page.locator('#sidebar-title').textContent()).toContain('Royalties');
  });

  it('draws column letters and row numbers, and the tab bar at the bottom with every tab', async () => {
    const { grid } = await sheets();
    const letters = await grid.locator('th.col').allTextContents();
    expect(letters.slice(0, 4)).toEqual(['A', 'B', 'C', 'D']);
    const rows = await grid.locator('th.row').allTextContents();
    expect(rows.slice(0, 3)).toEqual(['1', '2', '3']);
    const tabs = await grid.locator('#tab-bar .tab').allTextContents();
    expect(tabs).toContain('Sheet1');
    expect(tabs).toContain(tabTitle('summary'));
    expect(await grid.locator('#tab-bar .tab.active').textContent()).toBe('Sheet1');
    const bar = await grid.locator('#tab-bar').evaluate((el) => ({
      bottom: el.getBoundingClientRect().bottom,
      height: innerHeight,
    }));
    expect(bar.bottom).toBe(bar.height);
  });

  it("shows a formula cell's formula in the formula bar, and a plain cell's value", async () => {
    const { grid } = await sheets();
    expect(await grid.locator('#name-box').textContent()).toBe('B2');
    expect(await grid.locator('#formula').textContent()).toBe(FORMULA);
    const answer = grid.locator('td[data-a1="C2"]');
    const shown = (await answer.textContent()) ?? '';
    expect(shown).not.toBe('');
    await answer.click();
    expect(await grid.locator('#name-box').textContent()).toBe('C2');
    expect(await grid.locator('#formula').textContent()).toBe(shown);
  });

  it('shows figures as the tab formats them, numbers to the right', async () => {
    const { grid } = await sheets();
    await grid.locator(`#tab-bar .tab`, { hasText: tabTitle('summary') }).click();
    const money = grid
      .locator('td')
      .filter({ hasText: /^\$[\d,]+\.\d\d$/ })
      .first();
    await money.waitFor();
    expect(await money.evaluate((td) => getComputedStyle(td).textAlign)).toBe('right');
  });

  it('runs the add-on menu from Extensions ▸ Royalties for Sheets; the installation check opens as a dialog', async () => {
    const { page } = await sheets();
    await page.locator('#extensions').click();
    const items = await page.locator('#extensions-menu button').allTextContents();
    expect(items).toEqual([
      'Open Royalties',
      'Refresh all tabs',
      'Help ▸ How it works',
      'Help ▸ Check this installation',
    ]);
    expect(await page.locator('#extensions-menu .addon').textContent()).toBe('Royalties for Sheets ▸');
    await page.locator('#extensions-menu button', { hasText: 'Check this installation' }).click();
    await page.locator('#dialog:not([hidden])').waitFor();
    expect(await page.locator('#dialog-title').textContent()).toBe('Check this installation');
    const lines = await page.frameLocator('#dialog-frame').locator('#check-lines li').count();
    expect(lines).toBeGreaterThan(8);
  });
});
