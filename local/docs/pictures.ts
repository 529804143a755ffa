// npm run docs:pictures: the pictures in docs/ drawn from the current code, never by hand. docs/dashboard.png
// is the dashboard page `npm start` writes for the demo account (fixed date, so every run draws the same),
// opened in headless Chromium at 1280 px. Beside it, docs/dashboard.png.sha256 records the page it was
// taken from; a test compares it with the page npm start writes now, so a stale picture fails the suite.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../build/build.ts';
import { withChromium } from '../chromium.ts';
import { main } from '../cli/command.ts';
import { dashboardFileFor } from '../dashboard/render.ts';

export const DASHBOARD_PICTURE = path.join(ROOT, 'docs/dashboard.png');
export const DASHBOARD_PICTURE_SOURCE = `${DASHBOARD_PICTURE}.sha256`;

/** The line recorded beside the picture: the SHA-256 of the page it shows. */
export function pageDigestLine(page: string): string {
  const digest = createHash('sha256').update(page, 'utf8').digest('hex');
  return `${digest}  the dashboard page npm start writes for the demo account (npm run docs:pictures)\n`;
}

async function drawDashboard(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rfs-docs-pictures-'));
  try {
    const workbook = path.join(dir, 'royalties.xlsx');
    const quiet = { write: () => {} };
    const code = await main(['--out', workbook], { stdout: quiet, stderr: process.stderr, env: process.env });
    if (code !== 0) throw new Error(`npm start ended with exit code ${code}; no picture was drawn.`);
    const page = readFileSync(dashboardFileFor(workbook), 'utf8');
    await withChromium({ width: 1280, height: 900 }, async (context) => {
      const tab = await context.newPage();
      await tab.goto(`file://${dashboardFileFor(workbook)}`);
      await tab.screenshot({ path: DASHBOARD_PICTURE, fullPage: true });
    });
    writeFileSync(DASHBOARD_PICTURE_SOURCE, pageDigestLine(page));
    console.log(`Wrote ${path.relative(process.cwd(), DASHBOARD_PICTURE)} and its .sha256.`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await drawDashboard();
