// Which build npm start runs: dist/ when it was built for the wanted API and is newer than its sources,
// else a fresh build (for another API into .cache/, so the dist/ about to be pushed is left alone).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { build, ROOT } from '../../local/build/build.ts';
import { DEFAULT_API_BASE_URL, DEFAULT_DEMO_KEY } from '../../local/build/settings.ts';
import {
  cacheDirFor,
  isFreshBuild,
  KEPT_BUILDS,
  pruneOldBuilds,
  sourcesChangedAt,
} from '../../local/cli/dist.ts';

const demo = { apiBaseUrl: DEFAULT_API_BASE_URL, demoKey: DEFAULT_DEMO_KEY };
const real = { apiBaseUrl: 'https://api.example.com/v1', demoKey: DEFAULT_DEMO_KEY };
let work = '';
let distDir = '';
/** A stand-in repository root whose only source is one file, so its age can be set at will. */
let root = '';

/** The stand-in's source last changed an hour ago, before the build: each test starts from that. */
function sourcesOlderThanTheBuild(): void {
  const past = new Date(Date.now() - 60 * 60_000);
  utimesSync(path.join(root, 'src', 'main.ts'), past, past);
  utimesSync(path.join(root, 'src'), past, past);
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'cli-dist-'));
  distDir = path.join(work, 'dist');
  root = path.join(work, 'repo');
  mkdirSync(path.join(root, 'src'), { recursive: true });
  writeFileSync(path.join(root, 'src', 'main.ts'), '');
  sourcesOlderThanTheBuild();
  await build(demo, distDir);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('isFreshBuild', () => {
  beforeEach(sourcesOlderThanTheBuild);

  it('accepts a build for the same API and demo key that is newer than the sources', () => {
    expect(isFreshBuild(distDir, demo, root)).toBe(true);
  });

  it('refuses a build for another API or another demo key', () => {
    expect(isFreshBuild(distDir, real, root)).toBe(false);
    expect(isFreshBuild(distDir, { ...demo, demoKey: 'rfs_demo_live_other' }, root)).toBe(false);
  });

  it("refuses the other route's build (ROYALTIES_ROUTE)", () => {
    expect(isFreshBuild(distDir, { ...demo, route: 'bound' }, root)).toBe(true);
    expect(isFreshBuild(distDir, { ...demo, route: 'addon' }, root)).toBe(false);
  });

  it('refuses a build older than a source change, and a folder with no build', () => {
    const future = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, 'src', 'main.ts'), future, future);
    expect(Math.abs(sourcesChangedAt(root) - future.getTime())).toBeLessThan(1);
    expect(isFreshBuild(distDir, demo, root)).toBe(false);
    expect(isFreshBuild(path.join(work, 'nothing'), demo, root)).toBe(false);
  });
});

describe('cacheDirFor', () => {
  it('gives each API its own folder under .cache/', () => {
    expect(path.dirname(cacheDirFor(real))).toBe(path.join(ROOT, '.cache'));
    expect(cacheDirFor(real)).not.toBe(cacheDirFor(demo));
    expect(cacheDirFor(real)).toBe(cacheDirFor({ ...real }));
    expect(cacheDirFor({ ...real, route: 'bound' })).toBe(cacheDirFor(real));
    expect(cacheDirFor({ ...real, route: 'addon' })).not.toBe(cacheDirFor(real));
  });
});

describe('pruneOldBuilds', () => {
  it('keeps the most recently used builds and any used in the last hour, removes the rest', () => {
    const cache = path.join(work, '.cache');
    const now = Date.now();
    const minute = 60 * 1000;
    const day = 24 * 60 * minute;
    // Used 0, 10, 30 and 50 minutes ago, then one to five days ago.
    const folders: Array<[string, number]> = [
      ['dist-a', 0],
      ['dist-b', 10 * minute],
      ['dist-c', 30 * minute],
      ['dist-d', 50 * minute],
      ...[1, 2, 3, 4, 5].map((d): [string, number] => [`dist-old${d}`, d * day]),
    ];
    for (const [name, age] of folders) {
      const dir = path.join(cache, name);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'Code.js'), '');
      const at = new Date(now - age);
      utimesSync(dir, at, at);
    }
    mkdirSync(path.join(cache, 'other'));
    const removed = pruneOldBuilds(cache, now).map((d) => path.basename(d));
    expect(KEPT_BUILDS).toBe(3);
    // Kept: the three most recent, and dist-d (beyond three, but used within the hour: a run may be using
    // it); removed: the builds of days ago; a folder that is not a build: left alone.
    expect(removed.sort()).toEqual(['dist-old1', 'dist-old2', 'dist-old3', 'dist-old4', 'dist-old5']);
    expect(readdirSync(cache).sort()).toEqual(['dist-a', 'dist-b', 'dist-c', 'dist-d', 'other']);
    expect(existsSync(path.join(cache, 'dist-a', 'Code.js'))).toBe(true);
  });
});
