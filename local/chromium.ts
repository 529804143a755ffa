// Debian's Chromium driven by playwright-core (never `playwright install`), for the browser tests, the
// listing's pictures and the docs' pictures: headless, no sandbox (CI containers), nothing that reaches the
// network by itself, a fresh profile per launch, one device pixel per CSS pixel (sizes asked in pixels).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Browser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

export async function launchChromium(viewport: { width: number; height: number }): Promise<Browser> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'royalties-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    deviceScaleFactor: 1,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** `use` with a browser launched for it, closed (and its profile removed) whatever happens. */
export async function withChromium<T>(
  viewport: { width: number; height: number },
  use: (context: BrowserContext) => Promise<T>,
): Promise<T> {
  const browser = await launchChromium(viewport);
  try {
    return await use(browser.context);
  } finally {
    await browser.close();
  }
}
