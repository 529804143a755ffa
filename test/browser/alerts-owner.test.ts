// The sidebar's Alerts fold for an editor who is not the spreadsheet's owner, in real headless Chromium
// through the preview server: the lines in use are shown, every control disabled, and the fold says who
// sets them. The owner's fold stays editable.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Preview, startPreview } from '../../local/preview/server.ts';
import { addOnDist } from '../support/bundles.ts';
import { type Browser, launchChromium, openSidebarPage } from './chromium.ts';

let preview: Preview;
let browser: Browser;

beforeAll(async () => {
  preview = await startPreview({ distDir: await addOnDist(), demo: { today: '2026-11-20' } });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await preview?.close();
});

const CONTROLS = ['#alerts-enabled', '#alerts-adsNote', '#alerts-kenpRise', '#alerts-save'];

async function alertsFold(as: string): Promise<Page> {
  const page = await openSidebarPage(browser, `${preview.url}/sidebar?as=${encodeURIComponent(as)}`);
  await page.locator('#alerts-section').waitFor({ state: 'visible' });
  return page;
}

it("shows an editor the owner's lines, disabled, and who sets them", async () => {
  preview.emulator.run('saveAlertLines', [{ adsNote: 25 }]);
  const page = await alertsFold(preview.emulator.editors[0]!);
  for (const control of CONTROLS) expect(await page.isDisabled(control), control).toBe(true);
  expect(await page.inputValue('#alerts-adsNote')).toBe('25');
  expect(await page.textContent('#alerts-message')).toBe(
    "Only the spreadsheet's owner sets these lines or turns alerts off: the alerts you see are judged against them.",
  );
  await page.close();

  const owners = await alertsFold(preview.emulator.owner);
  for (const control of CONTROLS) expect(await owners.isDisabled(control), control).toBe(false);
  expect(await owners.textContent('#alerts-message')).toBe('');
  await owners.close();
});
