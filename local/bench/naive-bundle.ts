// Builds the bench-only bundle of naive/harness.ts into a temporary folder that createEmulator can load
// (Code.js with top-level stubs, appsscript.json with the same allow-list as the add-on). Never part of dist/.
import { rmSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { ROOT } from '../build/build.ts';
import { buildManifest, type Manifest } from '../build/manifest.ts';
import type { BuildSettings } from '../build/settings.ts';

const GLOBAL = 'NaiveHarness';
/** The harness's exports, each with the parameters its top-level stub passes on. */
const STUBS: Readonly<Record<string, readonly string[]>> = {
  saveKey: ['key'],
  saveSettings: ['settings'],
  naiveRefresh: [],
  naiveFormula: ['name', 'args'],
  cachedFetch: ['requestJson'],
};

export async function buildNaiveBundle(settings: BuildSettings): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rfs-bench-naive-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const result = await esbuild.build({
    entryPoints: [path.join(ROOT, 'local/bench/naive/harness.ts')],
    bundle: true,
    format: 'iife',
    globalName: GLOBAL,
    target: 'es2019',
    platform: 'neutral',
    minify: true,
    write: false,
    logLevel: 'silent',
    define: {
      __ROYALTIES_API_BASE_URL__: JSON.stringify(settings.apiBaseUrl),
      __ROYALTIES_DEMO_KEY__: JSON.stringify(settings.demoKey),
      __ROYALTIES_VERSION__: JSON.stringify('bench-naive'),
    },
  });
  const stubs = Object.entries(STUBS).map(
    ([name, params]) =>
      `function ${name}(${params.join(', ')}) { return ${GLOBAL}.${name}(${params.join(', ')}); }`,
  );
  await writeFile(path.join(dir, 'Code.js'), `${result.outputFiles[0]?.text ?? ''}\n${stubs.join('\n')}\n`);
  const source = JSON.parse(await readFile(path.join(ROOT, 'appsscript.json'), 'utf8')) as Manifest;
  await writeFile(
    path.join(dir, 'appsscript.json'),
    JSON.stringify(buildManifest(source, settings.apiBaseUrl)),
  );
  return dir;
}
