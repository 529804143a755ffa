// Which built add-on to run, building it first when needed. dist/ is used when it was built for the wanted
// API and is newer than its sources; otherwise the add-on is built into dist/ (when that is what
// `npm run build` would produce) or, for another API, into .cache/dist-<hash>/ so the real API's URL is
// compiled in and allow-listed without overwriting the dist/ someone may be about to push.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { build, ROOT } from '../build/build.ts';
import { type Manifest, routeOfManifest, whitelistEntryFor } from '../build/manifest.ts';
import { type BuildSettings, settingsFromEnv } from '../build/settings.ts';

/** What the built add-on is made from: a change to any of these makes dist/ stale. */
const SOURCES = ['src', 'appsscript.json', 'local/build', 'package.json'];

function newestChange(entry: string): number {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

export function sourcesChangedAt(root = ROOT): number {
  return Math.max(
    ...SOURCES.map((s) => path.join(root, s))
      .filter(existsSync)
      .map(newestChange),
  );
}

/** Whether `distDir` holds a build for `settings` that is newer than every source. */
export function isFreshBuild(distDir: string, settings: BuildSettings, root = ROOT): boolean {
  const code = path.join(distDir, 'Code.js');
  const manifestFile = path.join(distDir, 'appsscript.json');
  if (!existsSync(code) || !existsSync(manifestFile)) return false;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const allowList = Array.isArray(manifest.urlFetchWhitelist) ? manifest.urlFetchWhitelist : [];
  if (!allowList.includes(whitelistEntryFor(settings.apiBaseUrl))) return false;
  // The other route's build (ROYALTIES_ROUTE) is another build: its manifest's scopes say which it is.
  if (routeOfManifest(manifest) !== (settings.route ?? 'bound')) return false;
  // The demo key is compiled in as a string literal: a build for another demo key is another build.
  if (!readFileSync(code, 'utf8').includes(JSON.stringify(settings.demoKey))) return false;
  return statSync(code).mtimeMs >= sourcesChangedAt(root);
}

export function cacheDirFor(settings: BuildSettings, root = ROOT): string {
  const hash = createHash('sha256')
    .update(`${settings.apiBaseUrl}\n${settings.demoKey}${settings.route === 'addon' ? '\naddon' : ''}`)
    .digest('hex')
    .slice(0, 12);
  return path.join(root, '.cache', `dist-${hash}`);
}

interface BuiltAddOn {
  readonly distDir: string;
  readonly built: boolean;
}

/** The folder holding a fresh build for `settings`, building it if needed. */
export async function ensureBuilt(
  settings: BuildSettings,
  env: NodeJS.ProcessEnv = process.env,
): Promise<BuiltAddOn> {
  const npmBuild = settingsFromEnv(env);
  const isNpmBuild =
    npmBuild.apiBaseUrl === settings.apiBaseUrl &&
    npmBuild.demoKey === settings.demoKey &&
    npmBuild.route === (settings.route ?? 'bound');
  const distDir = isNpmBuild ? path.join(ROOT, 'dist') : cacheDirFor(settings);
  const fresh = isFreshBuild(distDir, settings);
  if (!fresh) await build(settings, distDir);
  if (!isNpmBuild) {
    // Its time of last use, by which the older builds are pruned.
    const now = new Date();
    utimesSync(distDir, now, now);
    pruneOldBuilds(path.dirname(distDir));
  }
  return { distDir, built: !fresh };
}

/** Builds for other APIs kept under .cache/: the most recently used ones. */
export const KEPT_BUILDS = 3;
/** A build used this recently may belong to a run still going: never removed. */
const IN_USE_MS = 60 * 60 * 1000;

/** Removes the `dist-*` builds in `cacheDir` beyond the KEPT_BUILDS most recently used (each API the CLI is
 * pointed at leaves one), sparing any used in the last hour. Returns the folders removed. */
export function pruneOldBuilds(cacheDir: string, now = Date.now()): string[] {
  if (!existsSync(cacheDir)) return [];
  const builds = readdirSync(cacheDir)
    .filter((name) => name.startsWith('dist-'))
    .map((name) => ({ dir: path.join(cacheDir, name), usedAt: statSync(path.join(cacheDir, name)).mtimeMs }))
    .sort((a, b) => b.usedAt - a.usedAt);
  const old = builds.slice(KEPT_BUILDS).filter((b) => now - b.usedAt > IN_USE_MS);
  for (const b of old) rmSync(b.dir, { recursive: true, force: true });
  return old.map((b) => b.dir);
}
