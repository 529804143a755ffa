// One call to get a working add-on for a test: the demo API in a worker thread (the emulator blocks its
// own thread on UrlFetchApp), the emulator running the freshly built add-on with the bundle's baked-in
// API address routed to that server, and helpers to save a key as a given user.

import { afterAll, beforeAll, beforeEach, onTestFinished } from 'vitest';
import { type DemoApiHandle, type DemoApiOptions, startDemoApiInWorker } from '../../local/demo-api/index.ts';
import { createEmulator, type Emulator, type EmulatorOptions } from '../../local/gas/index.ts';
import type { AccountView } from '../../src/core/api/index.ts';
import { addOnDist, TEST_SETTINGS } from './bundles.ts';

export interface AddOnOptions {
  /** Options of the demo API; `today` defaults to 2026-11-20 so figures are pinned. */
  readonly demo?: DemoApiOptions;
  /** A demo API already running (useDemoApi), used instead of starting one (`demo` is then ignored) and left
   * running by close(). */
  readonly api?: DemoApiHandle;
  readonly emulator?: EmulatorOptions;
  /** Default: the add-on built from the current sources (bundles.ts). */
  readonly distDir?: string;
}

export interface AddOn {
  readonly emulator: Emulator;
  readonly api: DemoApiHandle;
  /** Runs the sidebar's saveApiKey as `user` (default: the owner) with `key` (default: the demo key). */
  saveApiKeyFor(user?: string, key?: string): AccountView;
  close(): Promise<void>;
}

/** Compressed time (EmulatorOptions.hangAfterMs): a request unanswered after 3 s of real time is one that
 * never answers, and costs UrlFetchApp's whole minute on the emulated clock. Loopback answers take ms.
 * The demo API's `hang` fault says at once that it will never answer (EmulatorOptions.hangNotices), so a
 * test waits those 3 s only for a server that says nothing. */
export const TEST_HANG_AFTER_MS = 3_000;

/** The origin the bundle was built to call (DEFAULT_API_BASE_URL's origin). */
export const BAKED_ORIGIN = new URL(TEST_SETTINGS.apiBaseUrl).origin;

export async function startAddOn(options: AddOnOptions = {}): Promise<AddOn> {
  const shared = options.api;
  const api = shared ?? (await startDemoApiInWorker({ today: '2026-11-20', ...options.demo }));
  let emulator: Emulator;
  try {
    const distDir = options.distDir ?? (await addOnDist());
    emulator = createEmulator({
      hangAfterMs: TEST_HANG_AFTER_MS,
      hangNotices: true,
      // The bundle under test is the bound build (README's recommended route).
      deployment: 'bound',
      ...options.emulator,
      distDir,
      routes: { [BAKED_ORIGIN]: api.origin, ...options.emulator?.routes },
    });
  } catch (err) {
    if (!shared) await api.stop();
    throw err;
  }
  return {
    emulator,
    api,
    saveApiKeyFor(user = emulator.owner, key = api.demoKey) {
      return emulator.run<AccountView>('saveApiKey', [key], { as: user });
    },
    async close() {
      emulator.close();
      if (!shared) await api.stop();
    },
  };
}

/** One demo API for the tests of a file, started before them (its worker thread takes seconds; an emulator,
 * milliseconds) and stopped after. Before each test it is put back as `options` started it (resetDemoApi),
 * so no test reads the faults, day, shape or requests another test left: each starts its own add-on on
 * it (startAddOn's `api`, or startAddOnWithKey) and sets the API's state it relies on itself. */
export function useDemoApi(options: DemoApiOptions = {}): () => DemoApiHandle {
  const started = { today: '2026-11-20', ...options };
  let api: DemoApiHandle | undefined;
  beforeAll(async () => {
    api = await startDemoApiInWorker(started);
  });
  beforeEach(async () => {
    if (api) await resetDemoApi(api, started);
  });
  afterAll(async () => {
    await api?.stop();
  });
  return () => {
    if (!api) throw new Error('The demo API is not started: call useDemoApi() at the top of the file.');
    return api;
  };
}

/** The demo API's run-time switches back as `options` started it: no faults, its day, settling, shape,
 * paging and crafted data, and an empty request log. */
export async function resetDemoApi(api: DemoApiHandle, options: DemoApiOptions): Promise<void> {
  await api.clearFaults();
  await api.setDangerousData(options.dangerousData ?? false);
  if (options.today) await api.setToday(options.today);
  await api.setSettling({});
  await api.setShape(options.shape ?? 'demo');
  await api.setPaging(options.paging ?? null);
  await api.clearRequests();
}

/** A fresh add-on for one test, on a file's shared demo API (useDemoApi) with its faults cleared and the
 * owner's key saved; closed when the test finishes. */
export async function startAddOnWithKey(api: DemoApiHandle): Promise<AddOn> {
  await api.clearFaults();
  const addOn = await startAddOn({ api });
  onTestFinished(() => addOn.close());
  addOn.saveApiKeyFor();
  return addOn;
}
