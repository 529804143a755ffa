// npm run release against a fake clasp and a fake npm on the PATH (test/setup/fake-clasp.mjs; nothing here
// talks to Google): the first release creates the listing's deployment, an update moves it, and a refused
// push, a dirty tree, a bound project, a failing check, the version cap and a placeholder address each stop
// before anything changes.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../local/build/build.ts';
import { type Addresses, pageWithContact } from '../../local/marketplace/addresses.ts';
import { KIT, listingScopes } from '../../local/marketplace/kit.ts';
import { type CliRun, runScript } from '../cli/run-cli.ts';

const RELEASE = path.join(ROOT, 'local/release/main.ts');
const FAKE = path.join(ROOT, 'test/setup/fake-clasp.mjs');
const API_URL = 'https://api.example.com/v1';
const HEAD = { deploymentId: 'AKfycbHeadDeployment' };

const work = mkdtempSync(path.join(tmpdir(), 'npm-run-release-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const bin = path.join(work, 'bin');
mkdirSync(bin);
writeFileSync(path.join(bin, 'clasp'), `#!/bin/sh\nexec "${process.execPath}" "${FAKE}" "$@"\n`);
// The checks' npm: logs each command, and fails the one $FAKE_NPM_FAIL names.
writeFileSync(
  path.join(bin, 'npm'),
  '#!/bin/sh\necho "npm $*" >> "$FAKE_NPM_LOG"\nif [ "npm $*" = "$FAKE_NPM_FAIL" ]; then echo "1 test failed" >&2; exit 1; fi\n',
);
for (const name of ['clasp', 'npm']) chmodSync(path.join(bin, name), 0o755);

interface Call {
  args: string[];
  manifest?: { oauthScopes?: string[]; urlFetchWhitelist?: string[] } | null;
}
interface State {
  versions: { versionNumber: number; description?: string }[];
  deployments: { deploymentId: string; versionNumber?: number; description?: string }[];
}

const gitIn = (dir: string, ...args: string[]) =>
  spawnSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
    cwd: dir,
    encoding: 'utf8',
  });

const FILLED: Addresses = {
  homepage: 'https://royalties.pressworks.co.uk/',
  privacyPolicy: 'https://royalties.pressworks.co.uk/privacy.html',
  termsOfService: 'https://royalties.pressworks.co.uk/terms.html',
  support: 'https://royalties.pressworks.co.uk/support',
  contactEmail: 'help@pressworks.co.uk',
};

/** The checkout's listing kit: the repository's listing and pages, the addresses as given. */
function kit(dir: string, addresses: Partial<Addresses>, pagesEmail = addresses.contactEmail ?? ''): void {
  const into = path.join(dir, 'marketplace');
  mkdirSync(into);
  writeFileSync(path.join(into, 'addresses.json'), JSON.stringify(addresses));
  writeFileSync(path.join(into, 'listing.json'), readFileSync(path.join(KIT, 'listing.json')));
  for (const page of ['privacy.html', 'terms.html'])
    writeFileSync(
      path.join(into, page),
      pageWithContact(readFileSync(path.join(KIT, page), 'utf8'), pagesEmail),
    );
}

/** A committed checkout of the add-on's standalone project, and its project on (fake) Google. */
function project(
  clasp: object = { scriptId: 'addonScript0123456789', rootDir: 'dist' },
  state?: State,
  fill: (dir: string) => void = (dir) => kit(dir, FILLED),
): string {
  const dir = mkdtempSync(path.join(work, 'clone-'));
  fill(dir);
  writeFileSync(path.join(dir, '.clasp.json'), JSON.stringify(clasp));
  writeFileSync(path.join(dir, 'package.json'), '{ "version": "1.2.3" }\n');
  writeFileSync(path.join(dir, '.gitignore'), 'dist/\n');
  gitIn(dir, 'init', '-q');
  gitIn(dir, 'add', '.');
  gitIn(dir, 'commit', '-q', '-m', 'The add-on');
  writeFileSync(`${dir}.state.json`, JSON.stringify(state ?? { versions: [], deployments: [HEAD] }));
  return dir;
}

const stateOf = (dir: string) => JSON.parse(readFileSync(`${dir}.state.json`, 'utf8')) as State;

async function release(
  dir: string,
  args: readonly string[] = [],
  options: { push?: 'ok' | 'refuse'; route?: string; npmFail?: string } = {},
): Promise<CliRun & { calls: Call[]; checks: string[] }> {
  const log = `${dir}.log`;
  const npmLog = `${dir}.npm.log`;
  writeFileSync(log, '');
  writeFileSync(npmLog, '');
  const run = await runScript(RELEASE, args, {
    cwd: dir,
    timeoutMs: 60_000,
    env: {
      PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
      FAKE_CLASP_LOG: log,
      FAKE_CLASP_STATE: `${dir}.state.json`,
      FAKE_CLASP_LOGGED_IN: 'yes',
      FAKE_CLASP_PUSH: options.push ?? 'ok',
      FAKE_NPM_LOG: npmLog,
      FAKE_NPM_FAIL: options.npmFail ?? '',
      ROYALTIES_ROUTE: options.route ?? 'addon',
      ROYALTIES_API_BASE_URL: API_URL,
    },
  });
  const lines = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean);
  return { ...run, calls: lines(log).map((line) => JSON.parse(line) as Call), checks: lines(npmLog) };
}

const commands = (calls: readonly Call[]) => calls.map((c) => c.args[0]);
const commit = (dir: string) => gitIn(dir, 'rev-parse', '--short=12', 'HEAD').stdout.trim();
const versionsUpTo = (n: number) => Array.from({ length: n }, (_, i) => ({ versionNumber: i + 1 }));
const CHECKS = ['npm run typecheck', 'npm run lint', 'npm test', 'npm run test:browser'];

describe('npm run release', { timeout: 120_000 }, () => {
  it('first release: checks, pushes the add-on build, makes version 1 and creates the one deployment; an update moves it', async () => {
    const dir = project();
    const first = await release(dir);
    expect(first.stderr).not.toMatch(/at .*\.ts:/);
    expect(first.code).toBe(0);
    expect(first.checks).toEqual(CHECKS);
    expect(commands(first.calls)).toEqual([
      'show-authorized-user',
      'list-versions',
      'list-deployments',
      'push',
      'create-version',
      'create-deployment',
    ]);
    const push = first.calls[3]!;
    expect([...(push.manifest?.oauthScopes ?? [])].sort()).toEqual(listingScopes('addon').sort());
    expect(push.manifest?.urlFetchWhitelist).toEqual(['https://api.example.com/v1/']);
    const description = `Royalties for Sheets 1.2.3 (commit ${commit(dir)})`;
    expect(first.calls[4]!.args).toEqual(['create-version', description, '--json']);
    expect(first.calls[5]!.args).toEqual([
      'create-deployment',
      '--versionNumber',
      '1',
      '--description',
      description,
      '--json',
    ]);
    expect(first.stdout).toContain('Released version 1 of the script addonScript0123456789');
    expect(first.stdout).toContain("App Configuration: set the Sheets add-on's version to 1");
    const created = stateOf(dir).deployments.find((d) => d.versionNumber === 1)!;

    const update = await release(dir);
    expect(update.code).toBe(0);
    expect(commands(update.calls).slice(3)).toEqual(['push', 'create-version', 'update-deployment']);
    expect(update.calls[5]!.args.slice(0, 4)).toEqual([
      'update-deployment',
      created.deploymentId,
      '--versionNumber',
      '2',
    ]);
    expect(update.stdout).toContain(`Deployment ${created.deploymentId} now serves version 2 (was 1)`);
    // Never a second deployment: HEAD and the listing's.
    expect(stateOf(dir).deployments.map((d) => [d.deploymentId, d.versionNumber])).toEqual([
      [HEAD.deploymentId, undefined],
      [created.deploymentId, 2],
    ]);
  });

  it('a refused push makes no version and leaves the deployment as it was', async () => {
    const dir = project(undefined, {
      versions: [{ versionNumber: 4 }],
      deployments: [HEAD, { deploymentId: 'AKfycbListed', versionNumber: 4 }],
    });
    const run = await release(dir, [], { push: 'refuse' });
    expect(run.code).toBe(1);
    expect(commands(run.calls).at(-1)).toBe('push');
    expect(run.stderr).toContain('clasp push was refused: User has not enabled the Apps Script API');
    expect(run.stderr).toContain('No version was made and the deployment is as it was.');
    expect(stateOf(dir).deployments.at(-1)).toEqual({ deploymentId: 'AKfycbListed', versionNumber: 4 });
  });

  it('refuses a dirty tree before calling clasp or any check', async () => {
    const dir = project();
    writeFileSync(path.join(dir, 'package.json'), '{ "version": "1.2.4" }\n');
    const run = await release(dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('uncommitted changes');
    expect(run.stderr).toContain('M package.json');
    expect(run.calls).toEqual([]);
    expect(run.checks).toEqual([]);
  });

  it('at 200 versions refuses with the way out, before any check', async () => {
    const full = project(undefined, {
      versions: versionsUpTo(200),
      deployments: [HEAD, { deploymentId: 'AKfycbListed', versionNumber: 200 }],
    });
    const refused = await release(full);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("already holds 200 versions, Apps Script's limit of 200");
    expect(refused.stderr).toContain(
      'https://script.google.com/d/addonScript0123456789/edit), choose Project history on the left, and delete old versions',
    );
    expect(commands(refused.calls)).toEqual(['show-authorized-user', 'list-versions']);
    expect(refused.checks).toEqual([]);
  });

  it('--dry-run says what it would do, runs no check and changes nothing', async () => {
    const dir = project(undefined, {
      versions: [{ versionNumber: 7 }],
      deployments: [HEAD, { deploymentId: 'AKfycbListed', versionNumber: 7 }],
    });
    const run = await release(dir, ['--dry-run']);
    expect(run.code).toBe(0);
    expect(commands(run.calls)).toEqual(['show-authorized-user', 'list-versions', 'list-deployments']);
    expect(run.checks).toEqual([]);
    expect(run.stderr).toContain(`Would run the checks: ${CHECKS.join(' && ')}`);
    expect(run.stdout).toContain('Dry run: nothing was pushed, versioned or deployed.');
    expect(run.stdout).toContain(
      `create version 8, described "Royalties for Sheets 1.2.3 (commit ${commit(dir)})"`,
    );
    expect(run.stdout).toContain('point the deployment AKfycbListed (now version 7) at it');
    expect(existsSync(path.join(dir, 'dist'))).toBe(false);
    expect(stateOf(dir).versions).toEqual([{ versionNumber: 7 }]);
  });

  it('a failing check stops the release before the build and the push', async () => {
    const dir = project();
    const run = await release(dir, [], { npmFail: 'npm test' });
    expect(run.code).toBe(1);
    expect(run.checks).toEqual(['npm run typecheck', 'npm run lint', 'npm test']);
    expect(run.stderr).toContain('npm test failed: fix it and commit');
    expect(commands(run.calls)).not.toContain('push');
  });

  it('refuses the bound route, a bound project, several deployments with none named; warns from 180 versions', async () => {
    const bound = await release(project(), [], { route: 'bound' });
    expect(bound.stderr).toContain('ROYALTIES_ROUTE=addon npm run release');
    const sheet = await release(
      project({ scriptId: 'boundScript0123456789', rootDir: 'dist', parentId: 'sheet123' }),
    );
    expect(sheet.stderr).toContain('names a script bound to a spreadsheet (parentId)');
    for (const run of [bound, sheet]) {
      expect(run.code).toBe(1);
      expect(run.calls).toEqual([]);
    }
    const two = project(undefined, {
      versions: versionsUpTo(185),
      deployments: [
        HEAD,
        { deploymentId: 'AKfycbOne', versionNumber: 1 },
        { deploymentId: 'AKfycbTwo', versionNumber: 2 },
      ],
    });
    const asked = await release(two);
    expect(asked.code).toBe(1);
    expect(asked.stderr).toContain('name the one the Marketplace listing uses with --deployment-id ID');
    const named = await release(two, ['--skip-checks', '--deployment-id', 'AKfycbTwo']);
    expect(named.code).toBe(0);
    expect(named.stderr).toContain('Checks skipped (--skip-checks)');
    expect(named.stderr).toContain("Warning: the project holds 185 of Apps Script's 200 versions.");
    expect(named.stderr).toContain('Project history');
    expect(named.stdout).toContain('Released version 186');
    expect(commands(named.calls).at(-1)).toBe('update-deployment');
    expect(named.calls.at(-1)!.args[1]).toBe('AKfycbTwo');
  });

  it("refuses a placeholder address, a page giving another address and a name not the add-on's, before clasp", async () => {
    const placeholder = await release(
      project(undefined, undefined, (dir) =>
        kit(dir, { ...FILLED, privacyPolicy: 'https://example.com/royalties-for-sheets/privacy.html' }),
      ),
    );
    expect(placeholder.stderr).toContain(
      'marketplace/addresses.json: privacyPolicy is still the placeholder https://example.com/royalties-for-sheets/privacy.html: write your own address there.',
    );
    const repository = await release(
      project(undefined, undefined, (dir) =>
        kit(dir, JSON.parse(readFileSync(path.join(KIT, 'addresses.json'), 'utf8')) as Addresses),
      ),
    );
    for (const field of ['homepage', 'privacyPolicy', 'termsOfService', 'support', 'contactEmail'])
      expect(repository.stderr).toContain(`addresses.json: ${field} is still the placeholder`);
    const stalePage = await release(
      project(undefined, undefined, (dir) => kit(dir, FILLED, 'support@example.com')),
    );
    expect(stalePage.stderr).toContain(
      'marketplace/privacy.html gives another contact address than help@pressworks.co.uk: run npm run listing',
    );
    const renamed = await release(
      project(undefined, undefined, (dir) => {
        kit(dir, FILLED);
        const file = path.join(dir, 'marketplace/listing.json');
        writeFileSync(file, readFileSync(file, 'utf8').replace('"Royalties for Sheets"', '"Royalty Sheets"'));
      }),
    );
    expect(renamed.stderr).toContain(
      'The listing\'s name "Royalty Sheets" (marketplace/listing.json) is not the add-on\'s, "Royalties for Sheets"',
    );
    for (const run of [placeholder, repository, stalePage, renamed]) {
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('The listing is not ready');
      expect(run.stderr).toContain('Nothing was pushed.');
      expect(run.calls).toEqual([]);
      expect(run.checks).toEqual([]);
    }
  });
});
