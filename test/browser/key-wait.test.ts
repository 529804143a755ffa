// Saving a key while the API hangs: UrlFetchApp cannot be cut short, so the server call lasts
// its whole timeout; once the key check's budget has passed the sidebar says the API is not answering and
// that it is still waiting; then the timeout's message; nothing is stored. The page's clock is Playwright's
// fake clock, the emulator's UrlFetchApp timeout is compressed (hangAfterMs).
// Before that, at once: the clicked button says Checking… and both buttons are disabled and look it (a slow
// API must not look like a dead button that wants another click).
// Each test starts its own preview (emulator, demo API: no key, no fault); Chromium, which holds no add-on
// state, is started once for the file, and each test opens its own page.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Preview, startPreview } from '../../local/preview/server.ts';
import { KEY_CHECK_BUDGET_MS, KEY_CHECK_STILL_WAITING, KEY_CHECKING } from '../../src/core/key-check.ts';
import { addOnDist } from '../support/bundles.ts';
import { findKeyLeaks } from '../support/leaks.ts';
import { type Browser, launchChromium } from './chromium.ts';

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
    emulator: { hangAfterMs: 3_000 },
  });
  return () => preview.close();
});

describe('saving a key while the API hangs', () => {
  it('says it is still waiting once the budget has passed, then why it failed; nothing is stored', async () => {
    const key = preview.api.demoKey;
    const page = await browser.context.newPage();
    await page.clock.install();
    await page.goto(`${preview.url}/sidebar`);
    await page.waitForSelector('#app[data-ready="true"]');
    await preview.api.setFaults('/account', { hang: true });

    await page.fill('#key-input', key);
    // Hold the sidebar's server call (the preview's /run) until the page's clock has passed the budget:
    // the emulator blocks this process while UrlFetchApp waits, so it cannot move the clock meanwhile.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/run', async (route) => {
      const body = route.request().postData() ?? '';
      if (body.includes('saveApiKey')) await held;
      await route.continue();
    });
    await page.press('#key-input', 'Enter');
    const error = page.locator('#key-error');
    await page.clock.fastForward(KEY_CHECK_BUDGET_MS - 1_000);
    const before = (await error.textContent()) ?? '';
    await page.clock.fastForward(1_001);
    await page.waitForFunction(
      (waiting) => document.querySelector('#key-error')?.textContent === waiting,
      KEY_CHECK_STILL_WAITING,
    );
    const waiting = (await error.textContent()) ?? '';
    release();
    await page.waitForFunction((waiting) => {
      const text = document.querySelector('#key-error')?.textContent ?? '';
      return text !== '' && text !== waiting;
    }, KEY_CHECK_STILL_WAITING);
    const texts = [before, waiting, (await error.textContent()) ?? ''];
    expect(texts[0]).toBe('');
    expect(texts[1]).toBe(KEY_CHECK_STILL_WAITING);
    expect(texts.at(-1)).toMatch(/^The API did not answer in time/);
    expect(Object.values(preview.emulator.properties.user(preview.emulator.owner))).not.toContain(key);
    expect(findKeyLeaks(preview.emulator.capturedText(), key)).toEqual([]);
    await page.close();
  });
});

describe('the key check shows at once', () => {
  it.each([
    ['#key-demo', 'useDemoKey'],
    ['#key-save', 'saveApiKey'],
  ])(
    'clicking %s: it says Checking…, both buttons are disabled and look it, until the API answers',
    async (button, call) => {
      const page = await browser.context.newPage();
      await page.goto(`${preview.url}/sidebar`);
      await page.waitForSelector('#app[data-ready="true"]');
      const look = (selector: string) =>
        page.$eval(selector, (b) => {
          const style = getComputedStyle(b);
          return `${style.backgroundColor} ${style.color}`;
        });
      const label = await page.textContent(button);
      const enabled = { save: await look('#key-save'), demo: await look('#key-demo') };
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/run', async (route) => {
        if ((route.request().postData() ?? '').includes(call)) await held;
        await route.continue();
      });
      await page.fill('#key-input', preview.api.demoKey);
      await page.click(button);
      await page.waitForFunction((b) => document.querySelector(b)?.hasAttribute('disabled'), button);
      const during = {
        text: await page.textContent(button),
        disabled: await page.$$eval('#key-save, #key-demo', (bs) =>
          bs.map((b) => b.hasAttribute('disabled')),
        ),
        save: await look('#key-save'),
        demo: await look('#key-demo'),
        error: (await page.textContent('#key-error')) ?? '',
      };
      release();
      await page.waitForFunction((b) => !document.querySelector(b)?.hasAttribute('disabled'), button);
      expect(during.text).toBe(KEY_CHECKING);
      expect(during.disabled).toEqual([true, true]);
      // Visibly disabled: both buttons change their look, and to the same disabled look.
      expect(during.save).not.toBe(enabled.save);
      expect(during.demo).not.toBe(enabled.demo);
      expect(during.demo).toBe(during.save);
      expect(during.error).toBe('');
      expect(await page.textContent(button)).toBe(label);
      await page.close();
    },
  );
});
