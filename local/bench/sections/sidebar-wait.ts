// Where a new user waits: opening the sidebar for the first time until the account section shows, and
// pressing "Try the demo account" until the sidebar shows the demo account. Each step is the executions
// the sidebar makes (src/sidebar: showSidebar from the menu, then getSidebarState; useDemoKey, then the
// reload's getSidebarState), in a spreadsheet that has never seen the add-on, in modelled Google time.
import type { BuildSettings } from '../../build/settings.ts';
import { startDemoApiInWorker } from '../../demo-api/index.ts';
import { createEmulator } from '../../gas/index.ts';
import { type CostProfile, modelled } from '../cost-model.ts';
import { combined, type ExecutionCost, measured } from '../measure.ts';
import { count, duration, type Table } from '../table.ts';
import { BENCH_TODAY } from '../world.ts';

export interface SidebarWait {
  readonly step: string;
  readonly executions: readonly string[];
  readonly cost: ExecutionCost;
}

const STEPS: ReadonlyArray<{ step: string; executions: readonly string[] }> = [
  {
    step: 'open the sidebar, first time → the account section',
    executions: ['showSidebar', 'getSidebarState'],
  },
  {
    step: 'press "Try the demo account" → the demo account shown',
    executions: ['useDemoKey', 'getSidebarState'],
  },
];

export async function benchSidebarWaits(build: BuildSettings, distDir: string): Promise<SidebarWait[]> {
  const api = await startDemoApiInWorker({ today: BENCH_TODAY, scale: 'demo', demoKey: build.demoKey });
  const emulator = createEmulator({ distDir, routes: { [new URL(build.apiBaseUrl).origin]: api.origin } });
  try {
    return STEPS.map(({ step, executions }) => ({
      step,
      executions,
      cost: combined(executions.map((name) => measured(emulator, () => emulator.run(name)))),
    }));
  } finally {
    emulator.close();
    await api.stop();
  }
}

export function sidebarWaitTable(waits: readonly SidebarWait[], central: CostProfile): Table {
  const services = [...new Set(waits.flatMap((w) => Object.keys(w.cost.callsByService)))].sort();
  return {
    title: 'Where a new user waits: the sidebar, modelled Google time (central profile)',
    headers: ['step', 'executions', 'modelled', 'requests', ...services],
    rows: waits.map((w) => [
      w.step,
      w.executions.join(' + '),
      duration(modelled(w.cost, central).ms),
      count(w.cost.httpRequests),
      ...services.map((s) => count(w.cost.callsByService[s] ?? 0)),
    ]),
    note: "Service calls by service per step (UrlFetchApp's are the requests). Not modelled: HtmlService serving the page and google.script.run's own round trip, the same for any add-on.",
  };
}
