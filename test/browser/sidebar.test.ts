// The built sidebar in real headless Chromium at Sheets' 300 px, through the preview server: its
// google.script.run goes to the emulator running the built add-on, which calls the demo API over HTTP.
// Each test starts its own preview (emulator, demo API: no key, default settings, no tab) and saves the
// key or refreshes as it needs; Chromium, which holds no add-on state, is started once for the file, each
// test on its own page.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../local/build/build.ts';
import { formatDate } from '../../local/gas/format-date.ts';
import { type Preview, startPreview } from '../../local/preview/server.ts';
import type { EndpointId } from '../../src/core/endpoints.ts';
import type { SidebarState } from '../../src/core/flows/sidebar-state.ts';
import { type TabChoice, tabTitle } from '../../src/core/tab-ids.ts';
import { addOnDist } from '../support/bundles.ts';
import { findKeyLeaks } from '../support/leaks.ts';
import { type Browser, launchChromium, openSidebarPage } from './chromium.ts';

const SCREENSHOT = path.join(ROOT, 'test-results/sidebar.png');
/** The spreadsheet's zone: neither UTC (the script's, from the manifest) nor the emulator's default
 * Europe/London (UTC in winter), so a sidebar naming the wrong zone cannot pass by accident. */
const SPREADSHEET_ZONE = 'Asia/Kolkata';

let distDir: string;
let preview: Preview;
let browser: Browser;

beforeAll(async () => {
  distDir = await addOnDist();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  preview = await startPreview({
    distDir,
    demo: { today: '2026-11-20' },
    emulator: { timeZone: SPREADSHEET_ZONE },
  });
  return () => preview.close();
});

async function openSidebar(as?: string): Promise<Page> {
  return openSidebarPage(browser, `${preview.url}/sidebar${as ? `?as=${encodeURIComponent(as)}` : ''}`);
}

/** An instant as the tabs write it: the emulator's Utilities.formatDate with sheet-time.ts's pattern, an
 * oracle of its own rather than a copy of the sidebar's formatInstant. */
function asTabsShow(iso: string, timeZone: string): string {
  return formatDate(Date.parse(iso), timeZone, 'yyyy-MM-dd HH:mm');
}

function state(as?: string): SidebarState {
  return preview.emulator.run<SidebarState>('getSidebarState', [], as ? { as } : {});
}

function nightlyTriggers() {
  return preview.emulator.triggers().filter((t) => t.handler === 'nightlyRefresh');
}

describe('the key', () => {
  it('a refused key shows its error inline and is not stored', async () => {
    const refused = 'rfs_live_zz99notarealkey00000';
    const page = await openSidebar();
    await page.fill('#key-input', refused);
    await page.press('#key-input', 'Enter');
    const error = page.locator('#key-error');
    await error.waitFor({ state: 'visible' });
    const shown = (await error.textContent()) ?? '';

    // The same refusal, asked of the server directly, is the message the author read.
    let serverMessage = '';
    try {
      preview.emulator.run('saveApiKey', [refused]);
    } catch (e) {
      serverMessage = (e as Error).message;
    }
    expect(shown.length).toBeGreaterThan(0);
    expect(serverMessage).toContain(shown);
    // The author is in the sidebar: the advice is the key field here, not "save it in the Royalties sidebar".
    expect(shown).toContain('paste it here, or try the demo account.');
    expect(shown).not.toMatch(/in the Royalties sidebar/);

    expect(Object.values(preview.emulator.properties.user(preview.emulator.owner))).not.toContain(refused);
    expect(state().keySaved).toBe(false);
    expect(await page.textContent('#key-current')).toMatch(/No key saved/);
    expect(findKeyLeaks(preview.emulator.capturedText(), refused)).toEqual([]);
    await page.close();
  });

  it('the demo key shows the account: badge, currency, platforms and their freshness, never the key', async () => {
    const page = await openSidebar();
    await page.click('#key-demo');
    await page.waitForSelector('#demo-badge');
    const server = state();
    const account = server.account!;
    expect(await page.textContent('#account-body')).toContain(account.reportingCurrency!);
    const platforms = page.locator('.platforms li');
    expect(await platforms.count()).toBe(account.platforms.length);
    expect(account.platforms.length).toBeGreaterThan(0);
    for (const [i, p] of account.platforms.entries()) {
      const text = (await platforms.nth(i).textContent()) ?? '';
      expect(text).toContain(p.name!);
      expect(text).toContain(p.connected ? 'Connected' : 'Not connected');
      // A disconnected platform is only that: not also stale.
      expect(text.includes('Stale')).toBe(p.connected && p.stale);
    }
    // As the tabs and npm start say it: platforms connected of all, times in the spreadsheet's zone as
    // "2026-11-24 00:41", days as "2026-11-20".
    const connected = account.platforms.filter((p) => p.connected).length;
    expect(await page.textContent('#account-line')).toContain(
      `${connected} of ${account.platforms.length} platforms connected`,
    );
    for (const [i, p] of account.platforms.entries()) {
      const text = (await platforms.nth(i).textContent()) ?? '';
      if (p.lastSyncAt) expect(text).toContain(`Last sync ${asTabsShow(p.lastSyncAt, SPREADSHEET_ZONE)}`);
      if (p.coveredThrough) expect(text).toContain(`Data through ${p.coveredThrough}`);
    }
    expect(await page.textContent('#key-current')).toContain(account.keyStart!);
    expect(await page.inputValue('#key-input')).toBe('');
    expect(await page.content()).not.toContain(preview.api.demoKey);
    await page.close();
  });
});

describe('settings', () => {
  it('saves period, currency and tabs; a bad currency is explained and nothing changes', async () => {
    const page = await openSidebar();
    const before = state().settings;
    await page.click('#settings-section > summary');
    await page.selectOption('#settings-currency', 'other');
    await page.fill('#settings-currency-other', 'E1');
    await page.click('#settings-save');
    await page.locator('#settings-message[data-tone="error"]').waitFor();
    expect(await page.textContent('#settings-message')).toMatch(/three-letter/);
    expect(state().settings).toEqual(before);

    const keep: EndpointId[] = ['summary', 'books-report'];
    await page.selectOption('#settings-period', 'last_7_days');
    await page.fill('#settings-currency-other', 'eur');
    for (const box of await page.locator('#settings-tabs input').all()) {
      await box.setChecked(keep.includes((await box.getAttribute('value')) as EndpointId));
    }
    await page.click('#settings-save');
    await page.locator('#settings-message[data-tone="ok"]').waitFor();
    expect(state().settings).toEqual({ period: 'last_7_days', currency: 'EUR', tabs: keep });
    expect(await page.inputValue('#settings-currency')).toBe('EUR');
    await page.close();
  });

  it("saves the year's years and payment delay; a wrong year is said before anything is sent", async () => {
    const page = await openSidebar();
    const before = state().settings;
    // Open whether or not an earlier test left the section open (the folds are remembered per user).
    if ((await page.getAttribute('#settings-section', 'open')) === null)
      await page.click('#settings-section > summary');
    await page.fill('#settings-years', '2024, twenty');
    await page.click('#settings-save');
    await page.locator('#settings-message[data-tone="error"]').waitFor();
    expect(await page.textContent('#settings-message')).toMatch(
      /^The year "twenty" is not a calendar year\./,
    );
    expect(state().settings).toEqual(before);

    await page.fill('#settings-years', '2024 2026');
    await page.fill('#settings-payment-delay', '90');
    await page.click('#settings-save');
    await page.locator('#settings-message[data-tone="ok"]').waitFor();
    expect(state().settings).toEqual({ ...before, years: [2026, 2024], paymentDelay: 90 });
    // Shown as saved when the sidebar reads its state again.
    expect(await page.inputValue('#settings-years')).toBe('2026, 2024');
    expect(await page.inputValue('#settings-payment-delay')).toBe('90');

    preview.emulator.run('saveSettings', [before]);
    await page.close();
  });

  it("the owner's formula allowance is set from its checkbox", async () => {
    const page = await openSidebar();
    await page.click('#formula-access > summary');
    await page.check('#formula-access-input');
    await page.locator('#formula-access-message[data-tone="ok"]').waitFor();
    expect(state().formulaAccess).toBe(true);
    await page.uncheck('#formula-access-input');
    await page.locator('#formula-access-message', { hasText: 'no longer' }).waitFor();
    expect(state().formulaAccess).toBe(false);
    await page.close();
  });
});

describe('refresh all tabs', () => {
  it('fills the tabs and lists the result per tab', async () => {
    preview.emulator.run('useDemoKey');
    const tabs = state().settings.tabs;
    const page = await openSidebar();
    // The server call blocks this thread while it runs, so the page itself notes what it showed meanwhile.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      const progress = document.getElementById('refresh-progress')!;
      new MutationObserver(() => {
        if (!progress.hidden) seen.push(progress.textContent?.trim() ?? '');
      }).observe(progress, { attributes: true, subtree: true, childList: true });
    });
    await page.click('#refresh-button');
    const results = page.locator('#refresh-results li');
    await results.first().waitFor({ state: 'attached' });
    expect(await results.count()).toBe(tabs.length);

    const progressSeen = await page.evaluate(
      () => (window as unknown as { progressSeen: string[] }).progressSeen,
    );
    // Read from the server by polls answered while the refresh ran (the emulator serves them during its waits).
    expect(progressSeen.at(-1)).toMatch(
      new RegExp(`^${tabs.length} of ${tabs.length} tabs written in (\\d+ s|under a second)`),
    );

    const sheets = preview.emulator.spreadsheet.getSheets().map((s) => s.getName());
    expect(tabs.length).toBeGreaterThan(0);
    for (let i = 0; i < tabs.length; i++) {
      const item = results.nth(i);
      const tab = (await item.getAttribute('data-tab')) as TabChoice;
      expect(tabs).toContain(tab);
      expect(await item.getAttribute('data-tone')).not.toBe('error');
      const name = (await item.locator('strong').textContent()) ?? '';
      expect(sheets).toContain(name);
      // Banner, header, then one row per data row the sidebar reported (the dashboard reports its rows
      // written, banner included).
      const rows = Number(/(\d+) rows?/.exec((await item.textContent()) ?? '')?.[1]);
      const above = tab === 'dashboard' ? 0 : 2;
      expect(preview.emulator.sheetSnapshot(name).values.length).toBeGreaterThanOrEqual(rows + above);
    }

    // The preview's view of the emulated tabs shows every tab the refresh wrote.
    const tabsPage = await browser.context.newPage();
    await tabsPage.goto(`${preview.url}/tabs`);
    const headings = await tabsPage.locator('h2').allTextContents();
    expect(tabs.length).toBeGreaterThan(0);
    for (const id of tabs)
      expect(
        headings.filter((h) => h.startsWith(tabTitle(id))),
        tabTitle(id),
      ).not.toEqual([]);
    await tabsPage.close();
    await page.close();
  });
});

describe('nightly refresh', () => {
  it('turning it on twice leaves one trigger, and the last run shows in the sidebar', async () => {
    preview.emulator.run('useDemoKey');
    const page = await openSidebar();
    await page.click('#nightly-section > summary');
    // The hour is read in the spreadsheet's zone (the trigger's inTimezone), and the sidebar says which.
    expect(preview.emulator.spreadsheet.getSpreadsheetTimeZone()).toBe(SPREADSHEET_ZONE);
    expect(state().nightly.timeZone).toBe(SPREADSHEET_ZONE);
    const zone = (await page.textContent('#nightly-zone')) ?? '';
    expect(zone).toContain(`In this spreadsheet's time zone, ${SPREADSHEET_ZONE}.`);
    expect(zone).not.toMatch(/UTC|Europe\/London/);
    await page.check('#nightly-enabled');
    await page.selectOption('#nightly-hour', '6');
    await page.click('#nightly-save');
    await page.locator('#nightly-message[data-tone="ok"]').waitFor();
    await page.selectOption('#nightly-hour', '7');
    await page.click('#nightly-save');
    await page.locator('#nightly-message', { hasText: '07:00' }).waitFor();

    const triggers = nightlyTriggers();
    expect(triggers).toHaveLength(1);
    expect(triggers[0]).toMatchObject({
      user: preview.emulator.owner,
      atHour: 7,
      timeZone: SPREADSHEET_ZONE,
    });

    preview.emulator.runTrigger(triggers[0]!.id);
    const lastRun = state().nightly.lastRun!;
    await page.reload();
    await page.waitForSelector('#app[data-ready="true"]');
    const shown = (await page.textContent('#nightly-last-run')) ?? '';
    expect(shown).toContain(lastRun.ok ? 'Succeeded' : 'Failed');
    expect(shown).toContain(lastRun.message);
    // The folded section's one line: the hour and how the last night went.
    expect(await page.textContent('#nightly-line')).toBe(
      `Nightly at 07:00 · last run ${lastRun.ok ? 'succeeded' : 'failed'}`,
    );
    expect(await page.isChecked('#nightly-enabled')).toBe(true);
    expect(await page.inputValue('#nightly-hour')).toBe('7');
    await page.close();
  });
});

describe('usable at 300 px, by keyboard, with labels', () => {
  it('every control has a label, nothing scrolls sideways, and the demo key works from the keyboard', async () => {
    const page = await openSidebar();
    const unlabelled = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select'))
        .filter((c) => !c.labels || c.labels.length === 0)
        .map((c) => c.id),
    );
    expect(unlabelled).toEqual([]);
    const nameless = await page.evaluate(() =>
      Array.from(document.querySelectorAll('button'))
        .filter((b) => !b.textContent?.trim())
        .map((b) => b.id),
    );
    expect(nameless).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(300);

    // Tab through the sidebar to "Try the demo account" and press Enter.
    let reached = false;
    for (let i = 0; i < 10 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.id === 'key-demo');
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    // In the Account section (folded once tabs have been refreshed: attached, not necessarily visible).
    await page.locator('#demo-badge').waitFor({ state: 'attached' });
    expect(state().keySaved).toBe(true);
    await page.close();
  });

  it('an editor sees the formula allowance but cannot change it', async () => {
    const editor = preview.emulator.editors[0]!;
    const page = await openSidebar(editor);
    expect(await page.isDisabled('#formula-access-input')).toBe(true);
    expect(await page.textContent('#formula-access-message')).toMatch(/Only the spreadsheet's owner/);
    await page.close();
  });

  it('saves a screenshot of the sidebar for the record', async () => {
    preview.emulator.run('useDemoKey');
    const page = await openSidebar();
    await page.click('#refresh-button');
    await page.locator('#refresh-results li').first().waitFor({ state: 'attached' });
    mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    const png = readFileSync(SCREENSHOT);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(300);
    await page.close();
  });
});
