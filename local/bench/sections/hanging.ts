// When the API hangs: refresh all tabs while report endpoints accept the request and never answer. UrlFetchApp's
// timeout (about 60 s, local/gas/url-fetch.ts) is modelled in compressed time: the emulator takes a request
// unanswered after HANG_AFTER_MS of real time as hanging, and the round costs the whole timeout on its
// clock; the demo API's hang says so at once (hangNotices), so no real time is waited. The figure is the emulated time of the execution (timeouts, retry waits, modelled service calls),
// against the 360 s an execution may run, for the menu's refresh, the sidebar's and the nightly trigger. Service calls
// are charged under the central profile of the cost model (cost-model.ts).
import { ENDPOINT_IDS, ENDPOINTS, type EndpointId, showsPeriod } from '../../../src/core/endpoints.ts';
import { EXECUTION_LIMIT_MS } from '../../../src/core/refresh/index.ts';
import type { BuildSettings } from '../../build/settings.ts';
import { startDemoApiInWorker } from '../../demo-api/index.ts';
import { createEmulator } from '../../gas/index.ts';
import { type CostProfile, DEFAULT_PROFILES, serviceMs } from '../cost-model.ts';
import { measured } from '../measure.ts';
import type { Table } from '../table.ts';
import type { TargetCheck } from '../targets.ts';
import { BENCH_TODAY } from '../world.ts';

const HANG_AFTER_MS = 2_000;

interface HangingRun {
  /** Emulated clock from start to end of the refresh, plus its service calls under the central profile. */
  readonly modelledMs: number;
  readonly fetchRounds: number;
  readonly httpRequests: number;
  readonly tabsFresh: number;
  readonly tabsKept: number;
}

export interface HangingCase {
  readonly label: string;
  readonly hanging: number;
  /** Refresh all tabs from the menu: one execution, as the nightly's refresh. */
  readonly menu: HangingRun;
  /** Refresh all tabs from the sidebar: its reports in parallel executions, then the finish. */
  readonly sidebar: HangingRun;
  /** The nightly trigger's execution. */
  readonly nightly: HangingRun;
}

/** Before the sidebar asked in parallel executions and the API's time was the execution's 6 minutes less
 * the writes' reserve (140 s then, the same path for both): with two or more reports hanging every tab
 * failed. README's "When the API hangs or fails" keeps these beside. */
const BEFORE: Readonly<Record<string, { modelledMs: number; tabsFresh: number }>> = {
  'none hanging': { modelledMs: 2_000, tabsFresh: 13 },
  'one report hanging': { modelledMs: 61_600, tabsFresh: 11 },
  'three reports hanging': { modelledMs: 121_300, tabsFresh: 0 },
  'every report hanging (9)': { modelledMs: 121_300, tabsFresh: 0 },
  'every endpoint hanging': { modelledMs: 121_300, tabsFresh: 0 },
};

const pathOf = (tab: EndpointId) => ENDPOINTS[tab].path.replace('{series_id}', '*');
const REPORTS = ENDPOINT_IDS.filter((id) => id !== 'account' && id !== 'series');
/** The reports computed over a period, round 1's (a reporting backend that is down): the account, the
 * catalogue, the series and their read-through still answer. */
const PERIOD_REPORTS = ENDPOINT_IDS.filter((id) => showsPeriod(id) && id !== 'read-through');
export const PERIOD_REPORTS_LABEL = `every period report hanging (${PERIOD_REPORTS.length})`;
/** What answers in that case: the account, the catalogue, the series and the read-through. */
const ANSWERING_TABS = ENDPOINT_IDS.length - PERIOD_REPORTS.length;

/** A sidebar refresh with this many reports hanging or fewer ends in about one timeout. */
const SIDEBAR_HANGING = 3;
const SIDEBAR_TARGET_MS = 75_000;

export async function benchHanging(
  build: BuildSettings,
  distDir: string,
  central: CostProfile = DEFAULT_PROFILES.central,
): Promise<HangingCase[]> {
  const api = await startDemoApiInWorker({ today: BENCH_TODAY, demoKey: build.demoKey });
  const emulator = createEmulator({
    distDir,
    routes: { [new URL(build.apiBaseUrl).origin]: api.origin },
    hangAfterMs: HANG_AFTER_MS,
    // The demo API's hang says so at once: the same rounds and emulated time, without waiting for real.
    hangNotices: true,
    // The recommended route: a nightly trigger of a bound script runs with its spreadsheet open (an
    // installed add-on's, by default, with none: docs/google-rules.md).
    deployment: 'bound',
  });
  const cases: Array<{ label: string; paths: string[] }> = [
    { label: 'none hanging', paths: [] },
    { label: 'one report hanging', paths: [pathOf('books-report')] },
    { label: 'two reports hanging', paths: ['books-report', 'kenp'].map((t) => pathOf(t as EndpointId)) },
    {
      label: 'three reports hanging',
      paths: ['books-report', 'kenp', 'timeline'].map((t) => pathOf(t as EndpointId)),
    },
    { label: PERIOD_REPORTS_LABEL, paths: PERIOD_REPORTS.map(pathOf) },
    { label: `every report hanging (${REPORTS.length})`, paths: REPORTS.map(pathOf) },
    { label: 'every endpoint hanging', paths: ['*'] },
  ];
  type Result = { tabs: Array<{ error: string | null }> };
  /** One refresh with `paths` hanging, started by `start`, which returns its outcome. */
  const measure = async (paths: readonly string[], start: () => Result): Promise<HangingRun> => {
    for (const path of paths) await api.setFaults(path, { hang: true });
    const before = emulator.clock.now();
    let result: Result = { tabs: [] };
    const cost = measured(emulator, () => {
      result = start();
    });
    const emulatedMs = emulator.clock.now() - before;
    await api.clearFaults();
    return {
      // The clock already holds the HTTP time; the service calls are modelled on top of it.
      modelledMs: emulatedMs + serviceMs(cost, central),
      fetchRounds: cost.fetchRounds,
      httpRequests: cost.httpRequests,
      tabsFresh: result.tabs.filter((t) => !t.error).length,
      tabsKept: result.tabs.filter((t) => t.error).length,
    };
  };
  try {
    emulator.run('useDemoKey');
    emulator.run('refreshAllTabs'); // the tabs exist, as on every refresh after the first
    emulator.run('setNightlyRefresh', [true, 5]);
    const trigger = emulator.triggers()[0]!.id;
    // The nightly's own outcome is a sentence: each tab's is read back from the Status record, as the
    // sidebar shows it (a success or failure at or after the night's start).
    type Status = Record<string, { lastSuccessAt: number | null; lastFailureAt: number | null }>;
    const night = (): Result => {
      const at = emulator.clock.now();
      emulator.runTrigger(trigger);
      const status = emulator.run<{ status: Status }>('getSidebarState').status;
      return {
        tabs: Object.values(status)
          .filter((t) => (t.lastSuccessAt ?? 0) >= at || (t.lastFailureAt ?? 0) >= at)
          .map((t) => ({ error: (t.lastFailureAt ?? 0) >= at ? 'failed' : null })),
      };
    };
    // The sidebar's refresh (src/sidebar/refresh-parts.ts): start, its parts side by side, the parts the
    // /series part added (one per series; the sidebar starts them as it learns of them, here a second
    // wave), the finish.
    const inParts = (): Result => {
      const { runId, parts } = emulator.run<{ runId: string; parts: number }>('startRefresh');
      const wave = (from: number, count: number): number =>
        emulator
          .runConcurrently<{ more: number }>(
            Array.from({ length: count }, (_, i) => ({ name: 'refreshPart', args: [runId, from + i] })),
          )
          .reduce((sum, o) => sum + (o.ok ? o.value.more : 0), 0);
      const more = wave(0, parts);
      if (more > 0) wave(parts, more);
      return emulator.run<Result>('finishRefresh', [runId]);
    };
    const out: HangingCase[] = [];
    const fromMenu = (): Result => emulator.run<Result>('menuRefreshAllTabs');
    for (const c of cases) {
      const menu = await measure(c.paths, fromMenu);
      const sidebar = await measure(c.paths, inParts);
      const nightly = await measure(c.paths, night);
      out.push({ label: c.label, hanging: c.paths.length, menu, sidebar, nightly });
    }
    return out;
  } finally {
    emulator.close();
    await api.stop();
  }
}

/** With up to three reports hanging a sidebar refresh ends in about one timeout; every case, sidebar and
 * nightly, ends inside the 6 minutes an execution has. */
export function hangingChecks(cases: readonly HangingCase[]): TargetCheck[] {
  const few = cases.filter(
    (c) => c.hanging > 0 && c.hanging <= SIDEBAR_HANGING && !c.label.startsWith('every'),
  );
  const slowestSidebar = Math.max(...few.map((c) => c.sidebar.modelledMs));
  const slowest = Math.max(
    ...cases.flatMap((c) => [c.menu.modelledMs, c.sidebar.modelledMs, c.nightly.modelledMs]),
  );
  const periodDown = cases.find((c) => c.label === PERIOD_REPORTS_LABEL);
  const freshWhenDown = periodDown
    ? Math.min(periodDown.menu.tabsFresh, periodDown.sidebar.tabsFresh, periodDown.nightly.tabsFresh)
    : 0;
  return [
    {
      target: `1 to ${SIDEBAR_HANGING} reports that never answer: the sidebar's refresh ends within ${SIDEBAR_TARGET_MS / 1000} s (modelled)`,
      ok: few.length > 0 && slowestSidebar <= SIDEBAR_TARGET_MS,
      measured: `${(slowestSidebar / 1000).toFixed(1)} s at the slowest of ${few.length} cases`,
    },
    {
      target:
        'endpoints that never answer: every refresh, menu, sidebar and nightly, ends within 360 s (modelled)',
      ok: cases.length > 0 && slowest < EXECUTION_LIMIT_MS,
      measured: `${(slowest / 1000).toFixed(1)} s at the slowest of ${cases.length * 3} runs`,
    },
    {
      target: `every period report hanging: the ${ANSWERING_TABS} tabs that answer fresh on the menu, the sidebar and the nightly`,
      ok: freshWhenDown >= ANSWERING_TABS,
      measured: `${freshWhenDown} fresh at the fewest of 3 runs`,
    },
  ];
}

export function hangingTable(cases: readonly HangingCase[]): Table {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const fits = (ms: number) => (ms < EXECUTION_LIMIT_MS ? 'yes' : 'NO');
  return {
    title: 'Refresh all tabs with endpoints that never answer (demo account, modelled)',
    headers: [
      'case',
      'menu: time',
      'fresh',
      'kept',
      'sidebar: time',
      'fresh',
      'kept',
      'rounds',
      'nightly: time',
      'fresh',
      'kept',
      'within 360 s',
      'before: time',
      'fresh',
    ],
    rows: cases.map((c) => {
      const before = BEFORE[c.label];
      return [
        c.label,
        s(c.menu.modelledMs),
        String(c.menu.tabsFresh),
        String(c.menu.tabsKept),
        s(c.sidebar.modelledMs),
        String(c.sidebar.tabsFresh),
        String(c.sidebar.tabsKept),
        String(c.sidebar.fetchRounds),
        s(c.nightly.modelledMs),
        String(c.nightly.tabsFresh),
        String(c.nightly.tabsKept),
        fits(Math.max(c.menu.modelledMs, c.sidebar.modelledMs, c.nightly.modelledMs)),
        before ? s(before.modelledMs) : '',
        before ? String(before.tabsFresh) : '',
      ];
    }),
    note: `UrlFetchApp's timeout modelled at 60 s (compressed: a request unanswered after ${HANG_AFTER_MS / 1000} s real counts as hanging); a tab kept shows its previous figures under an amber banner. "before": the figures this bench recorded when the API had 140 s (README); with two or more hanging, every tab failed then. "${PERIOD_REPORTS_LABEL}": the reporting backend down while the account, the catalogue, the series and the read-through answer; before round 1's lost requests were asked again apart, the menu kept none of them fresh in 240 s and the nightly lost the read-through.`,
  };
}
