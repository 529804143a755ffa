import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.resolve(import.meta.dirname, '..');

/** What every run of the tests shares, the browser's too. */
export const SHARED_TEST_SETTINGS = {
  // The tests of a file run in a new order each run, so a test that relies on what another left fails
  // soon. The run prints its seed ("Running tests with seed N"); `--sequence.seed=N` replays that order.
  // Files keep vitest's order (the slowest first, which keeps two cores busy).
  sequence: { shuffle: { files: false, tests: true } },
  // A test that makes no assertion fails (an expect inside a loop over a list that came back empty).
  expect: { requireAssertions: true },
} as const;

export default defineConfig({
  root,
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/browser/**', 'node_modules/**'],
    // Tests that run the bundle block their thread on synchronous HTTP; the servers they talk to run in
    // worker threads, so files can run in parallel without deadlock.
    pool: 'forks',
    // Two files at a time at least: vitest's default (one fewer than the cores) runs a 2-core machine, as CI
    // is, one file at a time, while much of a file's time is spent waiting on its demo API, its child
    // processes or the shared build.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Every temporary folder of the run lives in one folder, removed and checked at the end.
    globalSetup: ['test/support/temp-folder.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A file with no test, or a skipped test, fails the run rather than passing vacuously.
    passWithNoTests: false,
    allowOnly: false,
    ...SHARED_TEST_SETTINGS,
  },
});
