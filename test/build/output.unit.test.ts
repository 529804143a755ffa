// What the build leaves for clasp: exactly its four files (a stray file in the output folder is removed),
// and a build that a plain `clasp push` would send refuses an allow-list Google cannot accept.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BuildError, build, isPushTarget } from '../../local/build/build.ts';
import { settingsFromEnv } from '../../local/build/settings.ts';

const LOCAL = settingsFromEnv({});
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder of its own per test, removed after the file's tests. */
function outDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rfs-build-out-'));
  made.push(dir);
  return dir;
}

describe('the build output', () => {
  it('holds exactly the built files: a stray file or folder is removed', async () => {
    const dir = outDir();
    writeFileSync(path.join(dir, 'Old.js'), 'function stale() {}');
    mkdirSync(path.join(dir, 'notes'));
    await build(LOCAL, dir);
    expect(readdirSync(dir).sort()).toEqual(['Code.js', 'Help.html', 'Sidebar.html', 'appsscript.json']);
  });

  it('refuses a loopback allow-list when built for pushing, and writes nothing', async () => {
    const dir = outDir();
    await expect(build(LOCAL, dir, { forPush: true })).rejects.toThrow(BuildError);
    await expect(build(LOCAL, dir, { forPush: true })).rejects.toThrow(/only allow-lists https:\/\//);
    expect(readdirSync(dir)).toEqual([]);
    const https = { ...LOCAL, apiBaseUrl: 'https://api.example.com/v1' };
    await build(https, dir, { forPush: true });
    expect(readdirSync(dir)).toContain('Code.js');
  });

  it("counts as a build for pushing wherever .clasp.json's rootDir points, once it names a script", async () => {
    const dir = outDir();
    const claspFile = path.join(dir, '.clasp.json');
    writeFileSync(claspFile, JSON.stringify({ scriptId: '', rootDir: 'dist' }));
    expect(isPushTarget(path.join(dir, 'dist'), claspFile)).toBe(false);
    writeFileSync(claspFile, JSON.stringify({ scriptId: 'abc123', rootDir: 'dist' }));
    expect(isPushTarget(path.join(dir, 'dist'), claspFile)).toBe(true);
    expect(isPushTarget(path.join(dir, 'elsewhere'), claspFile)).toBe(false);
  });
});
