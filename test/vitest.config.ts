import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  root,
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/browser/**', 'node_modules/**'],
    // Tests that run the bundle block their thread on synchronous HTTP; the servers they talk to run in
    // worker threads of their own, so files can run in parallel without deadlock.
    pool: 'forks',
    // Every temporary folder of the run lives in one folder, removed and checked at the end.
    globalSetup: ['test/support/temp-folder.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A file with no test, or a skipped test, fails the run rather than passing vacuously.
    passWithNoTests: false,
    allowOnly: false,
  },
});
