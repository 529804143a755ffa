import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { SHARED_TEST_SETTINGS } from '../vitest.config.ts';

const root = path.resolve(import.meta.dirname, '../..');

// Real headless Chromium against the preview server (built sidebar + emulator + demo API). One file at a
// time: a browser per file is the heavy part, and the machine is shared.
export default defineConfig({
  root,
  test: {
    include: ['test/browser/**/*.test.ts'],
    pool: 'forks',
    globalSetup: ['test/support/temp-folder.ts'],
    // The add-on built before each file's own hooks, with a timeout of its own (built.ts says why).
    setupFiles: ['test/browser/built.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    passWithNoTests: false,
    allowOnly: false,
    ...SHARED_TEST_SETTINGS,
  },
});
