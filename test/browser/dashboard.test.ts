// The local dashboard in real headless Chromium: the page `npm start` writes beside the workbook, opened from
// disk, and the preview's /dashboard, both drawn from the charts the add-on put on the emulated tab.
// The preview (its tabs refreshed once) and Chromium are started once for the file, and no test changes
// them: each test reads the charts, writes its own page to a folder of its own and opens its own browser page.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
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
});
afterAll(async () => {
  await browser?.close();
  await preview?.close();
});

/** The page `npm start` writes, written now from the emulated tab into a folder of this test's own. */
function dashboardFile(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'royalties-dashboard-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, DASHBOARD_HTML);
  writeFileSync(file, dashboardHtml(dashboardView(preview.emulator)!));
  return file;
}

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

/** Per chart: the narrowest gap between neighbouring legend names on a row (room for a swatch, 25 px, is
 * needed), and how far any legend name or the drawing reaches past the right edge of the page. */
async function legendsAndEdges(
  url: string,
  width: number,
): Promise<{ gaps: Record<string, number>; pastEdge: number; pageWidth: number; text: string }> {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width, height: 900 });
  await page.goto(url);
  const found = await page.evaluate(() => {
    const gaps: Record<string, number> = {};
    let right = 0;
    for (const figure of Array.from(document.querySelectorAll('figure.chart'))) {
      const names = JSON.parse(figure.getAttribute('data-series') ?? '[]') as string[];
      right = Math.max(right, figure.querySelector('svg')!.getBoundingClientRect().right);
      const boxes = Array.from(figure.querySelectorAll('svg text'))
        .filter((t) => names.includes(t.textContent ?? ''))
        .map((t) => t.getBoundingClientRect());
      for (const box of boxes) right = Math.max(right, box.right);
      let gap = Number.POSITIVE_INFINITY;
      for (const a of boxes)
        for (const b of boxes)
          if (a !== b && Math.abs(a.top - b.top) < 2 && b.left >= a.left)
            gap = Math.min(gap, b.left - a.right);
      gaps[figure.getAttribute('data-title') ?? ''] = gap;
    }
    return {
      gaps,
      right,
      pageWidth: document.documentElement.scrollWidth,
      text: document.body.innerText,
    };
  });
  await page.close();
  return { gaps: found.gaps, pastEdge: found.right - width, pageWidth: found.pageWidth, text: found.text };
}

describe('the local dashboard', () => {
  it('opens from disk with every chart drawn, no console error and no request', async () => {
    const url = `file://${dashboardFile()}`;
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

  it('legends keep each name clear of the next swatch; at 420 px nothing is cut on the right', async () => {
    const file = dashboardFile();
    const wide = await legendsAndEdges(`file://${file}`, 1280);
    expect(Object.keys(wide.gaps)).toContain('Readers of each book, per series');
    for (const [title, gap] of Object.entries(wide.gaps)) expect(gap, title).toBeGreaterThanOrEqual(25);
    const narrow = await legendsAndEdges(`file://${file}`, 420);
    expect(narrow.pastEdge).toBeLessThanOrEqual(0);
    expect(narrow.pageWidth).toBeLessThanOrEqual(420);
    // The what-if rate is typed in the workbook; the page has no cell B9 to type in.
    expect(narrow.text).toContain('What if: your own KENP rate');
    expect(narrow.text).not.toMatch(/\bB9\b|type one per page/);
  });

  it('is what npm run preview shows at /dashboard', async () => {
    const { charts, errors } = await drawnCharts(`${preview.url}/dashboard`);
    expectEveryChart(charts);
    expect(errors).toEqual([]);
  });
});
