// Built code for tests:
// - addOnDist(): the real add-on, built by local/build exactly as `npm run build` builds dist/, so a
//   test never runs a stale dist/ against fresh sources;
// - installedAddOnDist(): the same for the installed add-on's route (ROYALTIES_ROUTE=addon);
// - harnessDist(): a second, test-only bundle of client-harness.ts (the platform client with its real
//   Apps Script adapters), with the same baked-in settings and manifest.
// The add-on's two builds (seconds each: terser's three passes) are made once per test run, in the run's
// folder (temp-folder.ts), and shared by every test process; the harness (esbuild alone) once per process.
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { build } from '../../local/build/build.ts';
import { buildHarnessBundle, temporaryDir } from '../../local/build/harness.ts';
import { type BuildSettings, settingsFromEnv } from '../../local/build/settings.ts';
import { RUN_FOLDER_VARIABLE } from './temp-folder.ts';

/** How long a hook that builds the add-on may take: a build is seconds on an idle machine (terser's three
 * passes), but on a shared 2-core machine under load it was seen past the 30 s a test may take, so it gets
 * a hook of its own and this bound, which still ends a build that hangs. */
export const BUILD_TIMEOUT = 180_000;

/** The defaults (local demo API, its demo key), whatever the environment says. */
export const TEST_SETTINGS: BuildSettings = settingsFromEnv({});

let addOn: Promise<string> | undefined;
let installed: Promise<string> | undefined;
let harness: Promise<string> | undefined;

export function addOnDist(): Promise<string> {
  addOn ??= builtOncePerRun('dist', TEST_SETTINGS);
  return addOn;
}

/** The installed add-on's build (ROYALTIES_ROUTE=addon), otherwise as addOnDist(). */
export function installedAddOnDist(): Promise<string> {
  installed ??= builtOncePerRun('dist-addon', { ...TEST_SETTINGS, route: 'addon' });
  return installed;
}

/**
 * The folder of `settings`' build for this test run: the first process to ask builds it (holding a lock
 * folder, so the others wait for it rather than build it again); the others find it there. Outside a
 * configured run (a bare `vitest run`), each process builds its own.
 */
async function builtOncePerRun(name: string, settings: BuildSettings): Promise<string> {
  const run = process.env[RUN_FOLDER_VARIABLE];
  if (!run) {
    const dir = await temporaryDir(`rfs-${name}-`);
    await build(settings, dir);
    return dir;
  }
  const dir = path.join(run, `rfs-${name}`);
  const lock = `${dir}.building`;
  for (;;) {
    if (existsSync(dir)) return dir;
    const mine = await mkdir(lock).then(
      () => true,
      () => false,
    );
    if (!mine) {
      await sleep(100);
      continue;
    }
    try {
      // Built aside, then moved in whole: a folder at `dir` is always a finished build.
      const draft = `${dir}.draft`;
      await rm(draft, { recursive: true, force: true });
      await build(settings, draft);
      await rename(draft, dir);
      return dir;
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}

/** client-harness.ts's exports that get a top-level function in its Code.js: each takes one argument. */
function buildHarness(): Promise<string> {
  return buildHarnessBundle({
    entry: 'test/support/client-harness.ts',
    globalName: 'ClientHarness',
    functions: { saveApiKey: ['arg'], fetchMany: ['arg'], sha256Hex: ['arg'] },
    settings: TEST_SETTINGS,
    version: 'test-harness',
  });
}

export function harnessDist(): Promise<string> {
  harness ??= buildHarness();
  return harness;
}
