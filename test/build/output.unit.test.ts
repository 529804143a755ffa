// What the build leaves for clasp: exactly its four files (a stray file in the output folder is removed),
// and a build that a plain `clasp push` would send refuses an allow-list Google cannot accept.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildError, build, isPushTarget } from '../../local/build/build.ts';
import { settingsFromEnv } from '../../local/build/settings.ts';
import { BUILD_TIMEOUT } from '../support/bundles.ts';

const LOCAL = settingsFromEnv({});
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder of its own per build, removed after the file's tests. */
function outDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rfs-build-out-'));
  made.push(dir);
  return dir;
}

// Each build runs in a hook of its own bound by BUILD_TIMEOUT (seconds idle, far longer under load), so
// a test times only its assertions; the builds are the fewest the checks need.
describe('the build output', () => {
  describe('over a folder with a stray file and folder', () => {
    let dir: string;
    beforeAll(async () => {
      dir = outDir();
      writeFileSync(path.join(dir, 'Old.js'), 'function stale() {}');
      mkdirSync(path.join(dir, 'notes'));
      await build(LOCAL, dir);
    }, BUILD_TIMEOUT);

    it('holds exactly the built files: the stray file and folder are removed', () => {
      expect(readdirSync(dir).sort()).toEqual(['Code.js', 'Help.html', 'Sidebar.html', 'appsscript.json']);
    });
  });

  describe('built for pushing', () => {
    let dir: string;
    let refusal: unknown;
    let afterHttps: string[];
    beforeAll(async () => {
      dir = outDir();
      refusal = await build(LOCAL, dir, { forPush: true }).then(
        () => 'built',
        (error: unknown) => error,
      );
      const https = { ...LOCAL, apiBaseUrl: 'https://api.example.com/v1' };
      afterHttps = readdirSync((await build(https, outDir(), { forPush: true })).outDir);
    }, 2 * BUILD_TIMEOUT);

    it('refuses a loopback allow-list, and writes nothing', () => {
      expect(refusal).toBeInstanceOf(BuildError);
      expect((refusal as Error).message).toMatch(/only allow-lists https:\/\//);
      expect(readdirSync(dir)).toEqual([]);
    });

    it('builds an https allow-list', () => {
      expect(afterHttps).toContain('Code.js');
    });
  });

  it("counts as a build for pushing wherever .clasp.json's rootDir points, once it names a script", () => {
    const dir = outDir();
    const claspFile = path.join(dir, '.clasp.json');
    writeFileSync(claspFile, JSON.stringify({ scriptId: '', rootDir: 'dist' }));
    expect(isPushTarget(path.join(dir, 'dist'), claspFile)).toBe(false);
    writeFileSync(claspFile, JSON.stringify({ scriptId: 'abc123', rootDir: 'dist' }));
    expect(isPushTarget(path.join(dir, 'dist'), claspFile)).toBe(true);
    expect(isPushTarget(path.join(dir, 'elsewhere'), claspFile)).toBe(false);
  });
});
