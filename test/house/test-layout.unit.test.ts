// Where a test lives (docs/conventions.md, "Tests"), so a new test has one obvious home. A plain-input
// test of `src/<path>/<file>.ts` or `local/<path>/<file>.ts` sits in `test/<path>/<file>.unit.test.ts` (a
// test of several files, or of the repository itself, is named here with the reason). A test of the built
// add-on sits in `test/<feature>/<story>.test.ts`, one folder deep, never in a layer's mirror (`test/core/`,
// `test/platform/`, `test/entrypoints/`). A folder with no test of its own is `support/` or `fixtures/`.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../support/import-graph.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TEST = path.join(ROOT, 'test');
const SUFFIX = '.unit.test.ts';

/** Plain-input tests that test no single source file, each with what it tests instead. */
const NOT_MIRRORED: Readonly<Record<string, string>> = {
  'build/ci-sentence.unit.test.ts': 'README against .ci/run: the repository, not a source file',
  'build/install-scripts.unit.test.ts':
    'package.json against the lockfile: the repository, not a source file',
  'build/output.unit.test.ts': 'build.ts and settings.ts together: what the build leaves for clasp',
  'cli/refresh-watcher.unit.test.ts': "run.ts's progress lines alone; run.ts's other tests run the CLI",
  'core/api/leak-scan.unit.test.ts': "the tests' own leak scanner (test/support/leaks.ts)",
  'core/api/no-answer.unit.test.ts':
    'client.ts, request.ts and retry.ts together: requests that get no answer',
  'core/formulas/zone-days.unit.test.ts': 'the formulas’ days in many time zones, over several files',
  'core/morning/record.unit.test.ts':
    'morning/mode.ts and refresh/last-refresh.ts: the choices and the stored record',
  'core/report/large.unit.test.ts': 'toReportTable on large responses, one theme of the report layer',
  'core/report/number-lists.unit.test.ts': 'toReportTable on lists of numbers, one theme of the report layer',
  'core/report/order.unit.test.ts': 'toReportTable’s column order, one theme of the report layer',
  'core/report/parts.unit.test.ts': 'a figure in parts, read by flatten.ts and named by labels.ts',
  'core/report/properties.unit.test.ts': 'toReportTable’s properties over generated shapes',
  'core/report/variants.unit.test.ts': 'toReportTable on the same data arranged seven ways',
  'house/assertions.unit.test.ts': 'every test file: no assertion that cannot fail',
  'house/import-graph.unit.test.ts': 'the import graph of the whole tree',
  'house/stand-alone.unit.test.ts': 'every test file: no test relies on what another left',
  'house/platform-thin.unit.test.ts':
    "the platform layer as a whole: its functions' length, its imports of core",
  'house/test-layout.unit.test.ts': 'this convention itself',
  'house/docs.unit.test.ts': 'the docs against the tree: quoted paths and the per-file map',
  'house/google-calls-asked-again.unit.test.ts':
    "the platform layer's Google calls: each through the wrappers that ask again where safe",
  'docs/readme.unit.test.ts':
    'the Markdown of the whole repository: README length, links, no path outside it',
};

/** The unit tests (relative to test/) that name no existing source file and are not allowed to. */
function misplaced(tests: readonly string[], exists: (file: string) => boolean): string[] {
  return tests.filter((test) => {
    if (NOT_MIRRORED[test]) return false;
    const base = test.slice(0, -SUFFIX.length);
    return !exists(`src/${base}.ts`) && !exists(`local/${base}.ts`);
  });
}

describe('plain-input tests', () => {
  const tests = sourceFiles([TEST])
    .map((file) => path.relative(TEST, file).split(path.sep).join('/'))
    .filter((file) => file.endsWith(SUFFIX));
  const exists = (file: string) => existsSync(path.join(ROOT, file));

  it('sit at the path of the source file they test', () => {
    expect(tests.length).toBeGreaterThan(60);
    expect(misplaced(tests, exists)).toEqual([]);
  });

  it('name only tests that exist among those allowed elsewhere', () => {
    expect(Object.keys(NOT_MIRRORED).filter((test) => !tests.includes(test))).toEqual([]);
  });

  it('are found out when a test follows its feature instead of its file', () => {
    // Where the freshness tests used to be: beside the sidebar, though they test core/freshness.ts.
    expect(misplaced(['sidebar/freshness.unit.test.ts', 'core/freshness.unit.test.ts'], exists)).toEqual([
      'sidebar/freshness.unit.test.ts',
    ]);
  });
});

/** Folders under test/ that mirror a layer of src/ and so hold plain-input tests only. */
const MIRRORS = ['core', 'platform', 'entrypoints'];
/** Folders that hold a feature's helpers rather than tests. */
const HELPER_FOLDERS = new Set(['support', 'fixtures']);

/** Tests of the built add-on (relative to test/) not at `<feature>/<story>.test.ts`. */
function misplacedFeatureTests(tests: readonly string[]): string[] {
  return tests.filter((test) => {
    const parts = test.split('/');
    return parts.length !== 2 || MIRRORS.includes(parts[0] ?? '');
  });
}

/** Folders (relative to test/) with no test in them or below them, that are not helper folders. */
function foldersWithoutTests(folders: readonly string[], tests: readonly string[]): string[] {
  return folders.filter(
    (folder) =>
      !HELPER_FOLDERS.has(path.posix.basename(folder)) &&
      !tests.some((test) => test.startsWith(`${folder}/`)),
  );
}

describe('tests of the built add-on', () => {
  const all = sourceFiles([TEST]).map((file) => path.relative(TEST, file).split(path.sep).join('/'));
  const tests = all.filter((file) => file.endsWith('.test.ts') && !file.endsWith(SUFFIX));

  it('sit in one folder per feature, outside the mirrors of src', () => {
    expect(tests.length).toBeGreaterThan(100);
    expect(misplacedFeatureTests(tests)).toEqual([]);
  });

  it('leave no folder that holds helpers only, but support/ and fixtures/', () => {
    const folders = (dir: string): string[] =>
      readdirSync(path.join(TEST, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== 'vendor')
        .flatMap((entry) => {
          const folder = dir ? `${dir}/${entry.name}` : entry.name;
          return [folder, ...folders(folder)];
        });
    expect(
      foldersWithoutTests(
        folders(''),
        all.filter((file) => file.endsWith('.test.ts')),
      ),
    ).toEqual([]);
  });

  it('are found out in a second tree of their feature, or in a mirror', () => {
    expect(
      misplacedFeatureTests([
        'api/emulator/cache.test.ts',
        'core/history/ledger.test.ts',
        'history/ledger.test.ts',
      ]),
    ).toEqual(['api/emulator/cache.test.ts', 'core/history/ledger.test.ts']);
    expect(
      foldersWithoutTests(
        ['report', 'gas', 'gas/support'],
        ['gas/clock.test.ts', 'core/report/x.unit.test.ts'],
      ),
    ).toEqual(['report']);
  });
});
