// Debian's Chromium driven by playwright-core for the listing's pictures: headless, no sandbox, nothing that
// reaches the network by itself, a fresh profile per launch, one device pixel per CSS pixel (the sizes Google
// asks for are in pixels).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function withChromium<T>(
  viewport: { width: number; height: number },
  use: (context: BrowserContext) => Promise<T>,
): Promise<T> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'royalties-listing-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    deviceScaleFactor: 1,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    return await use(context);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
