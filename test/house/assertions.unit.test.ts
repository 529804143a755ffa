// No assertion that cannot fail (docs/conventions.md, "Tests"): a count is never below zero, a literal is
// what it is, and a length is always defined. This reads every test file for those forms; the runs' own
// `expect.requireAssertions` (test/vitest.config.ts) fails a test that asserted nothing at all, as one whose
// only expect sits in a loop over a list that came back empty. A loop that asserts inside, over a collection
// that could come back empty, asserts that collection's size first (test/house/loops.ts reads it).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../support/import-graph.ts';
import { unsizedLoops } from './loops.ts';

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

/** Loops (`file: collection`) that assert over a collection whose size nothing asserted first, not yet
 * audited and rewritten (each was found by the check below): the list only shrinks, and is empty now. */
const UNSIZED_LOOPS_LEFT: readonly string[] = [];

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

  it('in a loop walk a collection whose size was asserted first, or a fixed table', () => {
    const found = files.flatMap((file) =>
      unsizedLoops(readFileSync(file, 'utf8')).map(
        (hit) => `${path.relative(ROOT, file)}: ${hit.replace(/^\d+: /, '')}`,
      ),
    );
    const lines = files.flatMap((file) =>
      unsizedLoops(readFileSync(file, 'utf8')).map((hit) => `${path.relative(ROOT, file)}:${hit}`),
    );
    expect(lines.filter((_, i) => !UNSIZED_LOOPS_LEFT.includes(found[i]!))).toEqual([]);
    expect(UNSIZED_LOOPS_LEFT.filter((left) => !found.includes(left))).toEqual([]);
  });

  it('are found out in a loop over a collection whose size nothing asserted', () => {
    const test = (body: string) => `it('x', () => {\n  const rows = read();\n${body}\n});`;
    expect(unsizedLoops(test('  for (const row of rows) expect(row).toBe(1);'))).toEqual(['3: rows']);
    expect(unsizedLoops(test('  rows.forEach((row) => {\n    expect(row).toBe(1);\n  });'))).toEqual([
      '3: rows',
    ]);
    expect(unsizedLoops(test('  for (let i = 0; i < rows.length; i++) expect(rows[i]).toBe(1);'))).toEqual([
      '3: rows',
    ]);
    expect(
      unsizedLoops(test('  for (const [k, v] of Object.entries(rows)) {\n    expect(v).toBe(k);\n  }')),
    ).toEqual(['3: rows']);
    // Its size asserted first, a fixed table, or no expect inside: fine.
    expect(
      unsizedLoops(test('  expect(rows).toHaveLength(3);\n  for (const row of rows) expect(row).toBe(1);')),
    ).toEqual([]);
    expect(
      unsizedLoops(
        test('  expect(rows.length).toBeGreaterThan(0);\n  for (const row of rows) expect(row).toBe(1);'),
      ),
    ).toEqual([]);
    expect(unsizedLoops(test("  for (const id of ['a', 'b']) expect(id).toBeTruthy();"))).toEqual([]);
    expect(unsizedLoops(test('  for (const id of ENDPOINT_IDS) expect(id).toBeTruthy();'))).toEqual([]);
    expect(
      unsizedLoops(
        test(
          '  const runs: Array<() => number> = [() => 1];\n  for (const run of runs) expect(run()).toBe(1);',
        ),
      ),
    ).toEqual([]);
    expect(unsizedLoops(test('  for (const row of rows) total += row;'))).toEqual([]);
    const inTable = (table: string) =>
      unsizedLoops(
        `for (const tabs of ${table}) {\n  it('x', () => {\n    for (const t of tabs) expect(t).toBe(1);\n  });\n}`,
      );
    expect(inTable("[['a'], ['b', 'c']]")).toEqual([]);
    expect(inTable("[['a'], []]")).toEqual(['3: tabs']);
    expect(inTable('tables()')).toEqual(['1: tables()', '3: tabs']);
    // An expect in another test, or one that only says the list exists, does not count.
    expect(
      unsizedLoops(
        `it('a', () => {\n  expect(rows).toHaveLength(3);\n});\n${test('  for (const r of rows) expect(r).toBe(1);')}`,
      ),
    ).toEqual(['6: rows']);
    expect(
      unsizedLoops(test('  expect(rows).toBeDefined();\n  for (const row of rows) expect(row).toBe(1);')),
    ).toEqual(['4: rows']);
  });
});
