// The build: src/main.ts → dist/Code.js (one IIFE under a global name, ES2020, plus generated top-level
// stubs), appsscript.json → dist/appsscript.json (with the allow-list), src/sidebar → dist/Sidebar.html
// (one self-contained file). Fails when the bundle check finds a problem.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { type MinifyOptions, minify } from 'terser';
import { ENTRY_POINTS } from '../../src/entrypoints/registry.ts';
import { checkBundle } from './check.ts';
import { buildManifest, type Manifest, manifestProblems } from './manifest.ts';
import type { BuildSettings } from './settings.ts';
import { BUNDLE_GLOBAL, stubsFor } from './stubs.ts';
import { ESBUILD_TARGET, SYNTAX_YEAR } from './syntax.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface BuildOutput {
  file: string;
  bytes: number;
  gzipBytes: number;
}

interface BuildResult {
  outDir: string;
  outputs: BuildOutput[];
}

export class BuildError extends Error {}

async function version(): Promise<string> {
  const pkg = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** The esbuild options of Code.js's bundle (also read by the bench, with a metafile, to say what takes the room). */
export async function serverBuildOptions(settings: BuildSettings) {
  return {
    entryPoints: [path.join(ROOT, 'src/main.ts')],
    bundle: true,
    format: 'iife',
    target: ESBUILD_TARGET,
    platform: 'neutral',
    minify: true,
    legalComments: 'none',
    charset: 'utf8',
    write: false,
    logLevel: 'silent',
    define: {
      __ROYALTIES_API_BASE_URL__: JSON.stringify(settings.apiBaseUrl),
      __ROYALTIES_DEMO_KEY__: JSON.stringify(settings.demoKey),
      __ROYALTIES_VERSION__: JSON.stringify(await version()),
      __ROYALTIES_ROUTE__: JSON.stringify(settings.route ?? 'bound'),
      __ROYALTIES_ADDON_ROUTE__: String(settings.route === 'addon'),
    },
  } satisfies esbuild.BuildOptions;
}

/**
 * A second minifier over esbuild's output: terser's compressor, in three passes, folds what esbuild's single
 * pass leaves (about 3% of Code.js), which every execution loads. `hoist_funs` moves function declarations
 * to the top of their scope, as JavaScript already treats them (no change in what runs). The same syntax
 * year in and out as esbuild's target (syntax.ts).
 * `unsafe_arrows` writes a function expression that never reads `this` or `arguments` as an arrow: unsafe
 * only for a function expression called with `new` or read through its prototype, which TypeScript source
 * with classes has none of (and every test runs this output).
 */
export async function compact(code: string): Promise<string> {
  const options: MinifyOptions = {
    ecma: SYNTAX_YEAR,
    compress: { ecma: SYNTAX_YEAR, passes: 3, hoist_funs: true, unsafe_arrows: true },
    mangle: true,
    format: { ecma: SYNTAX_YEAR, comments: false },
  };
  const kept = keptMinified(code, options);
  if (kept && existsSync(kept)) return readFile(kept, 'utf8');
  const result = await minify(code, options);
  if (result.code === undefined) throw new BuildError('terser returned no code for Code.js.');
  if (kept) {
    await mkdir(path.dirname(kept), { recursive: true });
    await writeAtomically(kept, result.code);
  }
  return result.code;
}

/**
 * A folder where terser's output is kept by a hash of its input and options, for the builds that follow
 * (seconds each). Only a test run sets it (test/support/temp-folder.ts), to a folder of its own removed at
 * its end: the commands its tests start (npm run release, npm run setup) build the same bundle many times.
 */
export const MINIFIED_FOLDER_VARIABLE = 'RFS_MINIFIED_FOLDER';

function keptMinified(code: string, options: MinifyOptions): string | null {
  const folder = process.env[MINIFIED_FOLDER_VARIABLE];
  if (!folder) return null;
  const hash = createHash('sha256').update(JSON.stringify(options)).update(code).digest('hex');
  return path.join(folder, `${hash}.js`);
}

async function bundleServer(settings: BuildSettings): Promise<string> {
  const result = await esbuild.build(await serverBuildOptions(settings));
  return wrapBundle(await compact(result.outputFiles[0]?.text ?? ''));
}

/** Code.js around the compacted bundle: the header, the global, the stubs (the bench subtracts these). */
export function wrapBundle(bundle: string): string {
  const header = `// Royalties for Sheets: built by local/build from src/. Do not edit; edit src/ and run npm run build.\n`;
  // The add-on's one global is a plain top-level `var` (Apps Script shares top-level declarations across files),
  // assigned by src/main.ts inside the IIFE. Declared after the bundle so esbuild's "use strict" stays the
  // script's first statement; `var` is hoisted, so the assignment above it is to this declaration.
  const global = `var ${BUNDLE_GLOBAL}; // assigned by the bundle above\n`;
  return `${header}${bundle}\n${global}${stubsFor(ENTRY_POINTS)}`;
}

async function buildSidebar(): Promise<string> {
  const dir = path.join(ROOT, 'src/sidebar');
  const js = await esbuild.build({
    entryPoints: [path.join(dir, 'main.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2019',
    platform: 'browser',
    minify: true,
    legalComments: 'none',
    charset: 'utf8',
    write: false,
    logLevel: 'silent',
  });
  let css = '';
  const stylesheet = path.join(dir, 'styles.css');
  if (existsSync(stylesheet)) {
    const styled = await esbuild.build({
      entryPoints: [stylesheet],
      bundle: true,
      minify: true,
      write: false,
      logLevel: 'silent',
    });
    css = styled.outputFiles[0]?.text ?? '';
  }
  const template = await readFile(path.join(dir, 'index.html'), 'utf8');
  const script = (js.outputFiles[0]?.text ?? '').replace(/<\/script/gi, '<\\/script');
  return template
    .replace('<!-- build:css -->', () => (css ? `<style>${css.trim()}</style>` : ''))
    .replace('<!-- build:js -->', () => `<script>${script.trim()}</script>`);
}

let writes = 0;

async function writeAtomically(file: string, text: string): Promise<void> {
  // A name of its own per write: builds side by side in one process may write the same file.
  writes += 1;
  const temp = `${file}.${process.pid}-${writes}.tmp`;
  await writeFile(temp, text);
  await rename(temp, file);
}

/**
 * Whether `outDir` is what a plain `clasp push` would send: the rootDir of a .clasp.json that names a
 * script. A build there must pass the push rules (no loopback allow-list), however it was started.
 */
export function isPushTarget(outDir: string, claspFile = path.join(ROOT, '.clasp.json')): boolean {
  if (!existsSync(claspFile)) return false;
  const clasp = JSON.parse(readFileSync(claspFile, 'utf8')) as { scriptId?: string; rootDir?: string };
  if (!clasp.scriptId) return false;
  const rootDir = path.resolve(path.dirname(claspFile), clasp.rootDir ?? '.');
  return path.resolve(outDir) === rootDir;
}

/** Removes what an earlier build (or anything else) left in `outDir` beyond this build's files. */
async function removeStrays(outDir: string, keep: ReadonlySet<string>): Promise<void> {
  for (const name of await readdir(outDir)) {
    if (!keep.has(name)) await rm(path.join(outDir, name), { recursive: true, force: true });
  }
}

export async function build(
  settings: BuildSettings,
  outDir = path.join(ROOT, 'dist'),
  options: { forPush?: boolean } = {},
): Promise<BuildResult> {
  const forPush = options.forPush ?? isPushTarget(outDir);
  const code = await bundleServer(settings);
  const problems = checkBundle(code, ENTRY_POINTS);
  const source = JSON.parse(await readFile(path.join(ROOT, 'appsscript.json'), 'utf8')) as Manifest;
  const route = settings.route ?? 'bound';
  const manifest = buildManifest(source, settings.apiBaseUrl, route);
  problems.push(...manifestProblems(manifest, { forPush, route }));
  if (problems.length > 0)
    throw new BuildError(
      `The build is not a valid Apps Script add-on${forPush ? ' to push' : ''}:\n- ${problems.join('\n- ')}${
        forPush && options.forPush === undefined
          ? `\n(${outDir} is what \`clasp push\` sends, since .clasp.json names a script.)`
          : ''
      }`,
    );
  const sidebar = await buildSidebar();

  await mkdir(outDir, { recursive: true });
  const files: Array<[string, string]> = [
    ['Code.js', code],
    ['appsscript.json', `${JSON.stringify(manifest, null, 2)}\n`],
    ['Sidebar.html', sidebar],
    ['Help.html', await readFile(path.join(ROOT, 'src/sidebar/help.html'), 'utf8')],
  ];
  const outputs: BuildOutput[] = [];
  for (const [name, text] of files) {
    await writeAtomically(path.join(outDir, name), text);
    outputs.push({ file: name, bytes: Buffer.byteLength(text), gzipBytes: gzipSync(text).length });
  }
  // dist/ holds exactly what is pushed: written first (each file atomically), then the rest removed.
  await removeStrays(outDir, new Set(files.map(([name]) => name)));
  return { outDir, outputs };
}
