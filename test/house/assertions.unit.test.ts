// No assertion that cannot fail (docs/conventions.md, "Tests"): a count is never below zero, a literal is
// what it is, and a length is always defined. This reads every test file for those forms; the runs' own
// `expect.requireAssertions` (test/vitest.config.ts) fails a test that asserted nothing at all, as one whose
// only expect sits in a loop over a list that came back empty.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../support/import-graph.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A count, size or length: what no value can take below zero. */
const COUNT = String.raw`(?:\.length|\.size|\b\w*(?:[rR]ows|[cC]ount|[cC]alls|[bB]ytes|[rR]equests|[rR]ounds))`;

/** Forms of an assertion that holds whatever the code under test does, each with why. */
const CANNOT_FAIL: ReadonlyArray<readonly [RegExp, string]> = [
  [
    new RegExp(String.raw`expect\(\s*[^;]*?${COUNT}\s*(?:,[^;]*?)?\)\s*\.toBeGreaterThanOrEqual\(\s*0\s*\)`),
    'a count is never below zero',
  ],
  [new RegExp(String.raw`${COUNT}\s*>=\s*0\b`), 'a count is never below zero'],
  [
    new RegExp(String.raw`expect\(\s*[^;]*?${COUNT}\s*\)\s*\.toBeGreaterThan\(\s*-1\s*\)`),
    'a count is never below zero',
  ],
  [/expect\(\s*[^;]*?\.length\s*\)\s*\.(?:toBeDefined|not\.toBeUndefined)\(\)/, 'a length is always defined'],
  [
    /expect\(\s*(?:true|false|null|undefined|-?\d+(?:\.\d+)?|'[^']*'|"[^"]*")\s*\)\s*\./,
    'a literal is what it is: assert on what the code returns',
  ],
];

/** The assertions in `text` that cannot fail, as `line: reason`. */
function cannotFail(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      CANNOT_FAIL.filter(([form]) => form.test(line)).map(([, why]) => `${i + 1}: ${why}: ${line.trim()}`),
    );
}

describe('assertions', () => {
  const files = sourceFiles([path.join(ROOT, 'test')]).filter(
    (file) => !file.endsWith(path.join('house', 'assertions.unit.test.ts')),
  );

  it('can all fail', () => {
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      cannotFail(readFileSync(file, 'utf8')).map((hit) => `${path.relative(ROOT, file)}:${hit}`),
    );
    expect(found).toEqual([]);
  });

  it('are found out when a count is held to at least zero, or a literal is asserted', () => {
    expect(cannotFail('      expect(area.rows).toBeGreaterThanOrEqual(0);')).toHaveLength(1);
    expect(cannotFail('expect(result.tabs.length, "tabs").toBeGreaterThanOrEqual(0);')).toHaveLength(1);
    expect(cannotFail('expect(calls.length >= 0).toBe(true);')).toHaveLength(1);
    expect(cannotFail('expect(rows.length).toBeDefined();')).toHaveLength(1);
    expect(cannotFail('expect(true).toBe(true);')).toHaveLength(1);
    // An index that may be -1, a bound above zero, and a real subject are fine.
    expect(cannotFail('expect(at, name).toBeGreaterThanOrEqual(0);')).toEqual([]);
    expect(cannotFail('expect(rows.length).toBeGreaterThan(0);')).toEqual([]);
    expect(cannotFail('expect(fromFirst).toBeGreaterThanOrEqual(0);')).toEqual([]);
  });
});
