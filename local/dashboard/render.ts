// The dashboard as one self-contained HTML page (no script, no network): tiles, tables and every chart drawn
// to SVG on this machine by Apache ECharts' server-side renderer. Local only: never bundled into dist/.
import path from 'node:path';
import * as echarts from 'echarts';
import { TONES, WHAT_IF_TITLE } from '../../src/core/dashboard/index.ts';
import { escapeHtml } from '../preview/tabs-view.ts';
import type { ChartView, DashboardView } from './view.ts';

export const DASHBOARD_HTML = 'royalties-dashboard.html';

/** The page beside a workbook, named after it (`other.xlsx` → `other-dashboard.html`), so two workbooks in
 * one folder keep a page each; the default royalties.xlsx gets DASHBOARD_HTML. */
export function dashboardFileFor(workbook: string): string {
  const name = path.basename(workbook).replace(/\.xlsx$/i, '');
  return path.join(path.dirname(workbook), `${name}-dashboard.html`);
}
const WIDTH = 600;
const HEIGHT = 380;

/**
 * Text widths for laying out legends without a canvas (Node has none). ECharts' own guess is narrower than
 * the browser draws Arial, so a long series name ran under the next swatch. A generous width per
 * character instead: legend items a little apart, never on top of each other.
 */
const EM_PER_CHARACTER = 0.62;
echarts.setPlatformAPI({
  measureText(text: string, font?: string) {
    const size = Number(/(\d+(?:\.\d+)?)px/.exec(font ?? '')?.[1] ?? 12);
    return { width: text.length * size * EM_PER_CHARACTER };
  },
});

/** The page's words for a table titled for the workbook: the what-if rate is typed in a cell the page lacks. */
function pageTitle(title: string): string {
  return title === WHAT_IF_TITLE
    ? 'What if: your own KENP rate (the rate per page typed on the dashboard tab of the workbook)'
    : title;
}

function option(chart: ChartView): echarts.EChartsCoreOption {
  const base = {
    animation: false,
    title: { text: chart.title, left: 'center', textStyle: { fontSize: 14 } },
    legend: { bottom: 0 },
    grid: { left: 16, right: 24, top: 40, bottom: 40, containLabel: true },
  };
  if (chart.type === 'PIE') {
    const [first] = chart.series;
    const data = chart.categories.map((name, i) => ({ name, value: first?.values[i] ?? null }));
    return { ...base, series: [{ name: first?.name ?? '', type: 'pie', radius: '60%', data }] };
  }
  const horizontal = chart.type === 'BAR';
  const category = { type: 'category', data: chart.categories, inverse: horizontal };
  const value = { type: 'value' };
  return {
    ...base,
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? category : value,
    series: chart.series.map((s) => ({
      name: s.name,
      type: chart.type === 'LINE' ? 'line' : 'bar',
      data: s.values,
      showSymbol: false,
    })),
  };
}

function chartSvg(chart: ChartView): string {
  const instance = echarts.init(null, null, { renderer: 'svg', ssr: true, width: WIDTH, height: HEIGHT });
  try {
    instance.setOption(option(chart));
    return instance.renderToSVGString();
  } finally {
    instance.dispose();
  }
}

function table(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  colours: readonly (readonly (string | null)[])[],
): string {
  const head = `<tr>${headers.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr>`;
  const body = rows.map(
    (row, r) =>
      `<tr>${row.map((v, c) => `<td${coloured(colours[r]?.[c])}>${escapeHtml(v)}</td>`).join('')}</tr>`,
  );
  return `<table>${head}${body.join('')}</table>`;
}

/** A change's classes: its direction by its sign, good or bad by the colour the tab's rules gave it. */
function changeClass(shown: string | undefined, colour: string | null | undefined): string {
  const direction = shown?.startsWith('+') ? ' up' : shown?.startsWith('-') ? ' down' : '';
  const tone = colour === TONES.good.font ? ' good' : colour === TONES.bad.font ? ' bad' : '';
  return `${direction}${tone}`;
}

/** The colour the tab's conditional format rules give a cell, as an inline style. */
function coloured(colour: string | null | undefined): string {
  return colour && /^#[0-9a-f]{6}$/i.test(colour) ? ` style="color:${colour}"` : '';
}

/** In every page npm start writes, so a later run knows the page beside its workbook is its own. */
export const DASHBOARD_PAGE_MARK = '<meta name="generator" content="Royalties for Sheets: npm start">';

export function dashboardHtml(view: DashboardView): string {
  // Each line with its row's label ("Previous period", "Change"), as the tab shows them beside the tiles.
  const labelled = (row: number, text: string | undefined, kind: string) =>
    text ? `<div class="${kind}">${escapeHtml(view.tileRows[row] ?? '')}: ${escapeHtml(text)}</div>` : '';
  const tiles = view.tiles
    .map(
      (t) =>
        `<div class="tile" data-label="${escapeHtml(t.label)}"><div class="label">${escapeHtml(t.label)}</div><div class="value"${coloured(t.colours[0])}>${escapeHtml(t.lines[0] ?? '')}</div>
${labelled(1, t.lines[1], 'prev')}${labelled(2, t.lines[2], `change${changeClass(t.lines[2], t.colours[2])}`)}</div>`,
    )
    .join('');
  const charts = view.charts
    .map(
      (c) =>
        `<figure class="chart" data-title="${escapeHtml(c.title)}" data-series="${escapeHtml(JSON.stringify(c.series.map((s) => s.name)))}">${chartSvg(c)}</figure>`,
    )
    .join('\n');
  const tables = view.tables
    .map(
      (t) =>
        `<section><h2>${escapeHtml(pageTitle(t.title))}</h2>${table(t.headers, t.rows, t.colours)}</section>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${DASHBOARD_PAGE_MARK}<title>${escapeHtml(view.name)}</title><link rel="icon" href="data:,">
<style>body{font:13px Arial,sans-serif;margin:16px;color:#202124}h1{font-size:20px;margin:0 0 4px}.banner{color:#5f6368;margin-bottom:12px}
.tiles{display:flex;flex-wrap:wrap;gap:8px;margin-bottom:12px}.tile{border:1px solid #dadce0;border-radius:8px;padding:8px 12px;min-width:150px}
.label{color:#5f6368}.value{font-size:22px;font-weight:bold}.prev,.change{color:#5f6368;font-size:12px}.change.good{color:#137333}.change.bad{color:#c5221f}
.charts{display:flex;flex-wrap:wrap;gap:8px}figure{margin:0;border:1px solid #dadce0;border-radius:8px;max-width:100%;box-sizing:border-box}
figure svg{display:block;max-width:100%;height:auto}section{overflow-x:auto}
table{border-collapse:collapse}td,th{border:1px solid #e0e0e0;padding:2px 6px;text-align:left}th{background:#f1f3f4}h2{font-size:15px;margin:16px 0 4px}</style></head>
<body><h1>${escapeHtml(view.name)}</h1><div class="banner">${escapeHtml(view.banner)}</div>
<div class="tiles">${tiles}</div><div class="charts">${charts}</div>${tables}</body></html>`;
}
