// `npm run push` must stop before clasp when Apps Script could not allow-list the API base URL.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../local/build/build.ts';
import { allowListProblem } from '../../local/build/manifest.ts';

/** Runs push.ts with a PATH whose `npx` and `clasp` only leave a mark, so a call to clasp is visible. */
function runPush(env: Record<string, string>, args: string[] = []) {
  const bin = mkdtempSync(path.join(tmpdir(), 'fake-clasp-'));
  const marker = path.join(bin, 'called');
  for (const name of ['npx', 'clasp']) {
    const file = path.join(bin, name);
    writeFileSync(file, `#!/bin/sh\necho "$@" > "${marker}"\n`);
    chmodSync(file, 0o755);
  }
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'local/build/push.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env, PATH: `${bin}:${process.env.PATH}` },
    encoding: 'utf8',
  });
  return { ...result, claspCalled: existsSync(marker) };
}

describe('npm run push', () => {
  it('stops with the allow-list message for the default local http URL, without calling clasp', () => {
    const result = runPush({ ROYALTIES_API_BASE_URL: '' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('Apps Script only allow-lists https:// addresses');
    expect(result.stderr).toContain('Nothing was pushed.');
    expect(result.claspCalled).toBe(false);
  });

  it('stops for an https URL without a path', () => {
    const result = runPush({ ROYALTIES_API_BASE_URL: 'https://api.example.com' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('need a path after the domain');
    expect(result.claspCalled).toBe(false);
  });

  it('stops for a route it does not know', () => {
    const result = runPush({ ROYALTIES_API_BASE_URL: 'https://api.example.com/v1', ROYALTIES_ROUTE: 'nope' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('ROYALTIES_ROUTE must be "bound" or "addon", not "nope".');
    expect(result.claspCalled).toBe(false);
  });

  it('accepts an https URL with a path, then wants a linked script before calling clasp', () => {
    // .clasp.json in the repo has no scriptId: the guard says how to link one.
    const result = runPush({ ROYALTIES_API_BASE_URL: 'https://api.example.com/v1' }, ['--check']);
    expect(result.stderr).toContain('.clasp.json has no scriptId');
    expect(result.claspCalled).toBe(false);
  });
});

describe('allowListProblem', () => {
  it.each([
    ['http://127.0.0.1:8787/v1', /https:\/\//],
    ['https://api.example.com', /path after the domain/],
    ['https://api.example.com/', /path after the domain/],
    ['https://10.0.0.1/v1', /full domain names/],
    ['https://localhost/v1', /full domain names/],
    ['not a url', /is not a URL/],
  ])('refuses %s', (url, why) => {
    expect(allowListProblem(url)).toMatch(why);
  });

  it('accepts an https address with a full domain and a path', () => {
    expect(allowListProblem('https://api.example.com/v1')).toBeNull();
  });
});
