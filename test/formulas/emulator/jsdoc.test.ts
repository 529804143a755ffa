// Sheets autocomplete shows each custom function's JSDoc: its description, an example and every
// parameter. Checked on the built Code.js itself.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsdocAbove } from '../../../local/build/check.ts';
import { ENTRY_POINTS, type EntryPoint } from '../../../src/entrypoints/registry.ts';
import { addOnDist } from '../../support/bundles.ts';

const customFunctions: readonly EntryPoint[] = ENTRY_POINTS.filter(
  (entry) => entry.kind === 'custom-function',
);

describe('custom function help in the built bundle', () => {
  it.each(customFunctions.map((entry) => [entry.name, entry] as const))('%s', async (name, entry) => {
    const code = await readFile(path.join(await addOnDist(), 'Code.js'), 'utf8');
    const doc = jsdocAbove(code, name) ?? '';
    expect(doc).toContain(entry.summary);
    expect(entry.example).toMatch(new RegExp(`^=${name}\\(`));
    expect(doc).toContain(`Example: ${entry.example}`);
    for (const param of entry.params) {
      expect(param.description.length).toBeGreaterThan(15);
      expect(doc).toContain(`@param {${param.type}} ${param.name} ${param.description}`);
    }
    expect(doc).toContain('@customfunction');
  });
});
