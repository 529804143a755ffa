// One demo account served over loopback, and two spreadsheets in the emulator reading it: one runs the
// add-on as built (dist/), the other the naive harness. Both call the API address baked into their
// bundle, routed to this server, with the same key and the same settings.

import type { EndpointId } from '../../src/core/endpoints.ts';
import type { BuildSettings } from '../build/settings.ts';
import { type DemoApiHandle, type DemoScale, startDemoApiInWorker } from '../demo-api/index.ts';
import { createEmulator, type Emulator } from '../gas/index.ts';

/** Figures pinned to one "today", so every run reads the same rows. */
export const BENCH_TODAY = '2026-11-20';

export interface BenchSettings {
  readonly period: string;
  readonly tabs: readonly EndpointId[];
}

export interface BenchWorld {
  readonly api: DemoApiHandle;
  readonly ours: Emulator;
  readonly naive: Emulator;
  /** The same settings in both spreadsheets, stored as the sidebar stores them. */
  choose(settings: BenchSettings): void;
  close(): Promise<void>;
}

interface WorldOptions {
  readonly build: BuildSettings;
  readonly distDir: string;
  readonly naiveDir: string;
  readonly scale: DemoScale;
}

export async function startWorld(options: WorldOptions): Promise<BenchWorld> {
  const api = await startDemoApiInWorker({
    today: BENCH_TODAY,
    scale: options.scale,
    demoKey: options.build.demoKey,
  });
  const routes = { [new URL(options.build.apiBaseUrl).origin]: api.origin };
  const ours = createEmulator({ distDir: options.distDir, routes });
  const naive = createEmulator({ distDir: options.naiveDir, routes });
  try {
    ours.run('useDemoKey');
    ours.run('setFormulaAccess', [true]);
    naive.run('saveKey', [api.demoKey]);
  } catch (err) {
    ours.close();
    naive.close();
    await api.stop();
    throw err;
  }
  return {
    api,
    ours,
    naive,
    choose(settings) {
      const input = { period: settings.period, tabs: [...settings.tabs] };
      ours.run('saveSettings', [input]);
      naive.run('saveSettings', [input]);
    },
    async close() {
      ours.close();
      naive.close();
      await api.stop();
    },
  };
}
