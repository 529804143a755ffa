// vitest globalSetup: the suite leaves nothing in the system temp folder. Every worker and child process
// inherits TMPDIR pointing at one folder for this run, so whatever a test or a per-process build makes
// with os.tmpdir() (a worker's exit hooks do not run when vitest ends it) is removed with that folder at
// the end. The teardown then compares the system temp folder with how it was before and fails the run if
// a folder of ours escaped there; the figures go to test-results/temp-folders.json.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MINIFIED_FOLDER_VARIABLE } from '../../local/build/build.ts';

/** What this project's tests and builds name their temporary folders. */
export const OUR_PREFIXES = [
  'gas-test-',
  'rfs-',
  'fake-clasp-',
  'cli-atomic-',
  'cli-dist-',
  'npm-start-',
  'royalties-',
  'npm-run-setup-',
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
  const otherRunsSeen = otherTestRuns();
  process.env.TMPDIR = run;
  process.env[RUN_FOLDER_VARIABLE] = run;
  // Each distinct bundle minified once in the run, by whichever test or command builds it first.
  process.env[MINIFIED_FOLDER_VARIABLE] = path.join(run, 'rfs-minified');
  return () => {
    const leftInRun = readdirSync(run);
    rmSync(run, { recursive: true, force: true });
    const escaped = ours(system).filter((n) => !before.has(n));
    const otherRuns = otherRunsSeen || otherTestRuns();
    const newInCache = [...cached()].filter((n) => !cacheBefore.has(n));
    const report = path.join(ROOT, 'test-results');
    mkdirSync(report, { recursive: true });
    writeFileSync(
      path.join(report, 'temp-folders.json'),
      `${JSON.stringify({ ourFoldersBefore: before.size, leftInRunFolderThenRemoved: leftInRun.length, escaped, newInCache, otherRuns }, null, 2)}\n`,
    );
    const problems = [
      escaped.length > 0 ? `${escaped.length} folder(s) in ${system}: ${escaped.join(', ')}` : '',
      newInCache.length > 0 ? `${newInCache.length} build(s) in .cache/: ${newInCache.join(', ')}` : '',
    ].filter(Boolean);
    // Where other test runs (other checkouts, without this setup) ran meanwhile, their folders look like
    // escapes: then the figures are written without failing (also with RFS_TEMP_CHECK=report).
    if (problems.length > 0 && !otherRuns && process.env.RFS_TEMP_CHECK !== 'report') {
      // vitest logs an error thrown here but still exits 0: set the exit code as well.
      process.exitCode = 1;
      throw new Error(`The tests left ${problems.join('; ')}`);
    }
  };
}

/** Whether a vitest process outside this run's process tree is running (Linux /proc; elsewhere, false). */
function otherTestRuns(): boolean {
  if (!existsSync('/proc/self/stat')) return false;
  const parentOf = (pid: string): string | null => {
    try {
      return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] ?? null;
    } catch {
      return null;
    }
  };
  const ours = (pid: string): boolean => {
    const seen = new Set<string>();
    for (let p: string | null = pid; p && p !== '0' && !seen.has(p); p = parentOf(p)) {
      if (p === String(process.pid)) return true;
      seen.add(p);
    }
    // Our own ancestors (npm test → vitest) are ours too.
    for (let p: string | null = String(process.pid); p && p !== '0'; p = parentOf(p))
      if (p === pid) return true;
    return false;
  };
  return readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .some((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('vitest') && !ours(pid);
      } catch {
        return false;
      }
    });
}
