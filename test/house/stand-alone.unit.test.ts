// Tests that stand alone (docs/conventions.md, "Tests"): no test relies on what another left. The runs shuffle
// the tests within each file, and no file says, in its opening comment, that a test may rely on an earlier
// one, or keeps its tests in their written order (as the browser tests once did with a stillOneStory()).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../support/import-graph.ts';

const TEST = path.resolve(import.meta.dirname, '..');

/** How a file says its tests rely on one another's leftovers. */
const RELIES_ON_LEFTOVERS = [
  /may rely on what/i,
  /\bOne story\b/,
  /tests share one add-on/i,
  /stillOneStory\(\)/,
];

/** The test files (relative to test/) that say or show that their tests rely on earlier ones. */
function onePerStory(files: ReadonlyArray<readonly [string, string]>): string[] {
  return files
    .filter(
      ([name, text]) => name.endsWith('.test.ts') && RELIES_ON_LEFTOVERS.some((form) => form.test(text)),
    )
    .map(([name]) => name);
}

describe('tests that stand alone', () => {
  const files = sourceFiles([TEST])
    .filter((file) => !file.endsWith(path.join('house', 'stand-alone.unit.test.ts')))
    .map((file): [string, string] => [
      path.relative(TEST, file).split(path.sep).join('/'),
      readFileSync(file, 'utf8'),
    ]);

  it('leave no file one story', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(onePerStory(files)).toEqual([]);
  });

  it('find a file that says a test may rely on an earlier one, or keeps its order', () => {
    expect(
      onePerStory([
        ['a/one.test.ts', '// a test may rely on what those before it left'],
        ['a/two.test.ts', 'stillOneStory();'],
        ['a/three.test.ts', '// each test starts its own add-on'],
        ['support/x.ts', 'stillOneStory();'],
      ]),
    ).toEqual(['a/one.test.ts', 'a/two.test.ts']);
  });
});
