// vitest globalSetup: the suite leaves nothing in the system temp folder. Every worker and child process
// inherits TMPDIR pointing at one folder for this run, so whatever a test or a per-process build makes
// with os.tmpdir() (a worker's exit hooks do not run when vitest ends it) is removed with that folder at
// the end. The teardown then compares the system temp folder with how it was before and fails the run if
// a folder of ours escaped there; the figures go to test-results/temp-folders.json.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What this project's tests and builds name their temporary folders. */
export const OUR_PREFIXES = [
  'gas-test-',
  'rfs-',
  'fake-clasp-',
  'cli-atomic-',
  'cli-dist-',
  'npm-start-',
  'royalties-',
];
export const RUN_FOLDER_VARIABLE = 'RFS_TEST_TEMP';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Builds for other API addresses (local/cli/dist.ts): a test's must not outlive it, or it grows per run. */
const CACHE = path.join(ROOT, '.cache');
const cached = () => new Set(existsSync(CACHE) ? readdirSync(CACHE) : []);

const ours = (folder: string) => readdirSync(folder).filter((n) => OUR_PREFIXES.some((p) => n.startsWith(p)));

export default function setup(): () => void {
  const system = os.tmpdir();
  const before = new Set(ours(system));
  const cacheBefore = cached();
  const run = mkdtempSync(path.join(system, 'rfs-test-run-'));
  process.env.TMPDIR = run;
  process.env[RUN_FOLDER_VARIABLE] = run;
  return () => {
    const leftInRun = readdirSync(run);
    rmSync(run, { recursive: true, force: true });
    const escaped = ours(system).filter((n) => !before.has(n));
    const newInCache = [...cached()].filter((n) => !cacheBefore.has(n));
    const report = path.join(ROOT, 'test-results');
    mkdirSync(report, { recursive: true });
    writeFileSync(
      path.join(report, 'temp-folders.json'),
      `${JSON.stringify({ ourFoldersBefore: before.size, leftInRunFolderThenRemoved: leftInRun.length, escaped, newInCache }, null, 2)}\n`,
    );
    const problems = [
      escaped.length > 0 ? `${escaped.length} folder(s) in ${system}: ${escaped.join(', ')}` : '',
      newInCache.length > 0 ? `${newInCache.length} build(s) in .cache/: ${newInCache.join(', ')}` : '',
    ].filter(Boolean);
    // On a machine where other checkouts' suites (without this setup) run at the same time, their
    // folders look like escapes: RFS_TEMP_CHECK=report writes the figures without failing.
    if (problems.length > 0 && process.env.RFS_TEMP_CHECK !== 'report') {
      // vitest logs an error thrown here but still exits 0: set the exit code as well.
      process.exitCode = 1;
      throw new Error(`The tests left ${problems.join('; ')}`);
    }
  };
}
