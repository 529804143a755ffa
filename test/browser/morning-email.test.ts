// The sidebar's answer after a refresh (headline figures, the per-tab rows folded), what it says when
// reopened after a night, and the morning e-mail's three choices and test button, in headless Chromium.
// Each test starts its own preview (emulator, demo API) and sets up the key, the refresh and the night it
// needs; Chromium, which holds no add-on state, is started once for the file, each test on its own page.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../local/build/build.ts';
import { type Preview, startPreview } from '../../local/preview/server.ts';
import type { SidebarState } from '../../src/core/flows/sidebar-state.ts';
import { moneyText } from '../../src/core/morning/index.ts';
import { addOnDist } from '../support/bundles.ts';
import { findKeyLeaks } from '../support/leaks.ts';
import { type Browser, launchChromium, openSidebarPage } from './chromium.ts';

let distDir: string;
let preview: Preview;
let browser: Browser;

beforeAll(async () => {
  distDir = await addOnDist();
  // Sheets' sidebar at 300 px on a laptop's 800: what is "above the fold".
  browser = await launchChromium({ width: 300, height: 800 });
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  preview = await startPreview({ distDir, demo: { today: '2026-11-20' } });
});
afterEach(async () => {
  try {
    const mail = preview.emulator.mail.sent().flatMap((m) => [m.subject, m.body, m.htmlBody ?? '']);
    expect(findKeyLeaks([...preview.emulator.capturedText(), ...mail], preview.api.demoKey)).toEqual([]);
  } finally {
    await preview.close();
  }
});

const RESULTS = path.join(ROOT, 'test-results');

function screenshotPath(name: string): string {
  mkdirSync(RESULTS, { recursive: true });
  return path.join(RESULTS, `sidebar-${name}.png`);
}

async function openSidebar(): Promise<Page> {
  return openSidebarPage(browser, `${preview.url}/sidebar`);
}

/** The Summary tab's Value for a Field ending in `field`, as the tab holds it. */
function summaryValue(field: string): number {
  const { values } = preview.emulator.sheetSnapshot('Summary');
  const header = values[1]!;
  const row = values.find((r) => String(r[header.indexOf('Field')]).split('.').pop() === field)!;
  return row[header.indexOf('Value')] as number;
}

/** The demo key saved, the morning e-mail sent when something is wrong, and the nightly refresh run once. */
function nightRun(): void {
  preview.emulator.run('useDemoKey');
  preview.emulator.run('setMorningEmail', ['problems']);
  preview.emulator.run('setNightlyRefresh', [true, 5]);
  const trigger = preview.emulator.triggers().find((t) => t.handler === 'nightlyRefresh')!;
  preview.emulator.runTrigger(trigger.id);
}

/** What the sidebar says after a refresh, whether just run or reopened: the figures above the fold at 300×800,
 * the outcome in one line, a disconnected platform warned about once and shown in one state. */
async function expectResultFirst(page: Page): Promise<void> {
  const figures = await page.locator('#headline-figures').boundingBox();
  expect(figures!.y + figures!.height).toBeLessThanOrEqual(800);
  const text = await page.locator('#app').innerText();
  const outcome = /Refreshed \d+ tabs\./g;
  expect(text.match(outcome)).toHaveLength(1);
  // The warning at the top, in the words of the refresh's record; not again in the headline.
  expect(text.match(/Draft2Digital is (dis|not )connected/g)).toEqual(['Draft2Digital is disconnected']);
  expect(await page.textContent('#warnings')).toContain('Draft2Digital is disconnected');
  const platform = (await page.textContent('li[data-platform="Draft2Digital"]')) ?? '';
  expect(platform).toContain('Not connected');
  expect(platform).not.toMatch(/Stale|success/);
}

describe('after a refresh', () => {
  it('shows the headline figures of the Summary tab and what is wrong, the rows per tab folded', async () => {
    preview.emulator.run('useDemoKey');
    const page = await openSidebar();
    await page.click('#refresh-button');
    await page.locator('#headline-figures').waitFor();
    for (const measure of ['royalties', 'ad_spend', 'net_profit']) {
      const shown = (await page.textContent(`#headline-figures dd[data-measure="${measure}"]`)) ?? '';
      expect(shown).toContain(moneyText(summaryValue(measure), 'USD'));
    }
    expect(await page.textContent('#headline-figures dd[data-measure="royalties"]')).toMatch(
      /[+-]\d+\.\d% against the period before/,
    );
    expect(await page.textContent('#headline-when')).toMatch(/^Last refreshed .+ from the sidebar: /);
    await expectResultFirst(page);
    await page.screenshot({ path: screenshotPath('after-refresh') });
    // The per-tab rows are there, folded away until asked for.
    expect(await page.locator('#refresh-results li').count()).toBeGreaterThan(10);
    expect(await page.locator('#refresh-results').isVisible()).toBe(false);
    await page.click('#refresh-details > summary');
    expect(await page.locator('#refresh-results').isVisible()).toBe(true);
    // Reopened: the same answer first.
    await page.reload();
    await page.waitForSelector('#app[data-ready="true"]');
    await expectResultFirst(page);
    await page.screenshot({ path: screenshotPath('reopened-after-refresh') });
    await page.close();
  });
});

describe('the morning e-mail', () => {
  it('three choices, kept for this user, and a test e-mail sent to them', async () => {
    preview.emulator.run('useDemoKey');
    preview.emulator.run('refreshAllTabs');
    const page = await openSidebar();
    await page.click('#nightly-section > summary');
    expect(await page.isChecked('#morning-off')).toBe(true);
    await page.check('#morning-daily');
    await page.locator('#morning-message[data-tone="ok"]').waitFor();
    expect(preview.emulator.run<SidebarState>('getSidebarState').nightly.morningEmail).toBe('daily');
    await page.check('#morning-problems');
    await page.locator('#morning-message', { hasText: 'when something is wrong' }).waitFor();
    expect(preview.emulator.run<SidebarState>('getSidebarState').nightly.morningEmail).toBe('problems');

    await page.click('#morning-test');
    await page
      .locator('#morning-message', { hasText: "A test e-mail with the last refresh's figures was sent" })
      .waitFor();
    const [mail] = preview.emulator.mail.sent();
    expect(mail!.subject).toMatch(/^Test: Royalties: /);
    expect(mail!.to).toBe(preview.emulator.owner);
    await page.close();
  });

  it('reopened after a night: when, by whom and the outcome, and what became of the e-mail', async () => {
    nightRun();
    const page = await openSidebar();
    expect(await page.textContent('#headline-when')).toMatch(/^Last refreshed .+ by the nightly refresh: /);
    // Sent: nothing to warn about.
    expect(await page.textContent('#warnings')).not.toContain('Morning e-mail');
    await page.click('#nightly-section > summary');
    expect(await page.textContent('#nightly-last-email')).toBe(
      `The morning e-mail was sent to ${preview.emulator.owner}.`,
    );
    expect(await page.isChecked('#morning-problems')).toBe(true);
    expect(await page.textContent('#nightly-line')).toMatch(/ · e-mail when something is wrong$/);
    await page.close();
  });

  it('an e-mail that could not be sent is a warning at the top', async () => {
    preview.emulator.switches.failCall('MailApp.sendEmail', { message: 'Mail service unavailable' });
    nightRun();
    const page = await openSidebar();
    expect(await page.textContent('#warnings')).toMatch(
      /Morning e-mail, .+: No morning e-mail was sent: Mail service unavailable/,
    );
    await page.close();
  });
});
