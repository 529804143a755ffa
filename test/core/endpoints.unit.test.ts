// Each endpoint is declared once (src/core/endpoints.ts): its path, title and custom function (name,
// autocomplete text, example, parameters). The formula table, the registry's custom functions and the demo
// API's routes are read from it; no other file of src/ or local/ spells the endpoints out again as a list
// to be kept in step by hand.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CUSTOM_FUNCTIONS, YEAR_FORMULA } from '../../src/core/custom-functions.ts';
import { ENDPOINT_IDS, ENDPOINTS, type EndpointId } from '../../src/core/endpoints.ts';
import { FORMULA_FUNCTIONS } from '../../src/core/formulas/functions.ts';
import { ENTRY_POINTS, type EntryPoint } from '../../src/entrypoints/registry.ts';
import { sourceFiles } from '../support/import-graph.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DECLARATION = 'src/core/endpoints.ts';

/** Files that name every endpoint on purpose, each with why it is not a list kept in step. */
const NAMES_THEM_ALL: Readonly<Record<string, string>> = {
  'local/bench/sections/formulas.ts':
    "the bench's workload: a sheet's cells chosen one by one (two summaries), its counts kept comparable",
};

/** The endpoints a text names by formula name or by path (as text, or escaped in a pattern). */
function endpointsNamed(text: string): EndpointId[] {
  return ENDPOINT_IDS.filter((id) => {
    const { path: route, formula } = ENDPOINTS[id];
    return (
      new RegExp(`\\b${formula.name}\\b`).test(text) ||
      [`'${route}'`, `"${route}"`, `\`${route}\``, route.replaceAll('/', '\\/')].some((s) => text.includes(s))
    );
  });
}

/** Files (relative to the root) that name all the endpoints, or all but one: a list kept by hand. */
function handKeptLists(files: readonly string[], read: (file: string) => string): string[] {
  return files.filter(
    (file) =>
      file !== DECLARATION &&
      !NAMES_THEM_ALL[file] &&
      endpointsNamed(read(file)).length >= ENDPOINT_IDS.length - 1,
  );
}

describe('the one declaration of each endpoint', () => {
  it('gives every endpoint its own path, title and custom function, refreshed last', () => {
    const specs = ENDPOINT_IDS.map((id) => ENDPOINTS[id]);
    for (const key of ['path', 'title'] as const)
      expect(new Set(specs.map((s) => s[key])).size).toBe(specs.length);
    expect(new Set(specs.map((s) => s.formula.name)).size).toBe(specs.length);
    for (const { formula } of specs) {
      expect(formula.params.at(-1)).toBe('refreshed');
      expect(formula.example.startsWith(`=${formula.name}(`)).toBe(true);
    }
  });

  it('is what the formula table and the registry read', () => {
    expect(Object.keys(FORMULA_FUNCTIONS)).toEqual(ENDPOINT_IDS.map((id) => ENDPOINTS[id].formula.name));
    const registered = (ENTRY_POINTS as readonly EntryPoint[]).filter((e) => e.kind === 'custom-function');
    expect(
      registered.map(({ name, summary, example, params }) => ({
        name,
        summary,
        example,
        params: params.map((p) => p.name),
      })),
    ).toEqual(
      [...ENDPOINT_IDS.map((id) => ENDPOINTS[id].formula), YEAR_FORMULA].map(
        ({ name, summary, example, params }) => ({ name, summary, example, params }),
      ),
    );
    // Beside the endpoints' own, the functions answered from our tabs: declared once, refreshed last too.
    for (const { name, example, params } of CUSTOM_FUNCTIONS) {
      expect(params.at(-1)).toBe('refreshed');
      expect(example.startsWith(`=${name}(`)).toBe(true);
    }
    expect(new Set(CUSTOM_FUNCTIONS.map((f) => f.name)).size).toBe(CUSTOM_FUNCTIONS.length);
    for (const [name, spec] of Object.entries(FORMULA_FUNCTIONS))
      expect(ENDPOINTS[spec.endpoint].formula.name).toBe(name);
  });

  it('is not spelt out again as a list kept in step by hand in src/ or local/', () => {
    const files = sourceFiles([path.join(ROOT, 'src'), path.join(ROOT, 'local')]).map((file) =>
      path.relative(ROOT, file).split(path.sep).join('/'),
    );
    expect(files.length).toBeGreaterThan(200);
    const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
    expect(endpointsNamed(read(DECLARATION))).toEqual(ENDPOINT_IDS);
    expect(handKeptLists(files, read)).toEqual([]);
    expect(Object.keys(NAMES_THEM_ALL).filter((file) => !files.includes(file))).toEqual([]);
  });

  it('finds a list kept by hand: the formula entries the registry used to hold, and routes by pattern', () => {
    const registryAsItWas = ENDPOINT_IDS.map((id) => `{ name: '${ENDPOINTS[id].formula.name}' },`).join('\n');
    const routesAsTheyWere = ENDPOINT_IDS.map(
      (id) => `{ pattern: /^${ENDPOINTS[id].path.replaceAll('/', '\\/')}$/ },`,
    ).join('\n');
    const texts: Record<string, string> = {
      'a.ts': registryAsItWas,
      'b.ts': routesAsTheyWere,
      'c.ts': 'summary',
    };
    expect(handKeptLists(Object.keys(texts), (file) => texts[file] ?? '')).toEqual(['a.ts', 'b.ts']);
  });
});
