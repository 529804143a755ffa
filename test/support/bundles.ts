// Built code for tests, made once per test process in a temporary folder:
// - addOnDist(): the real add-on, built by local/build exactly as `npm run build` builds dist/, so a
//   test never runs a stale dist/ against fresh sources;
// - harnessDist(): a second, test-only bundle of client-harness.ts (the platform client with its real
//   Apps Script adapters), with the same baked-in settings and manifest.
import { rmSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { build, ROOT } from '../../local/build/build.ts';
import { buildManifest, type Manifest } from '../../local/build/manifest.ts';
import { type BuildSettings, settingsFromEnv } from '../../local/build/settings.ts';

/** The defaults (local demo API, its demo key), whatever the environment says. */
export const TEST_SETTINGS: BuildSettings = settingsFromEnv({});

/** A temporary folder removed when the test process ends. */
async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

let addOn: Promise<string> | undefined;
let harness: Promise<string> | undefined;

export function addOnDist(): Promise<string> {
  addOn ??= (async () => {
    const dir = await tempDir('rfs-dist-');
    await build(TEST_SETTINGS, dir);
    return dir;
  })();
  return addOn;
}

const HARNESS_GLOBAL = 'ClientHarness';
/** The exports of client-harness.ts that get a top-level function in its Code.js. */
const HARNESS_FUNCTIONS = ['saveApiKey', 'fetchMany', 'sha256Hex'];

async function buildHarness(): Promise<string> {
  const dir = await tempDir('rfs-harness-');
  const result = await esbuild.build({
    entryPoints: [path.join(ROOT, 'test/support/client-harness.ts')],
    bundle: true,
    format: 'iife',
    globalName: HARNESS_GLOBAL,
    target: 'es2019',
    platform: 'neutral',
    write: false,
    logLevel: 'silent',
    define: {
      __ROYALTIES_API_BASE_URL__: JSON.stringify(TEST_SETTINGS.apiBaseUrl),
      __ROYALTIES_DEMO_KEY__: JSON.stringify(TEST_SETTINGS.demoKey),
      __ROYALTIES_VERSION__: JSON.stringify('test-harness'),
    },
  });
  const stubs = HARNESS_FUNCTIONS.map(
    (name) => `function ${name}(arg) { return ${HARNESS_GLOBAL}.${name}(arg); }`,
  );
  await writeFile(path.join(dir, 'Code.js'), `${result.outputFiles[0]?.text ?? ''}\n${stubs.join('\n')}\n`);
  const source = JSON.parse(await readFile(path.join(ROOT, 'appsscript.json'), 'utf8')) as Manifest;
  await writeFile(
    path.join(dir, 'appsscript.json'),
    JSON.stringify(buildManifest(source, TEST_SETTINGS.apiBaseUrl)),
  );
  return dir;
}

export function harnessDist(): Promise<string> {
  harness ??= buildHarness();
  return harness;
}
