// npm run bench: the figures that show the add-on is fast, beside the naive way, measured in one run
// (docs/performance.md, which a full run rewrites). Progress on stderr, tables on stdout; exits 1 when any target is missed.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { settingsFromEnv } from '../build/settings.ts';
import type { DemoApiHandle, DemoScale } from '../demo-api/index.ts';
import { REPO_ROOT } from '../gas/index.ts';
import type { BenchFigures } from './figures.ts';
import { thisMachine } from './machine.ts';
import { buildNaiveBundle } from './naive-bundle.ts';
import { parseOptions, repetitions } from './options.ts';
import { writePerformancePage } from './performance-page.ts';
import {
  machineLine,
  markdownBlock,
  modelLine,
  modelTable,
  reachTable,
  roomTables,
  tablesOf,
  targetsTable,
} from './report.ts';
import { benchBundle } from './sections/bundle.ts';
import { benchCache } from './sections/cache.ts';
import { benchFormulas } from './sections/formulas.ts';
import { benchHanging, hangingChecks, hangingTable } from './sections/hanging.ts';
import { benchHistory, historyTable } from './sections/history.ts';
import { benchPagesAndChecks, pagesTable } from './sections/pages-checks.ts';
import { benchRefresh } from './sections/refresh.ts';
import { benchReportTable } from './sections/report-table.ts';
import { benchSidebarWaits, sidebarWaitTable } from './sections/sidebar-wait.ts';
import { benchYear, yearChecks, yearTable } from './sections/year.ts';
import { asText } from './table.ts';
import {
  checkTargets,
  exitCodeOf,
  failingChecks,
  MAX_SPREADSHEET_CALLS_PER_TAB,
  TABS_WRITTEN,
  tripwireVerdict,
} from './targets.ts';
import { type BenchWorld, startWorld } from './world.ts';

type Rows = { rows: Array<Record<string, unknown>> } & Record<string, unknown>;

const progress = (text: string) => process.stderr.write(`bench: ${text}\n`);

/** GET from the demo API as the author's key would (Node side, for inputs the bench derives from). */
async function apiGet<T>(api: DemoApiHandle, pathAndQuery: string): Promise<T> {
  const response = await fetch(`${api.baseUrl}${pathAndQuery}`, {
    headers: { Authorization: `Bearer ${api.demoKey}` },
  });
  if (!response.ok) throw new Error(`${pathAndQuery} answered ${response.status}`);
  return (await response.json()) as T;
}

async function withWorld<T>(
  scale: DemoScale,
  naiveDir: string,
  work: (w: BenchWorld) => Promise<T>,
): Promise<T> {
  const world = await startWorld({
    build: settingsFromEnv(),
    distDir: path.join(REPO_ROOT, 'dist'),
    naiveDir,
    scale,
  });
  try {
    return await work(world);
  } finally {
    await world.close();
  }
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const reps = repetitions(options.quick);
  const machine = thisMachine();
  const settings = settingsFromEnv();
  const naiveDir = await buildNaiveBundle(settings);

  const demo = await withWorld('demo', naiveDir, async (world) => {
    progress('refresh all tabs, demo account');
    const refresh = benchRefresh(world, 'demo', 'last_30_days', reps.refresh);
    progress('custom functions');
    const { series } = await apiGet<{ series: Array<{ series_id: string }> }>(world.api, '/series');
    const formulas = benchFormulas(world, series[0]?.series_id ?? '', reps.formulas);
    progress('chunked cache');
    const template = await apiGet<Rows>(world.api, '/reports/books?range=last_30_days');
    const cache = await benchCache(world, template, reps.cache);
    return { refresh, formulas, cache };
  });
  const big = await withWorld('big', naiveDir, async (world) => {
    progress('refresh all tabs, big account');
    const refresh = benchRefresh(world, 'big', 'last_365_days', reps.refresh);
    return { refresh, template: await apiGet<Rows>(world.api, '/reports/books?range=last_365_days') };
  });
  progress('refresh all tabs with endpoints that never answer');
  const hanging = await benchHanging(settings, path.join(REPO_ROOT, 'dist'), options.profiles.central);
  progress('reports in pages, and reconciliation');
  const pages = await benchPagesAndChecks(settings, path.join(REPO_ROOT, 'dist'));
  progress('bundle');
  const bundle = await benchBundle(path.join(REPO_ROOT, 'dist'), settings, reps.load);
  progress('report table, 100,000 rows');
  const reportTable = await benchReportTable(big.template, 100_000, reps.reportTable);
  progress('history ledger, 1 and 10 years');
  const history = await benchHistory(settings, path.join(REPO_ROOT, 'dist'), naiveDir);
  progress("the year's tabs");
  const year = await benchYear(settings, path.join(REPO_ROOT, 'dist'));
  progress('a new user in the sidebar');
  const sidebarWaits = await benchSidebarWaits(settings, path.join(REPO_ROOT, 'dist'));

  const figures: BenchFigures = {
    machine,
    quick: options.quick,
    repetitions: reps,
    profiles: options.profiles,
    uniform: options.uniform,
    refresh: { demo: demo.refresh, big: big.refresh },
    formulas: demo.formulas,
    bundle,
    reportTable,
    cache: demo.cache,
    history,
  };
  const checks = [
    ...checkTargets(figures),
    ...hangingChecks(hanging),
    ...yearChecks(year, MAX_SPREADSHEET_CALLS_PER_TAB),
  ];
  const sections = [
    hangingTable(hanging),
    historyTable(history, options.profiles.central),
    pagesTable(pages),
    yearTable(year),
    sidebarWaitTable(sidebarWaits, options.profiles.central),
  ];
  const out = [
    ...tablesOf(figures, TABS_WRITTEN),
    ...sections,
    modelTable(figures.profiles),
    targetsTable(checks),
  ];
  // Where the bytes go, always: the budget is tight and every formula cell loads the whole file.
  out.push(
    ...roomTables(bundle.roomTakers, bundle.codeBytes, bundle.secondPassBytes),
    reachTable(bundle.reach, bundle.codeBytes),
  );
  process.stdout.write(
    `Royalties for Sheets benchmarks: ${machineLine(figures)}\n\n${out.map(asText).join('\n')}`,
  );
  process.stdout.write(`\n${modelLine(figures)}\nCode.js: ${tripwireVerdict(figures.bundle.codeBytes)}.\n`);
  if (options.jsonPath)
    await writeFile(options.jsonPath, `${JSON.stringify({ ...figures, targets: checks }, null, 2)}\n`);
  const block = markdownBlock(figures, checks, TABS_WRITTEN, sections);
  if (options.markdownPath) await writeFile(options.markdownPath, `${block}\n`);
  if (options.pagePath) await writePerformancePage(path.join(REPO_ROOT, options.pagePath), block);
  const missed = failingChecks(checks);
  if (missed.length > 0)
    process.stderr.write(
      `bench: ${missed.length} target(s) MISSED: ${missed.map((c) => c.target).join('; ')}\n`,
    );
  return exitCodeOf(checks);
}

try {
  process.exitCode = await main();
} catch (err) {
  process.stderr.write(`bench: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 2;
}
