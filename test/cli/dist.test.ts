// Which build npm start runs: dist/ when it was built for the wanted API and is newer than its sources,
// else a fresh build (for another API into .cache/, so the dist/ about to be pushed is left alone).
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, ROOT } from '../../local/build/build.ts';
import { DEFAULT_API_BASE_URL, DEFAULT_DEMO_KEY } from '../../local/build/settings.ts';
import { cacheDirFor, isFreshBuild, sourcesChangedAt } from '../../local/cli/dist.ts';

const demo = { apiBaseUrl: DEFAULT_API_BASE_URL, demoKey: DEFAULT_DEMO_KEY };
const real = { apiBaseUrl: 'https://api.example.com/v1', demoKey: DEFAULT_DEMO_KEY };
let work = '';
let distDir = '';
/** A stand-in repository root whose only source is one file, so its age can be set at will. */
let root = '';

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'cli-dist-'));
  distDir = path.join(work, 'dist');
  root = path.join(work, 'repo');
  mkdirSync(path.join(root, 'src'), { recursive: true });
  writeFileSync(path.join(root, 'src', 'main.ts'), '');
  const past = new Date(Date.now() - 60_000);
  utimesSync(path.join(root, 'src', 'main.ts'), past, past);
  utimesSync(path.join(root, 'src'), past, past);
  await build(demo, distDir);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('isFreshBuild', () => {
  it('accepts a build for the same API and demo key that is newer than the sources', () => {
    expect(isFreshBuild(distDir, demo, root)).toBe(true);
  });

  it('refuses a build for another API or another demo key', () => {
    expect(isFreshBuild(distDir, real, root)).toBe(false);
    expect(isFreshBuild(distDir, { ...demo, demoKey: 'rfs_demo_live_other' }, root)).toBe(false);
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
  });
});
