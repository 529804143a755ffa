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
  },
};
