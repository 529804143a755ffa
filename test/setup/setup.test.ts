// npm run setup against a fake clasp on the PATH (test/setup/fake-clasp.mjs; no Google here): login missing,
// a new spreadsheet created and pushed to, a second run pushing to the same script, a script named with
// --script-id, a refused push and a URL Apps Script cannot allow-list, each leaving .clasp.json as it was.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../local/build/build.ts';
import { type CliRun, runScript } from '../cli/run-cli.ts';

const SETUP = path.join(ROOT, 'local/setup/main.ts');
const FAKE = path.join(ROOT, 'test/setup/fake-clasp.mjs');
const API_URL = 'https://api.example.com/v1';
const UNBOUND = '{\n  "scriptId": "",\n  "rootDir": "dist"\n}\n';

const work = mkdtempSync(path.join(tmpdir(), 'npm-run-setup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const bin = path.join(work, 'bin');
mkdirSync(bin);
writeFileSync(path.join(bin, 'clasp'), `#!/bin/sh\nexec "${process.execPath}" "${FAKE}" "$@"\n`);
chmodSync(path.join(bin, 'clasp'), 0o755);

interface Call {
  args: string[];
  cwd: string;
  claspJson?: { scriptId?: string; rootDir?: string };
  files?: string[];
  manifest?: { urlFetchWhitelist?: string[]; oauthScopes?: string[] } | null;
}

/** A project folder as a fresh clone has it: the unbound .clasp.json. */
function project(): string {
  const dir = mkdtempSync(path.join(work, 'clone-'));
  writeFileSync(path.join(dir, '.clasp.json'), UNBOUND);
  return dir;
}

async function setup(
  dir: string,
  args: readonly string[],
  fake: { loggedIn?: boolean; create?: 'ok' | 'refuse'; push?: 'ok' | 'refuse'; path?: string } = {},
): Promise<CliRun & { calls: Call[] }> {
  const log = path.join(dir, '..', `${path.basename(dir)}.log`);
  writeFileSync(log, '');
  const run = await runScript(SETUP, args, {
    cwd: dir,
    timeoutMs: 60_000,
    env: {
      PATH: fake.path ?? `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
      FAKE_CLASP_LOG: log,
      FAKE_CLASP_LOGGED_IN: fake.loggedIn === false ? 'no' : 'yes',
      FAKE_CLASP_CREATE: fake.create ?? 'ok',
      FAKE_CLASP_PUSH: fake.push ?? 'ok',
      ROYALTIES_API_BASE_URL: '',
    },
  });
  const calls = readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Call);
  return { ...run, calls };
}

const commands = (calls: readonly Call[]) => calls.map((c) => c.args[0]);

describe('npm run setup', { timeout: 120_000 }, () => {
  it('--help explains every option and calls no clasp', async () => {
    const dir = project();
    const run = await setup(dir, ['--help']);
    expect(run.code).toBe(0);
    for (const option of ['--api-url URL', '--script-id ID', '--title TEXT', '--template', '--help']) {
      expect(run.stdout).toContain(option);
    }
    expect(run.calls).toEqual([]);
  });

  it('without a clasp login: says how to log in, creates nothing, .clasp.json as it was', async () => {
    const dir = project();
    const run = await setup(dir, ['--api-url', API_URL], { loggedIn: false });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('clasp is not logged in to Google. Run `npx clasp login` (once)');
    expect(run.stderr).toContain('https://script.google.com/home/usersettings');
    expect(commands(run.calls)).toEqual(['show-authorized-user']);
    expect(readFileSync(path.join(dir, '.clasp.json'), 'utf8')).toBe(UNBOUND);
  });

  it('a URL Apps Script cannot allow-list is refused before anything is created', async () => {
    const dir = project();
    const run = await setup(dir, ['--api-url', 'http://api.example.com/v1']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^npm run setup: .*https.*Nothing was created or pushed\.\n$/s);
    expect(commands(run.calls)).toEqual(['show-authorized-user']);
    expect(readFileSync(path.join(dir, '.clasp.json'), 'utf8')).toBe(UNBOUND);
  });

  it('creates a spreadsheet with its bound script, builds for the API, pushes, and a second run pushes to the same script', async () => {
    const dir = project();
    const first = await setup(dir, ['--api-url', API_URL]);
    expect(first.stderr).not.toMatch(/at .*\.ts:/);
    expect(first.code).toBe(0);
    expect(commands(first.calls)).toEqual(['show-authorized-user', 'create-script', 'push']);
    const create = first.calls[1]!;
    expect(create.args).toEqual([
      'create-script',
      '--type',
      'sheets',
      '--title',
      'Royalties for Sheets',
      '--rootDir',
      'dist',
      '--json',
    ]);
    // Created away from the project: clasp's own .clasp.json and pulled files never land in it.
    expect(create.cwd).not.toBe(dir);
    const push = first.calls[2]!;
    expect(push.args).toEqual(['push', '-f']);
    expect(push.cwd).toBe(dir);
    expect(push.claspJson).toMatchObject({ scriptId: 'fakeScript0123456789', rootDir: 'dist' });
    expect(push.files).toEqual(['Code.js', 'Help.html', 'Sidebar.html', 'appsscript.json']);
    expect(push.manifest?.urlFetchWhitelist).toEqual(['https://api.example.com/v1/']);
    expect(first.stdout).toContain(
      'Your spreadsheet: https://docs.google.com/spreadsheets/d/fakeSheet0123456789/edit',
    );
    expect(first.stdout).toContain('Extensions ▸ Royalties for Sheets ▸ Open Royalties');
    const written = readFileSync(path.join(dir, '.clasp.json'), 'utf8');

    const second = await setup(dir, ['--api-url', API_URL]);
    expect(second.code).toBe(0);
    expect(commands(second.calls)).toEqual(['show-authorized-user', 'push']);
    expect(second.calls[1]!.claspJson).toMatchObject({ scriptId: 'fakeScript0123456789' });
    expect(readFileSync(path.join(dir, '.clasp.json'), 'utf8')).toBe(written);
    expect(second.stdout).toContain('docs.google.com/spreadsheets/d/fakeSheet0123456789/edit');
  });

  it('--script-id binds to an existing script without creating one', async () => {
    const dir = project();
    const run = await setup(dir, ['--api-url', API_URL, '--script-id', 'existingScript_0123-abc']);
    expect(run.code).toBe(0);
    expect(commands(run.calls)).toEqual(['show-authorized-user', 'push']);
    expect(run.calls[1]!.claspJson).toEqual({ scriptId: 'existingScript_0123-abc', rootDir: 'dist' });
  });

  it('a refused push says what to do and leaves .clasp.json as it was', async () => {
    const dir = project();
    const run = await setup(dir, ['--api-url', API_URL], { push: 'refuse' });
    expect(run.code).toBe(1);
    expect(commands(run.calls)).toEqual(['show-authorized-user', 'create-script', 'push']);
    expect(run.stderr).toContain('clasp push was refused: User has not enabled the Apps Script API');
    expect(run.stderr).toContain('.clasp.json is as it was');
    // The spreadsheet exists now: the way to push to it, not to make another.
    expect(run.stderr).toContain(`npm run setup -- --script-id fakeScript0123456789 --api-url ${API_URL}`);
    expect(run.stderr).not.toMatch(/at .*\.ts:/);
    expect(readFileSync(path.join(dir, '.clasp.json'), 'utf8')).toBe(UNBOUND);
    // And a project with no .clasp.json at all keeps having none.
    const bare = project();
    rmSync(path.join(bare, '.clasp.json'));
    const again = await setup(bare, ['--api-url', API_URL], { push: 'refuse' });
    expect(again.code).toBe(1);
    expect(existsSync(path.join(bare, '.clasp.json'))).toBe(false);
  });

  it('the install routes lead with it', () => {
    const page = readFileSync(path.join(ROOT, 'docs/install.md'), 'utf8');
    const section = page.slice(page.indexOf('## `npm run setup`'));
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    expect(firstBlock).toContain('npm run setup -- --api-url');
    expect(section.indexOf('npm run setup')).toBeLessThan(section.indexOf('npm run deploy'));
  });

  it('--template makes a new spreadsheet with the bound build and no key, pushed away from .clasp.json', async () => {
    const dir = project();
    writeFileSync(path.join(dir, '.clasp.json'), '{"scriptId":"myOwnScript0123456789","rootDir":"dist"}');
    const run = await setup(dir, ['--template', '--api-url', API_URL]);
    expect(run.stderr).not.toMatch(/at .*\.ts:/);
    expect(run.code).toBe(0);
    expect(commands(run.calls)).toEqual(['show-authorized-user', 'create-script', 'push']);
    expect(run.calls[1]!.args).toContain('Royalties for Sheets (template)');
    const push = run.calls[2]!;
    expect(push.cwd).not.toBe(dir);
    expect(push.claspJson).toEqual({ scriptId: 'fakeScript0123456789', rootDir: 'dist' });
    expect(push.files).toEqual(['Code.js', 'Help.html', 'Sidebar.html', 'appsscript.json']);
    // The bound build: this spreadsheet only.
    expect(push.manifest?.oauthScopes).toContain('https://www.googleapis.com/auth/spreadsheets.currentonly');
    expect(push.manifest?.oauthScopes).not.toContain('https://www.googleapis.com/auth/spreadsheets');
    expect(run.stdout).toContain(
      'Share this copy link: https://docs.google.com/spreadsheets/d/fakeSheet0123456789/copy',
    );
    expect(run.stdout).toContain('no key is in it');
    expect(readFileSync(path.join(dir, '.clasp.json'), 'utf8')).toBe(
      '{"scriptId":"myOwnScript0123456789","rootDir":"dist"}',
    );
    expect(existsSync(push.cwd)).toBe(false);

    const again = await setup(
      dir,
      ['--template', '--script-id', 'fakeScript0123456789', '--api-url', API_URL],
      {
        push: 'refuse',
      },
    );
    expect(again.code).toBe(1);
    expect(commands(again.calls)).toEqual(['show-authorized-user', 'push']);
    expect(again.stderr).toContain('clasp push was refused');
    expect(again.stderr).toContain('.clasp.json was not touched');
  });

  it('a refused create says what to do, pushes nothing and leaves .clasp.json as it was', async () => {
    const dir = project();
    const run = await setup(dir, ['--api-url', API_URL], { create: 'refuse' });
    expect(run.code).toBe(1);
    expect(commands(run.calls)).toEqual(['show-authorized-user', 'create-script']);
    expect(run.stderr).toContain(
      'clasp could not create the spreadsheet: Error: User has not enabled the Apps Script API.',
    );
    expect(run.stderr).toContain('https://script.google.com/home/usersettings');
    expect(readFileSync(path.join(dir, '.clasp.json'), 'utf8')).toBe(UNBOUND);
  });

  it('without clasp at all: one line saying to install first', async () => {
    const dir = project();
    // A PATH of one empty folder: no clasp, fake or real (node itself is started by its full path).
    const empty = mkdtempSync(path.join(work, 'empty-bin-'));
    const run = await setup(dir, ['--api-url', API_URL], { path: empty });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'npm run setup: clasp was not found: run `npm install` first, then `npm run setup`.\n',
    );
    expect(readFileSync(path.join(dir, '.clasp.json'), 'utf8')).toBe(UNBOUND);
  });

  it('with no URL given and no terminal to ask at, says how to give it', async () => {
    const dir = project();
    const run = await setup(dir, []);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('npm run setup -- --api-url https://<the API host>/v1');
    expect(readFileSync(path.join(dir, '.clasp.json'), 'utf8')).toBe(UNBOUND);
  });
});
