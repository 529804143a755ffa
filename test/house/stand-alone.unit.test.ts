// Tests that stand alone (docs/conventions.md, "Tests"): no test relies on what another left. The runs shuffle
// the tests within each file; a file still written as one story (its tests relying on those before them)
// says so with stillOneStory() (test/support/one-story.ts), which keeps its written order, and is named
// here. The list only shrinks: a file that no longer calls it must leave the list, and no other file may
// call it or say, in its opening comment, that a test may rely on an earlier one.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../support/import-graph.ts';

const TEST = path.resolve(import.meta.dirname, '..');

/** Files still one story, relative to test/: rewrite one, then take it off this list. */
const STILL_ONE_STORY: readonly string[] = [
  'browser/sidebar-layout.test.ts',
];

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

  it('leave only the listed files one story, and the list names no file that stands alone', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(onePerStory(files)).toEqual([...STILL_ONE_STORY].sort());
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
