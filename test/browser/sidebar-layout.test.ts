// The sidebar's first minute and its hundredth, in real headless Chromium at Sheets' 300 px against the
// built add-on in the emulator: the first-visit and returning layouts, folds remembered per user, the
// progress of a refresh read by a second server call while the refresh runs, a refresh started from the
// menu or at night, the period "Other…", the warnings, and axe-core on every state. Screenshots go to test-results/.
// Each test has a fresh preview (emulator, demo API: a first visit, no key, no fault) and sets up what it
// reads; the preview's worker and Chromium, which hold no add-on state of their own, start once for the file.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../local/build/build.ts';
import { type RemotePreview, startPreviewInWorker } from '../../local/preview/in-worker.ts';
import type { SidebarState } from '../../src/core/flows/sidebar-state.ts';
import { DEFAULT_TAB_CHOICES } from '../../src/core/tab-ids.ts';
import { addOnDist } from '../support/bundles.ts';
import { type Browser, launchChromium, openSidebarPage } from './chromium.ts';

const RESULTS = path.join(ROOT, 'test-results');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** Each round of HTTP takes this long, so a poll about once a second sees the refresh's steps. */
const LATENCY_MS = 1500;

let preview: RemotePreview;
let browser: Browser;

beforeAll(async () => {
  // In a worker: its emulator blocks that thread while a refresh runs, this one stays free to watch.
  preview = await startPreviewInWorker({ distDir: await addOnDist(), demo: { today: '2026-11-20' } });
  browser = await launchChromium({ width: 300, height: 900 });
  mkdirSync(RESULTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await preview?.close();
});
beforeEach(async () => {
  await preview.restart();
});

function state(): Promise<SidebarState> {
  return preview.run<SidebarState>('getSidebarState');
}

async function openSidebar(): Promise<Page> {
  return openSidebarPage(browser, `${preview.url}/sidebar`);
}

async function screenshot(page: Page, name: string): Promise<void> {
  const file = path.join(RESULTS, `sidebar-${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  expect(readFileSync(file).readUInt32BE(16)).toBe(300);
}

/** axe-core's own source injected into the page; serious and critical violations fail the test. */
async function expectAccessible(page: Page): Promise<void> {
  await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(): Promise<{
            violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown }> }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  });
  expect(violations).toEqual([]);
}

const POLLS_BEFORE_GIVING_UP = 200;

/** Inside the browser: polls the server until a refresh from `origin` runs, then reopens the sidebar. The
 * poll is bounded (POLLS_BEFORE_GIVING_UP tries, 100 ms apart): a refresh that never starts fails the test
 * with its reason rather than hanging it until the file's timeout. */
async function reloadOnceRunning(page: Page, origin: string): Promise<void> {
  await page.evaluate(
    async ([wanted, limit]) => {
      const run = () =>
        fetch('/run', {
          method: 'POST',
          body: JSON.stringify({ name: 'getRefreshProgress', args: [] }),
        }).then((r) => r.json() as Promise<{ value: { running?: boolean; origin: string } | null }>);
      for (let poll = 0; ; poll += 1) {
        const p = (await run()).value;
        if (p?.running && p.origin === wanted) break;
        if (poll >= limit) throw new Error(`No refresh from ${wanted} was running after ${limit} polls.`);
        await new Promise((r) => setTimeout(r, 100));
      }
      location.reload();
    },
    [origin, POLLS_BEFORE_GIVING_UP] as const,
  );
  await page.waitForSelector('#app[data-ready="true"]');
}

async function openFolds(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLDetailsElement>('details[data-fold]'))
      .filter((d) => !d.hidden && d.open)
      .map((d) => d.dataset.fold ?? ''),
  );
}

describe('first visit and returning', () => {
  it('a first visit opens only "Connect your account"; Refresh is in reach and says why it is disabled', async () => {
    const page = await openSidebar();
    expect(await openFolds(page)).toEqual(['connect']);
    expect(await page.isDisabled('#refresh-button')).toBe(true);
    expect(await page.textContent('#refresh-why')).toMatch(/Save a key first/);
    expect(await page.getAttribute('#refresh-button', 'aria-describedby')).toBe('refresh-why');
    // Within the first screen, not below a long column.
    const box = await page.locator('#refresh-button').boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(900);
    await expectAccessible(page);
    await screenshot(page, 'first-visit');
    await page.close();
  });

  it('once a key is saved: account open, the rest folded with one-line summaries, all in 900 px', async () => {
    const page = await openSidebar();
    await page.click('#key-demo');
    await page.waitForSelector('#demo-badge');
    expect(await openFolds(page)).toEqual(['account']);
    expect(await page.textContent('#settings-line')).toBe(
      `Last 30 days · account's currency · ${DEFAULT_TAB_CHOICES.length} tabs`,
    );
    expect(await page.textContent('#nightly-line')).toBe('Off');
    expect(await page.textContent('#access-line')).toBe('Formulas cannot use your key');
    expect(await page.isEnabled('#refresh-button')).toBe(true);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThanOrEqual(900);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(300);
    await expectAccessible(page);
    await screenshot(page, 'returning');
    await page.close();
  });

  it('a section the author opens stays open on the next visit (per user)', async () => {
    await preview.run('useDemoKey');
    const page = await openSidebar();
    await page.click('#settings-section > summary');
    await expect.poll(async () => (await state()).folds).toEqual({ settings: true });
    await page.reload();
    await page.waitForSelector('#app[data-ready="true"]');
    expect(await openFolds(page)).toEqual(['account', 'settings']);
    // Another user has their own.
    const editor = await browser.context.newPage();
    await editor.goto(`${preview.url}/sidebar?as=${encodeURIComponent(preview.editors[0]!)}`);
    await editor.waitForSelector('#app[data-ready="true"]');
    expect(await openFolds(editor)).not.toContain('settings');
    await editor.close();
    await page.close();
  });
});

describe('a refresh you can watch', () => {
  it('shows the steps from the server in order while the refresh runs, up to n of n', async () => {
    await preview.run('useDemoKey');
    const tabs = (await state()).settings.tabs.length;
    await preview.setFaults('*', { latencyMs: LATENCY_MS });
    const page = await openSidebar();
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      const text = document.getElementById('refresh-progress-text')!;
      new MutationObserver(() => {
        const line = text.textContent ?? '';
        if (line && seen[seen.length - 1] !== line) seen.push(line);
      }).observe(text, { childList: true, characterData: true, subtree: true });
    });
    const polls = async () => (await preview.calls()).filter((c) => c.name === 'getRefreshProgress').length;
    const pollsBefore = await polls();
    await page.click('#refresh-button');
    await page.locator('#refresh-progress[data-step="asking"]').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'refresh-running');
    await page.locator('#refresh-results li').first().waitFor({ state: 'attached' });
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);

    // Every line the author saw, in the order a refresh goes through them, ending at n of n.
    const order = (line: string): number => {
      const asking = /^Asking the API: (\d+) of/.exec(line);
      if (asking) return Number(asking[1]) / 100;
      if (line.startsWith('Asking the API')) return 0;
      if (/^Reading \d+ series/.test(line)) return 1;
      const writing = /^Writing tabs: (\d+) of/.exec(line);
      if (writing) return 2 + Number(writing[1]);
      if (new RegExp(`^${tabs} of ${tabs} tabs written in (\\d+ s|under a second)$`).test(line))
        return 3 + tabs;
      throw new Error(`Unexpected progress line: ${line}`);
    };
    const ranks = seen.map(order);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(seen[0]).toMatch(/^Asking the API( \(\d+ requests\)|: \d+ of \d+ requests done)…$/);
    // The sidebar's refresh asks in parallel parts (one per request, one per series): k of n of them.
    expect(seen).toContainEqual(expect.stringMatching(/^Asking the API: \d+ of \d+ requests done…$/));
    expect(seen[seen.length - 1]).toMatch(new RegExp(`^${tabs} of ${tabs} tabs written`));
    expect(await page.getAttribute('#refresh-bar', 'value')).toBe(String(tabs + 1));
    // The steps came from polls answered while the refresh call was outstanding.
    expect((await polls()) - pollsBefore).toBeGreaterThanOrEqual(3);
    expect(await page.getAttribute('#refresh-progress-text', 'aria-live')).toBe('polite');
    expect(await page.locator('#refresh-results li').count()).toBe(tabs);
    await screenshot(page, 'refresh-done');
    await page.close();
  });

  it('a refresh started from the menu shows as running when the sidebar opens during it', async () => {
    await preview.run('useDemoKey');
    await preview.setFaults('*', { latencyMs: LATENCY_MS });
    const page = await openSidebar();
    // Everything inside the browser: start the menu's refresh, wait until the server says it runs, reopen.
    await page.evaluate(() => {
      void fetch('/menu', { method: 'POST', body: JSON.stringify({ caption: 'Refresh all tabs' }) });
    });
    await reloadOnceRunning(page, 'menu');
    const why = page.locator('#refresh-why', { hasText: 'A refresh started from the menu is running.' });
    const progress = page.locator('#refresh-progress:not([hidden])');
    // Shown while the menu's refresh runs, then its outcome.
    await Promise.all([why.waitFor(), progress.waitFor()]);
    await expectAccessible(page);
    await screenshot(page, 'refresh-from-menu');
    await page
      .locator('#refresh-message', { hasText: 'The refresh started from the menu finished' })
      .waitFor();
    expect(await page.isEnabled('#refresh-button')).toBe(true);
    expect((await preview.ui()).toasts.at(-1)).toMatch(/^Refreshed \d+ tabs\./);
    await page.close();
  });

  it('a nightly refresh shows as running when the sidebar opens during it; then the nightly line says how it went', async () => {
    await preview.run('useDemoKey');
    await preview.run('setNightlyRefresh', [true, 7]);
    const nightly = (await preview.triggers()).filter((t) => t.handler === 'nightlyRefresh');
    expect(nightly).toHaveLength(1);
    const page = await openSidebar();
    // The folded section's one line, before any night has run.
    expect(await page.textContent('#nightly-line')).toBe('Nightly at 07:00 · not run yet');
    await preview.setFaults('*', { latencyMs: LATENCY_MS });
    // The trigger fires in the preview's worker; its emulator answers the page's calls while it waits.
    const night = preview.runTrigger(nightly[0]!.id);
    await reloadOnceRunning(page, 'nightly');
    const why = page.locator('#refresh-why', {
      hasText: 'A refresh started from the nightly trigger is running.',
    });
    const progress = page.locator('#refresh-progress:not([hidden])');
    await Promise.all([why.waitFor(), progress.waitFor()]);
    expect(await page.isDisabled('#refresh-button')).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'refresh-from-nightly');
    await page
      .locator('#refresh-message', { hasText: 'The refresh started from the nightly trigger finished' })
      .waitFor();
    expect(await page.isEnabled('#refresh-button')).toBe(true);
    expect(await page.textContent('#refresh-why')).toBe('');
    const run = (await night) as { ok: boolean; message: string };
    expect(run).toMatchObject({ ok: true, message: expect.stringMatching(/^Refreshed \d+ tabs\.$/) });
    // The sidebar read the state again when the run ended: the summary line has the night's outcome.
    expect(await page.textContent('#nightly-line')).toBe('Nightly at 07:00 · last run succeeded');
    await page.close();
  });
});

describe('settings', () => {
  it('period "Other…" takes a name the API accepts; one it refuses is refused in its own words', async () => {
    await preview.run('useDemoKey');
    const page = await openSidebar();
    await page.click('#settings-section > summary');
    const periods = await page.locator('#settings-period option').allTextContents();
    expect(periods).toContain('Last 30 days');
    expect(periods).toContain('Month to date');
    expect(periods.at(-1)).toBe('Other…');
    expect(await page.isHidden('#settings-period-other')).toBe(true);

    await page.selectOption('#settings-period', 'other');
    expect(await page.isVisible('#settings-period-other')).toBe(true);
    await page.fill('#settings-period-other', 'last_fortnight');
    await page.click('#settings-save');
    await page.locator('#settings-message[data-tone="error"]').waitFor();
    const refused = (await page.textContent('#settings-message')) ?? '';
    // The API's own words, as the demo API wrote them.
    expect(refused).toMatch(/^Unknown range 'last_fortnight'\. Accepted: /);
    expect((await state()).settings.period).toBe('last_30_days');
    await expectAccessible(page);
    await screenshot(page, 'period-refused');

    await page.fill('#settings-period-other', 'all_time');
    await page.selectOption('#settings-currency', 'EUR');
    await page.click('#settings-save');
    await page.locator('#settings-message[data-tone="ok"]').waitFor();
    expect((await state()).settings).toMatchObject({ period: 'all_time', currency: 'EUR' });
    expect(await page.inputValue('#settings-period')).toBe('other');
    expect(await page.inputValue('#settings-period-other')).toBe('all_time');
    expect(await page.textContent('#settings-line')).toBe(
      `all_time · EUR · ${DEFAULT_TAB_CHOICES.length} tabs`,
    );

    await page.selectOption('#settings-currency', 'other');
    await page.fill('#settings-currency-other', 'xyz');
    await page.click('#settings-save');
    await page.locator('#settings-message[data-tone="error"]').waitFor();
    expect(await page.textContent('#settings-message')).toMatch(/currency/i);
    expect((await state()).settings.currency).toBe('EUR');
    await page.close();
  });
});

describe('warnings at the top', () => {
  it('a disconnected or stale platform, failed and truncated tabs and a failing nightly refresh are listed first', async () => {
    await preview.run('useDemoKey');
    // Figures that end three days before today; the account the add-on cached with the key is forgotten.
    await preview.setSettling({ lagDays: 2 });
    await preview.evictCaches();
    const at = await preview.now();
    await preview.setDocumentProperty(
      'royalties.status',
      JSON.stringify({
        'books-report': {
          sheetName: 'Books',
          lastSuccessAt: at - 86_400_000,
          lastFailureAt: at,
          lastFailure: 'The API did not answer.',
          rows: 4,
          truncated: false,
        },
        kenp: {
          sheetName: 'KENP',
          lastSuccessAt: at,
          lastFailureAt: null,
          lastFailure: null,
          rows: 9,
          truncated: true,
        },
      }),
    );
    await preview.setDocumentProperty(
      'royalties.nightly.lastRun',
      JSON.stringify({
        at: new Date(at).toISOString(),
        ok: false,
        message: 'The nightly refresh failed: the key was revoked.',
      }),
    );
    const page = await openSidebar();
    const warnings = await page.locator('#warnings li').allTextContents();
    const server = await state();
    const disconnected = server.account!.platforms.filter((p) => !p.connected);
    expect(disconnected.length).toBeGreaterThan(0);
    for (const p of disconnected)
      expect(warnings).toContainEqual(expect.stringContaining(`${p.name} is disconnected`));
    // The demo API's platforms cover through three days before today (lagDays 2, below): both stores stale.
    const stale = server.account!.platforms.filter((q) => q.connected && q.stale);
    expect(stale.map((p) => p.name)).toEqual(['Amazon KDP', 'Amazon Ads']);
    for (const p of stale)
      expect(warnings).toContainEqual(
        expect.stringMatching(new RegExp(`^${p.name}'s figures are out of date \\(data through .+\\)\\.$`)),
      );
    expect(warnings).toContainEqual(expect.stringMatching(/^Last refresh failed for Books\./));
    expect(warnings).toContainEqual(expect.stringMatching(/^KENP: some rows could not be read/));
    expect(warnings).toContainEqual(expect.stringContaining('the key was revoked'));
    // At the top: before every section.
    const first = await page.evaluate(() => document.querySelector('#warnings')!.getBoundingClientRect().top);
    const key = await page.evaluate(
      () => document.querySelector('#key-section')!.getBoundingClientRect().top,
    );
    expect(first).toBeLessThan(key);
    await expectAccessible(page);
    await screenshot(page, 'warnings');
    await page.close();
  });
});
