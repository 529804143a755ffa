// Sheets autocomplete shows each custom function's JSDoc: its description, an example and every
// parameter. Checked on the built Code.js itself. Sheets recalculates a custom function only when its
// arguments change (docs/google-rules.md), so every example, and the help, passes RoyaltiesRefreshed last:
// a formula copied from either follows each refresh.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsdocAbove } from '../../local/build/check.ts';
import { splitArguments } from '../../local/gas/formula-cells.ts';
import { ENTRY_POINTS, type EntryPoint } from '../../src/entrypoints/registry.ts';
import { addOnDist } from '../support/bundles.ts';

const customFunctions: readonly EntryPoint[] = ENTRY_POINTS.filter(
  (entry) => entry.kind === 'custom-function',
);

const REFRESHED = 'RoyaltiesRefreshed';

/** The arguments of `=NAME(a, "b, c", , d)` as written (split as the emulator splits them). */
function formulaArguments(formula: string, name: string): string[] {
  const match = new RegExp(`^=${name}\\((.*)\\)$`).exec(formula.trim());
  if (!match) throw new Error(`Not a call of ${name}: ${formula}`);
  return splitArguments(match[1] ?? '');
}

describe('custom function help in the built bundle', () => {
  it.each(customFunctions.map((entry) => [entry.name, entry] as const))('%s', async (name, entry) => {
    const code = await readFile(path.join(await addOnDist(), 'Code.js'), 'utf8');
    const doc = jsdocAbove(code, name) ?? '';
    expect(doc).toContain(entry.summary);
    expect(entry.example).toMatch(new RegExp(`^=${name}\\(`));
    expect(doc).toContain(`Example: ${entry.example}`);
    expect(entry.params.length).toBeGreaterThan(0);
    for (const param of entry.params) {
      expect(param.description.length).toBeGreaterThan(15);
      expect(doc).toContain(`@param {${param.type}} ${param.name} ${param.description}`);
    }
    expect(doc).toContain('@customfunction');
  });
});

describe('every example passes RoyaltiesRefreshed last', () => {
  it.each(customFunctions.map((entry) => [entry.name, entry] as const))('%s', async (name, entry) => {
    const code = await readFile(path.join(await addOnDist(), 'Code.js'), 'utf8');
    const doc = jsdocAbove(code, name) ?? '';
    // The example as Sheets shows it: read from the built JSDoc, not from the registry.
    const examples = [...doc.matchAll(/^\s*\* Example: (.*)$/gm)].map((m) => m[1] ?? '');
    expect(examples).toHaveLength(1);
    const args = formulaArguments(examples[0]!, name);
    expect(args.at(-1)).toBe(REFRESHED);
    expect(args.filter((a) => a === REFRESHED)).toHaveLength(1);
    // In the place of the `refreshed` parameter, the last one: not an argument too many or too few.
    expect(args).toHaveLength(entry.params.length);
    expect(entry.params.at(-1)?.name).toBe('refreshed');
    expect(doc).toMatch(new RegExp(`@param \\{string\\} refreshed ${REFRESHED}\\b`));
  });

  it('the help (dist/Help.html) explains it, with an example that passes it last', async () => {
    const html = await readFile(path.join(await addOnDist(), 'Help.html'), 'utf8');
    const text = html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');
    expect(text).toContain(`give it ${REFRESHED} as its last argument`);
    expect(text).toMatch(/new figures after every refresh/);
    const formulas = [...text.matchAll(/=(ROYALTIES_[A-Z_]+)\([^)]*\)/g)];
    const withRefreshed = formulas.filter((m) => m[0].includes(REFRESHED));
    expect(withRefreshed.length).toBeGreaterThan(0);
    for (const m of withRefreshed) expect(formulaArguments(m[0], m[1]!).at(-1)).toBe(REFRESHED);
  });
});
