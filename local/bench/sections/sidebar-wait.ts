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

function stepOf(wait: SidebarWait) {
  const step = STEPS.find((s) => s.step === wait.step);
  if (!step) throw new Error(`No such sidebar step: ${wait.step}`);
  return step;
}

/** Each property store (the user's, the document's) read once, whole: what any sidebar state needs. */
const storesRead = (c: CostProfile) => 2 * (c.handle + c['property-read']);

const STEPS: ReadonlyArray<{
  step: string;
  executions: readonly string[];
  /** The least any sidebar could spend on the step, priced from the same profile. */
  floor: (c: CostProfile) => number;
  floorIs: string;
}> = [
  {
    step: 'open the sidebar, first time → the account section',
    executions: ['showSidebar', 'getSidebarState'],
    floor: (c) => 2 * c.handle + c.local + storesRead(c),
    floorIs:
      'the page asked for (HtmlService and the Ui: two handles and showSidebar), then each property store read once',
  },
  {
    step: 'press "Try the demo account" → the demo account shown',
    executions: ['useDemoKey', 'getSidebarState'],
    floor: (c) =>
      c['http-round'] + c.handle + c['property-write'] + storesRead(c) + c.handle + c['cache-read'],
    floorIs:
      'the key checked (one request) and saved (one property write), then each property store read once and the account read from the cache',
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
    headers: ['step', 'executions', 'modelled', 'floor', 'requests', ...services],
    rows: waits.map((w) => [
      w.step,
      w.executions.join(' + '),
      duration(modelled(w.cost, central).ms),
      duration(stepOf(w).floor(central)),
      count(w.cost.httpRequests),
      ...services.map((s) => count(w.cost.callsByService[s] ?? 0)),
    ]),
    note: `Service calls by service per step (UrlFetchApp's are the requests). Floor, the least any sidebar could spend: ${STEPS.map((s) => `${s.step.split(' →')[0]}: ${s.floorIs}`).join('; ')}. Ours also reads what the rest of the first screen shows (the nightly refresh, who owns the spreadsheet, permissions, the last refresh). No naive column: the naive harness has no sidebar. Not modelled: HtmlService serving the page and google.script.run's own round trip, the same for any add-on.`,
  };
}
