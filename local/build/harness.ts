// Bundles that never ship: a test or bench entry file whose exports get plain top-level stubs, built with
// the add-on's baked-in settings and manifest into a folder that createEmulator (local/gas) can load.
// The test client harness (test/support) and the bench's naive strategy (local/bench) both use it.
import { rmSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { ROOT } from './build.ts';
import { buildManifest, type Manifest } from './manifest.ts';
import type { BuildSettings } from './settings.ts';
import { ESBUILD_TARGET } from './syntax.ts';

/** A temporary folder removed when this process ends. */
export async function temporaryDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

interface HarnessBundle {
  /** Entry file, relative to the repository root. */
  readonly entry: string;
  /** The global the IIFE is assigned to; the stubs call through it. */
  readonly globalName: string;
  /** Each export that gets a top-level function, with the parameters its stub passes on. */
  readonly functions: Readonly<Record<string, readonly string[]>>;
  readonly settings: BuildSettings;
  /** What `__ROYALTIES_VERSION__` says in this bundle. */
  readonly version: string;
  readonly minify?: boolean;
}

/** Writes Code.js and appsscript.json for `bundle` into a new temporary folder and returns the folder. */
export async function buildHarnessBundle(bundle: HarnessBundle): Promise<string> {
  const dir = await temporaryDir('rfs-harness-');
  const result = await esbuild.build({
    entryPoints: [path.join(ROOT, bundle.entry)],
    bundle: true,
    format: 'iife',
    globalName: bundle.globalName,
    target: ESBUILD_TARGET,
    platform: 'neutral',
    minify: bundle.minify ?? false,
    write: false,
    logLevel: 'silent',
    define: {
      __ROYALTIES_API_BASE_URL__: JSON.stringify(bundle.settings.apiBaseUrl),
      __ROYALTIES_DEMO_KEY__: JSON.stringify(bundle.settings.demoKey),
      __ROYALTIES_VERSION__: JSON.stringify(bundle.version),
      __ROYALTIES_ROUTE__: JSON.stringify(bundle.settings.route ?? 'bound'),
      __ROYALTIES_ADDON_ROUTE__: String(bundle.settings.route === 'addon'),
    },
  });
  const stubs = Object.entries(bundle.functions).map(([name, params]) => {
    const list = params.join(', ');
    return `function ${name}(${list}) { return ${bundle.globalName}.${name}(${list}); }`;
  });
  await writeFile(path.join(dir, 'Code.js'), `${result.outputFiles[0]?.text ?? ''}\n${stubs.join('\n')}\n`);
  const source = JSON.parse(await readFile(path.join(ROOT, 'appsscript.json'), 'utf8')) as Manifest;
  await writeFile(
    path.join(dir, 'appsscript.json'),
    JSON.stringify(buildManifest(source, bundle.settings.apiBaseUrl)),
  );
  return dir;
}
