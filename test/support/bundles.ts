// Built code for tests, made once per test process in a temporary folder:
// - addOnDist(): the real add-on, built by local/build exactly as `npm run build` builds dist/, so a
//   test never runs a stale dist/ against fresh sources;
// - installedAddOnDist(): the same for the installed add-on's route (ROYALTIES_ROUTE=addon);
// - harnessDist(): a second, test-only bundle of client-harness.ts (the platform client with its real
//   Apps Script adapters), with the same baked-in settings and manifest.
import { build } from '../../local/build/build.ts';
import { buildHarnessBundle, temporaryDir } from '../../local/build/harness.ts';
import { type BuildSettings, settingsFromEnv } from '../../local/build/settings.ts';

/** The defaults (local demo API, its demo key), whatever the environment says. */
export const TEST_SETTINGS: BuildSettings = settingsFromEnv({});

let addOn: Promise<string> | undefined;
let installed: Promise<string> | undefined;
let harness: Promise<string> | undefined;

export function addOnDist(): Promise<string> {
  addOn ??= (async () => {
    const dir = await temporaryDir('rfs-dist-');
    await build(TEST_SETTINGS, dir);
    return dir;
  })();
  return addOn;
}

/** The installed add-on's build (ROYALTIES_ROUTE=addon), otherwise as addOnDist(). */
export function installedAddOnDist(): Promise<string> {
  installed ??= (async () => {
    const dir = await temporaryDir('rfs-dist-addon-');
    await build({ ...TEST_SETTINGS, route: 'addon' }, dir);
    return dir;
  })();
  return installed;
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
