// npm run screenshots: the listing's screenshots at 1280×800, taken in Chromium from the live preview (as
// `npm run preview` starts it: the built add-on in the emulator against the demo API), so they follow the UI.
// The sidebar with figures and a formula with its answer are the preview laid out as Sheets (grid, tab bar,
// sidebar on the right); the dashboard is the preview's chart page; the morning e-mail, which has no page,
// is the emulator's sent message set in a mail client's frame. marketplace/shot-list.md lists each
// shot for replacing them with real ones.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { tabTitle } from '../../src/core/tab-ids.ts';
import { build } from '../build/build.ts';
import { settingsFromEnv } from '../build/settings.ts';
import { withChromium } from '../chromium.ts';
import type { SentMail } from '../gas/types.ts';
import { startPreview } from '../preview/server.ts';
import { escapeHtml } from '../preview/tabs-view.ts';
import { KIT } from './kit.ts';

export const SCREENSHOT_SIZE = { width: 1280, height: 800 } as const;
const FORMULA = '=ROYALTIES_SUMMARY("last_30_days")';

/** The morning e-mail as a mail client opens it: who from, to whom, the subject, then the message. */
function mailPage(mail: SentMail): string {
  const message = mail.htmlBody ?? `<pre>${escapeHtml(mail.body)}</pre>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
body{margin:0;font:14px Arial,sans-serif;background:#f6f8fc}header{padding:16px 24px;background:#fff;border-bottom:1px solid #e0e0e0}
h1{font-size:20px;font-weight:normal;margin:0 0 8px}p{margin:0;color:#5f6368}iframe{border:0;width:100%;height:680px;background:#fff}</style></head>
<body><header><h1>${escapeHtml(mail.subject)}</h1><p>Royalties for Sheets &lt;${escapeHtml(mail.from ?? '')}&gt; to ${escapeHtml(mail.to)}</p></header>
<iframe title="The message" srcdoc="${escapeHtml(message)}"></iframe></body></html>`;
}

async function shoot(page: Page, name: string): Promise<void> {
  const file = path.join(KIT, 'screenshots', name);
  await page.screenshot({ path: file });
  console.log(`marketplace/screenshots/${name}: ${SCREENSHOT_SIZE.width}×${SCREENSHOT_SIZE.height}`);
}

await build(settingsFromEnv());
const preview = await startPreview({
  demo: { today: new Date().toISOString().slice(0, 10) },
  emulator: { startTime: Date.now() },
});
try {
  preview.emulator.run('useDemoKey');
  await withChromium(SCREENSHOT_SIZE, async (context) => {
    const page = await context.newPage();
    // The sidebar beside the Summary tab, after a refresh started from the sidebar itself.
    await page.goto(`${preview.url}/?sheet=${encodeURIComponent(tabTitle('timeline'))}`);
    const side = page.frameLocator('#side');
    await side.locator('#app[data-ready="true"]').waitFor();
    await side.locator('#refresh-button').click();
    await side.locator('#headline-figures').waitFor({ timeout: 120_000 });
    await page
      .locator('#grid')
      .evaluate((frame: HTMLIFrameElement) => frame.contentWindow?.location.reload());
    await page.frameLocator('#grid').locator('#tab-bar .tab.active').waitFor();
    await shoot(page, '1-sidebar-with-figures.png');

    await page.goto(`${preview.url}/dashboard`);
    await page.locator('figure.chart svg').first().waitFor();
    await shoot(page, '2-dashboard.png');

    // A formula typed in the author's own sheet: its formula in the formula bar, its answer spilled below.
    preview.emulator.run('setFormulaAccess', [true]);
    preview.emulator.spreadsheet.getSheetByName('Sheet1')?.getRange('A1').setValue('My last 30 days');
    preview.emulator.formulas.enter('Sheet1', 'A2', FORMULA);
    await page.goto(`${preview.url}/?sheet=Sheet1&cell=A2`);
    await page.frameLocator('#side').locator('#app[data-ready="true"]').waitFor();
    await page.frameLocator('#grid').locator('td.selected').waitFor();
    await shoot(page, '3-formula-and-result.png');

    preview.emulator.run('setMorningEmail', ['daily']);
    preview.emulator.run('setNightlyRefresh', [true, 5]);
    const night = preview.emulator.triggers().find((t) => t.handler === 'nightlyRefresh');
    if (!night) throw new Error('The nightly refresh made no trigger.');
    preview.emulator.runTrigger(night.id);
    const mail = preview.emulator.mail.sent().at(-1);
    if (!mail) throw new Error('The nightly refresh sent no morning e-mail.');
    await page.setContent(mailPage(mail));
    await shoot(page, '4-morning-email.png');
  });
} finally {
  await preview.close();
}
