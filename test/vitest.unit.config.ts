import base from './vitest.config.ts';

// npm run test:unit: the tests that take plain inputs (no bundle, no emulator, no HTTP, no child process),
// named `*.unit.test.ts` at the path of the source they test (docs/conventions.md). The quick loop; `npm test`
// still runs everything.
// The rest of the settings are npm test's own (temp folder, no skipped test, no empty file).
export default {
  ...base,
  test: {
    ...base.test,
    include: ['test/**/*.unit.test.ts'],
    // npm run test:coverage (CI): what these tests reach of src/, file by file, for coverage:check to add
    // up per layer against local/coverage/floor.json. The bundle's runs in the emulator are not counted:
    // Code.js is minified and loaded through node:vm, so they would say nothing per source line.
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      reporter: ['json-summary'],
      reportsDirectory: 'test-results/coverage',
      // The figures print even when a test failed: a failing test fails the run anyway.
      reportOnFailure: true,
    },
  },
};
