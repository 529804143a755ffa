// Issue 19: refresh all tabs while report endpoints accept the request and never answer. UrlFetchApp's
// timeout (about 60 s, local/gas/url-fetch.ts) is modelled in compressed time: the emulator takes a request
// unanswered after HANG_AFTER_MS of real time as hanging, and the round costs the whole timeout on its
// clock. The figure is the emulated time of the execution (timeouts, retry waits) plus its service calls
// under the central profile of the cost model, against the 360 s an execution may run and the 150 s target.
import { ENDPOINT_IDS, ENDPOINTS, type EndpointId } from '../../../src/core/endpoints.ts';
import { EXECUTION_LIMIT_MS } from '../../../src/core/tabs/interrupted.ts';
import type { BuildSettings } from '../../build/settings.ts';
import { startDemoApiInWorker } from '../../demo-api/index.ts';
import { createEmulator } from '../../gas/index.ts';
import { type CostProfile, DEFAULT_PROFILES, serviceMs } from '../cost-model.ts';
import { measured } from '../measure.ts';
import type { Table } from '../table.ts';
import type { TargetCheck } from '../targets.ts';
import { BENCH_TODAY } from '../world.ts';

const HANG_AFTER_MS = 2_000;
export const HANGING_TARGET_MS = 150_000;

export interface HangingCase {
  readonly label: string;
  readonly hanging: number;
  /** Emulated clock from start to end of the refresh, plus the service calls under the central profile. */
  readonly modelledMs: number;
  readonly fetchRounds: number;
  readonly httpRequests: number;
  readonly tabsFresh: number;
  readonly tabsKept: number;
}

const pathOf = (tab: EndpointId) => ENDPOINTS[tab].path.replace('{series_id}', '*');
const REPORTS = ENDPOINT_IDS.filter((id) => id !== 'account' && id !== 'series');

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
  });
  const cases: Array<{ label: string; paths: string[] }> = [
    { label: 'none hanging', paths: [] },
    { label: 'one report hanging (Books)', paths: [pathOf('books-report')] },
    {
      label: 'three reports hanging',
      paths: ['books-report', 'kenp', 'timeline'].map((t) => pathOf(t as EndpointId)),
    },
    { label: `every report hanging (${REPORTS.length})`, paths: REPORTS.map(pathOf) },
    { label: 'every endpoint hanging', paths: ['*'] },
  ];
  try {
    emulator.run('useDemoKey');
    emulator.run('refreshAllTabs'); // the tabs exist, as on every refresh after the first
    const out: HangingCase[] = [];
    for (const c of cases) {
      for (const path of c.paths) await api.setFaults(path, { hang: true });
      const start = emulator.clock.now();
      let result: { tabs: Array<{ error: string | null }> } = { tabs: [] };
      const cost = measured(emulator, () => {
        result = emulator.run('refreshAllTabs');
      });
      const emulatedMs = emulator.clock.now() - start;
      await api.clearFaults();
      out.push({
        label: c.label,
        hanging: c.paths.length,
        // The clock already holds the HTTP time; the service calls are modelled on top of it.
        modelledMs: emulatedMs + serviceMs(cost, central),
        fetchRounds: cost.fetchRounds,
        httpRequests: cost.httpRequests,
        tabsFresh: result.tabs.filter((t) => !t.error).length,
        tabsKept: result.tabs.filter((t) => t.error).length,
      });
    }
    return out;
  } finally {
    emulator.close();
    await api.stop();
  }
}

/** Every case ends within the target: a refresh whose endpoints hang still finishes, well inside 6 min. */
export function hangingCheck(cases: readonly HangingCase[]): TargetCheck {
  const slowest = Math.max(...cases.map((c) => c.modelledMs));
  return {
    target: `endpoints that never answer: a refresh of all tabs ends within ${HANGING_TARGET_MS / 1000} s (modelled)`,
    ok: cases.length > 0 && slowest < HANGING_TARGET_MS,
    measured: `${(slowest / 1000).toFixed(1)} s at the slowest of ${cases.length} cases`,
  };
}

export function hangingTable(cases: readonly HangingCase[]): Table {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return {
    title: 'Refresh all tabs with endpoints that never answer (demo account, modelled)',
    headers: [
      'case',
      'modelled time',
      'of 360 s',
      'target < 150 s',
      'rounds',
      'requests',
      'tabs fresh',
      'tabs kept',
    ],
    rows: cases.map((c) => [
      c.label,
      s(c.modelledMs),
      `${Math.round((100 * c.modelledMs) / EXECUTION_LIMIT_MS)}%`,
      c.modelledMs < HANGING_TARGET_MS ? 'met' : 'MISSED',
      String(c.fetchRounds),
      String(c.httpRequests),
      String(c.tabsFresh),
      String(c.tabsKept),
    ]),
    note: `UrlFetchApp's timeout modelled at 60 s (compressed: a request unanswered after ${HANG_AFTER_MS / 1000} s real counts as hanging); a tab kept shows its previous figures under an amber banner.`,
  };
}
