// npm run release: the installed add-on, from a clean commit to the Marketplace listing's deployment
// (docs/publishing.md). Cheap refusals first (route, URL, the listing's addresses and name, project, tree,
// login, version cap), then the checks, the build and its manifest, and only then anything that changes the
// project on Google.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BuildError, build } from '../build/build.ts';
import { allowListProblem, type Manifest } from '../build/manifest.ts';
import { type ClaspFile, pushRouteProblem } from '../build/push-route.ts';
import { SettingsError, settingsFromEnv } from '../build/settings.ts';
import { listingAddressProblems } from '../marketplace/addresses.ts';
import { listingScopes } from '../marketplace/kit.ts';
import { ClaspMissing, clasp, claspLoggedIn, claspSaid } from '../setup/clasp.ts';
import { parseReleaseArgs, RELEASE_USAGE, ReleaseUsageError } from './options.ts';
import {
  type Deployment,
  deploymentToMove,
  releaseManifestProblems,
  versionCapNote,
  versionDescription,
} from './rules.ts';

/** The checks a release runs, in order, each a command the publisher can run alone. */
export const RELEASE_CHECKS: readonly (readonly string[])[] = [
  ['npm', 'run', 'typecheck'],
  ['npm', 'run', 'lint'],
  ['npm', 'test'],
  ['npm', 'run', 'test:browser'],
];

class ReleaseError extends Error {}

/** Version numbers keep rising when old versions are deleted: the next is one past the highest. */
function nextVersion(versions: readonly { versionNumber?: number }[]): number {
  return Math.max(0, ...versions.map((v) => v.versionNumber ?? 0)) + 1;
}

const say = (line: string) => process.stderr.write(`${line}\n`);

function git(args: readonly string[], cwd: string): string {
  const run = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (run.status !== 0)
    throw new ReleaseError(
      `git ${args.join(' ')} failed: ${(run.stderr || run.stdout).trim()} Release from a git checkout.`,
    );
  return run.stdout.trim();
}

/** clasp with --json, its answer parsed; a refusal is the publisher's to read. */
function claspJson<T>(args: readonly string[], root: string, what: string): T {
  const run = clasp([...args, '--json'], root);
  if (!run.ok) throw new ReleaseError(`clasp could not ${what}: ${claspSaid(run)}`);
  const start = run.stdout.search(/[[{]/);
  try {
    return JSON.parse(run.stdout.slice(start)) as T;
  } catch {
    throw new ReleaseError(`clasp's answer to ${args[0]} was not JSON: ${run.stdout.trim().slice(0, 200)}`);
  }
}

async function release(argv: readonly string[], root: string): Promise<void> {
  const args = parseReleaseArgs(argv);
  if (args.help) {
    process.stdout.write(`${RELEASE_USAGE}\n`);
    return;
  }
  const settings = settingsFromEnv();
  if (settings.route !== 'addon')
    throw new ReleaseError(
      'A Marketplace release is the installed add-on build: run it as ROYALTIES_ROUTE=addon npm run release. (For a spreadsheet of your own, npm run setup is the route.)',
    );
  if (!process.env.ROYALTIES_API_BASE_URL?.trim())
    throw new ReleaseError(
      "Set ROYALTIES_API_BASE_URL to the real API's https address (e.g. https://api.example.com/v1).",
    );
  const why = allowListProblem(settings.apiBaseUrl);
  if (why) throw new ReleaseError(why);
  const unlisted = listingAddressProblems(path.join(root, 'marketplace'));
  if (unlisted.length > 0)
    throw new ReleaseError(
      `The listing is not ready: Google shows these addresses and this name to every author.\n- ${unlisted.join('\n- ')}\nNothing was pushed.`,
    );

  let project: ClaspFile;
  try {
    project = JSON.parse(readFileSync(path.join(root, '.clasp.json'), 'utf8')) as ClaspFile;
  } catch {
    throw new ReleaseError(
      '.clasp.json is missing or not JSON: it must name the add-on\'s standalone project ("scriptId", "rootDir": "dist").',
    );
  }
  if (!project.scriptId)
    throw new ReleaseError(
      '.clasp.json has no scriptId: put the id of the add-on\'s standalone Apps Script project there (its editor\'s Project settings), with "rootDir": "dist".',
    );
  if (project.rootDir !== 'dist')
    throw new ReleaseError('.clasp.json must have "rootDir": "dist": only the built add-on is pushed.');
  const misfit = pushRouteProblem(project, 'addon');
  if (misfit) throw new ReleaseError(misfit);

  const dirty = git(['status', '--porcelain'], root);
  if (dirty)
    throw new ReleaseError(
      `The working tree has uncommitted changes, and a release names its commit:\n${dirty.split('\n').slice(0, 10).join('\n')}\nCommit or stash them, then run npm run release again.`,
    );
  const commit = git(['rev-parse', '--short=12', 'HEAD'], root);
  const packageVersion =
    (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: string }).version ??
    '0.0.0';
  const description = versionDescription(packageVersion, commit);

  if (!claspLoggedIn(root))
    throw new ReleaseError(
      'clasp is not logged in to Google: run `npx clasp login` (once), then npm run release again.',
    );
  const versions = claspJson<{ versionNumber?: number }[]>(['list-versions'], root, 'list the versions');
  const cap = versionCapNote(versions.length);
  if (cap?.refuse) throw new ReleaseError(cap.text.replace('<script id>', project.scriptId));
  if (cap) say(cap.text.replace('<script id>', project.scriptId));
  const moved = deploymentToMove(
    claspJson<Deployment[]>(['list-deployments'], root, 'list the deployments'),
    args.deploymentId,
  );
  if ('problem' in moved) throw new ReleaseError(moved.problem);

  const commands = RELEASE_CHECKS.map((command) => command.join(' '));
  if (args.dryRun) say(`Would run the checks: ${commands.join(' && ')}`);
  else if (args.skipChecks) say(`Checks skipped (--skip-checks): ${commands.join(' && ')}`);
  else {
    say(`Running the checks: ${commands.join(' && ')}`);
    for (const [program = '', ...rest] of RELEASE_CHECKS) {
      const run = spawnSync(program, rest, { cwd: root, stdio: 'inherit' });
      if (run.status !== 0)
        throw new ReleaseError(
          `${[program, ...rest].join(' ')} failed: fix it and commit, then run npm run release again. Nothing was pushed.`,
        );
    }
  }

  // A dry run builds where nothing is pushed from, and removes it.
  const outDir = args.dryRun
    ? mkdtempSync(path.join(tmpdir(), 'royalties-release-'))
    : path.join(root, 'dist');
  try {
    try {
      await build(settings, outDir, { forPush: true });
    } catch (err) {
      throw new ReleaseError(err instanceof BuildError ? err.message : String(err));
    }
    const manifest = JSON.parse(readFileSync(path.join(outDir, 'appsscript.json'), 'utf8')) as Manifest;
    const problems = releaseManifestProblems(manifest, listingScopes('addon'));
    if (problems.length > 0)
      throw new ReleaseError(
        `The built manifest is not ready for the Marketplace:\n- ${problems.join('\n- ')}\nNothing was pushed.`,
      );
  } finally {
    if (args.dryRun) rmSync(outDir, { recursive: true, force: true });
  }

  const target = moved.deployment;
  const deployStep = target
    ? `point the deployment ${target.deploymentId} (now version ${target.versionNumber}) at it`
    : "create the listing's deployment at it (the first release)";
  if (args.dryRun) {
    process.stdout.write(
      [
        `Dry run: nothing was pushed, versioned or deployed. npm run release would:`,
        `- push dist/ (the add-on build for ${settings.apiBaseUrl}) to the script ${project.scriptId};`,
        `- create version ${nextVersion(versions)}, described "${description}";`,
        `- ${deployStep};`,
        "- then you set that version in the Marketplace SDK's App Configuration.",
        '',
      ].join('\n'),
    );
    return;
  }

  say(`Pushing the add-on build for ${settings.apiBaseUrl} to the script ${project.scriptId}…`);
  const pushed = clasp(['push', '-f'], root);
  if (!pushed.ok)
    throw new ReleaseError(
      `clasp push was refused: ${claspSaid(pushed)} No version was made and the deployment is as it was. Check that the Apps Script API is on at https://script.google.com/home/usersettings and that you may edit the script.`,
    );
  const made = claspJson<{ versionNumber?: number }>(
    ['create-version', description],
    root,
    'create a version',
  );
  const version = made.versionNumber;
  if (typeof version !== 'number' || version < 1)
    throw new ReleaseError(`clasp did not say which version it made (${JSON.stringify(made)}).`);
  const deployed = target
    ? claspJson<Deployment>(
        [
          'update-deployment',
          target.deploymentId,
          '--versionNumber',
          String(version),
          '--description',
          description,
        ],
        root,
        'update the deployment',
      )
    : claspJson<Deployment>(
        ['create-deployment', '--versionNumber', String(version), '--description', description],
        root,
        'create the deployment',
      );
  process.stdout.write(
    [
      `Released version ${version} of the script ${project.scriptId}: "${description}".`,
      `Deployment ${deployed.deploymentId} now serves version ${version}${target ? ` (was ${target.versionNumber})` : " (created: the listing's deployment from now on)"}.`,
      `One step left, in the console: Google Cloud console > APIs & Services > Google Workspace Marketplace SDK > App Configuration: set the Sheets add-on's version to ${version} and save (docs/publishing.md).`,
      '',
    ].join('\n'),
  );
}

try {
  await release(process.argv.slice(2), process.cwd());
} catch (err) {
  if (
    err instanceof ReleaseError ||
    err instanceof ReleaseUsageError ||
    err instanceof ClaspMissing ||
    err instanceof SettingsError
  ) {
    process.stderr.write(`npm run release: ${err.message}\n`);
    process.exitCode = 1;
  } else throw err;
}
