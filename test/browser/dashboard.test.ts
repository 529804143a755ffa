// The local dashboard in real headless Chromium: the page `npm start` writes beside the workbook, opened from
// disk, and the preview's /dashboard, both drawn from the charts the add-on put on the emulated tab.
// One story: the tests share one preview (emulator, demo API) and one Chromium, started once in beforeAll,
// and run in order; a test may rely on what those before it left (a key saved, tabs written). Starting
// Chromium and the add-on per test would cost seconds each.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../local/build/build.ts';
import { DASHBOARD_HTML, dashboardHtml } from '../../local/dashboard/render.ts';
import { dashboardView } from '../../local/dashboard/view.ts';
import { type Preview, startPreview } from '../../local/preview/server.ts';
import { tabTitle } from '../../src/core/tab-ids.ts';
import { addOnDist } from '../support/bundles.ts';
import { type Browser, launchChromium } from './chromium.ts';

const SCREENSHOT = path.join(ROOT, 'test-results/dashboard.png');

let preview: Preview;
let browser: Browser;
let dir: string;
/** Title → number of series, from the charts on the emulated tab (their ranges' columns but the labels). */
let expected: Map<string, number>;

beforeAll(async () => {
  preview = await startPreview({ distDir: await addOnDist(), demo: { today: '2026-11-20' } });
  preview.emulator.run('useDemoKey');
  preview.emulator.run('refreshAllTabs');
  const sheet = preview.emulator.spreadsheet.getSheetByName(tabTitle('dashboard'))!;
  expected = new Map(
    sheet.getCharts().map((chart) => {
      const columns = chart.getRanges().reduce((n, r) => n + r.getNumColumns(), 0);
      return [String(chart.getOptions().get('title')), columns - 1];
    }),
  );
  browser = await launchChromium({ width: 1280, height: 900 });
  dir = mkdtempSync(path.join(os.tmpdir(), 'royalties-dashboard-'));
});
afterAll(async () => {
  await browser?.close();
  await preview?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Drawn {
  title: string;
  series: string[];
  svgs: number;
  texts: string[];
}

async function drawnCharts(
  url: string,
  screenshot?: string,
): Promise<{
  charts: Drawn[];
  errors: string[];
  requests: string[];
  changes: { text: string; className: string; label: string }[];
  red: string[];
}> {
  const page = await browser.context.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(url);
  const charts = await page.locator('figure.chart').evaluateAll((figures) =>
    figures.map((f) => ({
      title: f.getAttribute('data-title') ?? '',
      series: JSON.parse(f.getAttribute('data-series') ?? '[]') as string[],
      svgs: f.querySelectorAll('svg').length,
      texts: Array.from(f.querySelectorAll('svg text')).map((t) => t.textContent ?? ''),
    })),
  );
  const changes = await page.locator('.tile .change').evaluateAll((els) =>
    els.map((e) => ({
      text: e.textContent ?? '',
      className: e.className,
      label: e.closest('.tile')?.getAttribute('data-label') ?? '',
    })),
  );
  const red = await page
    .locator('td[style*="#c5221f"]')
    .evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  if (screenshot) {
    mkdirSync(path.dirname(screenshot), { recursive: true });
    await page.screenshot({ path: screenshot, fullPage: true });
  }
  await page.close();
  return { charts, errors, requests, changes, red };
}

function expectEveryChart(charts: Drawn[]): void {
  expect(charts.map((c) => c.title).sort()).toEqual([...expected.keys()].sort());
  for (const chart of charts) {
    expect(chart.svgs, chart.title).toBe(1);
    expect(chart.series, chart.title).toHaveLength(expected.get(chart.title)!);
    // Each series is drawn with its legend entry, and the chart's title is in the drawing.
    for (const name of chart.series) expect(chart.texts, `${chart.title}: ${name}`).toContain(name);
    expect(chart.texts).toContain(chart.title);
  }
}

describe('the local dashboard', () => {
  it('opens from disk with every chart drawn, no console error and no request', async () => {
    const file = path.join(dir, DASHBOARD_HTML);
    writeFileSync(file, dashboardHtml(dashboardView(preview.emulator)!));
    const url = `file://${file}`;
    const { charts, errors, requests, changes, red } = await drawnCharts(url, SCREENSHOT);
    // The tab's conditional colour rules drawn on the page: TACoS over 50%, read-through under 50%, a loss.
    expect(red.length).toBeGreaterThan(0);
    for (const text of red) expect(text).toMatch(/^\d+\.\d%$|^-/);
    // Every change is labelled and signed, coloured by its direction.
    expect(changes.length).toBeGreaterThan(0);
    for (const change of changes) {
      expect(change.text).toMatch(/^Change: [+-]\d+\.\d%$/);
      const up = change.text.includes('+');
      const good = up !== (change.label === 'Ad spend');
      expect(change.className).toBe(`change ${up ? 'up' : 'down'} ${good ? 'good' : 'bad'}`);
    }
    // Five, and the monthly one: the history ledger (on by default) holds more than two months.
    expect(charts).toHaveLength(6);
    expectEveryChart(charts);
    expect(errors).toEqual([]);
    expect(requests).toEqual([url]);
  });

  it('is what npm run preview shows at /dashboard', async () => {
    const { charts, errors } = await drawnCharts(`${preview.url}/dashboard`);
    expectEveryChart(charts);
    expect(errors).toEqual([]);
  });
});
