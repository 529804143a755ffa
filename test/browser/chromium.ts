// The browser tests' Chromium: local/chromium.ts, at the sidebar's width unless told otherwise.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { type Browser, launchChromium as launch } from '../../local/chromium.ts';

export type { Browser } from '../../local/chromium.ts';

export function launchChromium(viewport = { width: 300, height: 1000 }): Promise<Browser> {
  return launch(viewport);
}

/** A new page on the preview's sidebar at `url`, once the sidebar says it is ready, with no page error. */
export async function openSidebarPage(browser: Browser, url: string): Promise<Page> {
  const page = await browser.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  await page.waitForSelector('#app[data-ready="true"]');
  expect(errors).toEqual([]);
  return page;
}
