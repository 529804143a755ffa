// Every example a user or contributor may copy works against the demo account: each `=ROYALTIES_…(…)`
// formula in README, docs, the folders' READMEs, the help dialog and the custom functions' JSDoc examples is
// typed into a cell of the built add-on in the emulator and must show figures, not an error; the client
// example in src/core/api/README.md is run through the real client. An example naming a series the demo
// does not have (`ser_1` where the demo's are `sr_001`…) fails here.
// Each test has an add-on of its own (useFormulasAddOn: key saved, formulas allowed, on the file's demo API)
// and reads nothing another test left; after every test, no text holds the key.
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../local/build/build.ts';
import { YEAR_FORMULA } from '../../src/core/custom-functions.ts';
import { ENTRY_POINTS, type EntryPoint } from '../../src/entrypoints/registry.ts';
import { expectOk, runHarness } from '../api/support.ts';
import { type AddOn, startAddOn } from '../support/addon.ts';
import { addOnDist, harnessDist } from '../support/bundles.ts';
import { useFormulasAddOn } from './support.ts';

/** A custom function call with literal arguments (quoted text, left out, names), as the docs write them. */
const FORMULA = /=ROYALTIES_[A-Z_]+\((?:[^()"]|"[^"]*")*\)/g;

function markdownFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(folder, name));
}

const DOCUMENTS = ['README.md', ...markdownFiles('docs'), ...markdownFiles('src'), ...markdownFiles('local')];

function formulasIn(text: string): string[] {
  return [...text.matchAll(FORMULA)].map((m) => m[0]);
}

const documented: Array<[string, string]> = DOCUMENTS.flatMap((file) =>
  formulasIn(readFileSync(path.join(ROOT, file), 'utf8')).map((f) => [file, f] as [string, string]),
);
const entries: readonly EntryPoint[] = ENTRY_POINTS;
const jsdoc: Array<[string, string]> = entries.flatMap((entry) =>
  entry.example ? [[`${entry.name} JSDoc`, entry.example] as [string, string]] : [],
);

let addOn: AddOn;
useFormulasAddOn((started) => {
  addOn = started;
});

let cell = 0;
function enter(formula: string) {
  cell += 1;
  return addOn.emulator.formulas.enter('Sheet1', `A${cell * 200}`, formula);
}

describe('every formula in the docs runs against the demo account', () => {
  beforeEach(() => {
    // The first refresh makes the named cell RoyaltiesRefreshed the examples pass last.
    addOn.emulator.run('saveSettings', [{ tabs: ['summary'] }]);
    addOn.emulator.run('refreshAllTabs');
  });

  it('the docs hold examples to check', () => {
    expect(documented.map(([file]) => file)).toContain('README.md');
    expect(documented.length).toBeGreaterThan(5);
  });

  it.each([...documented, ...jsdoc])('%s: %s', (_where, formula) => {
    // The year is summed from the history tab's days: a refresh writes them first.
    if (formula.startsWith(`=${YEAR_FORMULA.name}(`)) {
      addOn.emulator.run('saveSettings', [{ tabs: ['history'] }]);
      addOn.emulator.run('refreshAllTabs');
    }
    const state = enter(formula);
    expect(state.error, formula).toBeNull();
    expect((state.values ?? []).flat().filter((v) => v !== '' && v !== null)).not.toEqual([]);
  });

  it('the help dialog (dist/Help.html)', async () => {
    const html = await readFile(path.join(await addOnDist(), 'Help.html'), 'utf8');
    const formulas = formulasIn(html.replace(/&quot;/g, '"'));
    expect(formulas.length).toBeGreaterThan(0);
    for (const formula of formulas) expect(enter(formula).error, formula).toBeNull();
  });
});

describe('the client example in src/core/api/README.md runs against the demo account', () => {
  let harness: AddOn;
  beforeAll(async () => {
    harness = await startAddOn({ distDir: await harnessDist() });
    harness.saveApiKeyFor();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('each request of its fetchMany succeeds', () => {
    const text = readFileSync(path.join(ROOT, 'src/core/api/README.md'), 'utf8');
    const block = /client\.fetchMany\(\[([\s\S]*?)\]\)/.exec(text)?.[1] ?? '';
    // The README's object literals, in JSON: quoted keys, double quotes.
    const requests = [...block.matchAll(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/g)].map(
      (m) => JSON.parse(m[0].replace(/'/g, '"').replace(/(\w+):/g, '"$1":')) as { endpoint: string },
    );
    expect(requests.map((r) => r.endpoint)).toContain('read-through');
    const outcomes = runHarness(harness.emulator, { requests: requests as never });
    for (const outcome of outcomes) expectOk(outcome);
  });
});
