// The built bundle as Apps Script will see it: top-level entry points with their real parameter names,
// JSDoc above each custom function, no module syntax, a manifest that follows Google's rules.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, ROOT } from '../../local/build/build.ts';
import { checkBundle, jsdocAbove } from '../../local/build/check.ts';
import {
  ALLOWED_SCOPES,
  type Manifest,
  manifestProblems,
  whitelistEntryFor,
} from '../../local/build/manifest.ts';
import { DEFAULT_API_BASE_URL, settingsFromEnv } from '../../local/build/settings.ts';
import { YEAR_FORMULA } from '../../src/core/custom-functions.ts';
import { ENDPOINT_IDS } from '../../src/core/endpoints.ts';
import { FORMULA_FUNCTIONS } from '../../src/core/formulas/functions.ts';
import { ENTRY_POINTS } from '../../src/entrypoints/registry.ts';

const dist = path.join(ROOT, 'dist');
let code = '';
let manifest: Manifest = {};

beforeAll(async () => {
  // `npm test` builds first; a direct vitest run builds here.
  if (!existsSync(path.join(dist, 'Code.js'))) await build(settingsFromEnv());
  code = readFileSync(path.join(dist, 'Code.js'), 'utf8');
  manifest = JSON.parse(readFileSync(path.join(dist, 'appsscript.json'), 'utf8')) as Manifest;
});

const customFunctions = ENTRY_POINTS.filter((e) => e.kind === 'custom-function');

describe('dist/Code.js in a bare V8 context', () => {
  it('registers every entry point the issues name', () => {
    const names = ENTRY_POINTS.map((e) => e.name);
    for (const required of [
      'ROYALTIES_ACCOUNT',
      'ROYALTIES_SUMMARY',
      'ROYALTIES_TIMELINE',
      'ROYALTIES_BOOKS',
      'ROYALTIES_MARKETPLACES',
      'ROYALTIES_CATALOG',
      'ROYALTIES_SERIES',
      'ROYALTIES_KENP',
      'ROYALTIES_KENP_BOOKS',
      'ROYALTIES_FREE_UNITS',
      'ROYALTIES_READ_THROUGH',
      'onOpen',
      'onInstall',
      'nightlyRefresh',
      'refreshAllTabs',
      'saveApiKey',
      'setFormulaAccess',
      'setNightlyRefresh',
    ]) {
      expect(names).toContain(required);
    }
    // One per endpoint (the Account's and one per report), each in src/core/formulas/functions.ts, and the
    // year's (src/core/custom-functions.ts).
    expect(customFunctions.map((e) => e.name).sort(), 'custom functions of the registry').toEqual(
      [...Object.keys(FORMULA_FUNCTIONS), YEAR_FORMULA.name].sort(),
    );
    expect(customFunctions, 'one custom function per endpoint and the year').toHaveLength(
      ENDPOINT_IDS.length + 1,
    );
  });

  it('defines each entry point as a top-level function with the declared parameters', () => {
    // No Node globals: only what V8 itself provides. Loading must not touch any Apps Script service.
    const context = vm.createContext({});
    new vm.Script(code, { filename: 'Code.js' }).runInContext(context);
    const globals = context as Record<string, unknown>;
    expect(globals.require).toBeUndefined();
    expect(globals.process).toBeUndefined();
    for (const entry of ENTRY_POINTS) {
      const fn = globals[entry.name];
      expect(typeof fn, entry.name).toBe('function');
      const source = Function.prototype.toString.call(fn);
      expect(
        source.startsWith(`function ${entry.name}(${entry.params.map((p) => p.name).join(',')})`),
        entry.name,
      ).toBe(true);
    }
    expect(checkBundle(code, ENTRY_POINTS)).toEqual([]);
  });

  it('puts a JSDoc block with @customfunction and every @param directly above each custom function', () => {
    expect(customFunctions.length).toBeGreaterThan(0);
    for (const entry of customFunctions) {
      const doc = jsdocAbove(code, entry.name);
      expect(doc, entry.name).not.toBeNull();
      expect(doc).toContain('@customfunction');
      expect(entry.params.length).toBeGreaterThan(0);
      for (const p of entry.params) expect(doc).toMatch(new RegExp(`@param \\{[^}]+\\} ${p.name} \\S`));
      expect(doc).toContain(entry.summary.slice(0, 20));
    }
  });

  it('has no import or export statement left', () => {
    expect(code).not.toMatch(/^\s*(import|export)\b/m);
    // Compiling as a classic script is what Apps Script does; module syntax would be a SyntaxError here.
    expect(() => new vm.Script(code)).not.toThrow();
  });

  it('is ES2020: keeps ?. and ??, and no syntax newer than the Apps Script parser accepts', () => {
    // esbuild and terser lower class fields (refused by Apps Script) and later syntax; a regression in the
    // build settings would bring them back.
    expect(checkBundle(code, ENTRY_POINTS)).toEqual([]);
    expect(code).toContain('?.');
    expect(code).toContain('??');
    for (const newer of [
      'class A { x = 1 }',
      'class A { static y = 2 }',
      'class A { static { } }',
      'class A { #x = 1 }',
      'a ??= b',
      '1_000',
    ]) {
      expect(checkBundle(`${code}\n${newer};\n`, ENTRY_POINTS).join(' ')).toContain('Code.js is not ES2020');
    }
  });
});

describe('the bundle check catches what Apps Script would miss', () => {
  const first = customFunctions[0]!;
  const stubStart = (name: string) => code.indexOf(`\nfunction ${name}(`);

  it('fails when a stub is removed', () => {
    const start = stubStart(first.name);
    // A stub is one line: `function NAME(…){return …}`.
    const end = code.indexOf('}\n', start) + 2;
    const mutated = code.slice(0, start) + code.slice(end);
    expect(checkBundle(mutated, ENTRY_POINTS)).toContain(
      `${first.name} has no top-level function in Code.js.`,
    );
  });

  it("fails when a custom function's JSDoc is removed", () => {
    const doc = jsdocAbove(code, first.name)!;
    const mutated = code.replace(doc, '');
    expect(checkBundle(mutated, ENTRY_POINTS)).toContain(
      `${first.name} has no JSDoc block directly above its declaration.`,
    );
  });

  it('fails when @customfunction is missing', () => {
    const doc = jsdocAbove(code, first.name)!;
    const mutated = code.replace(doc, doc.replace(' * @customfunction\n', ''));
    expect(checkBundle(mutated, ENTRY_POINTS)).toContain(`${first.name}'s JSDoc lacks @customfunction.`);
  });

  it('fails when something stands between the JSDoc and the declaration', () => {
    const mutated = code.replace(`\nfunction ${first.name}(`, `\nvar spacer = 1;\nfunction ${first.name}(`);
    expect(checkBundle(mutated, ENTRY_POINTS)).toContain(
      `${first.name} has no JSDoc block directly above its declaration.`,
    );
  });

  it('fails when a parameter name differs from the registry', () => {
    const entry = ENTRY_POINTS.find((e) => e.name === 'ROYALTIES_READ_THROUGH')!;
    const mutated = code.replace(
      'function ROYALTIES_READ_THROUGH(series_id,',
      'function ROYALTIES_READ_THROUGH(seriesId,',
    );
    const problems = checkBundle(mutated, ENTRY_POINTS);
    expect(
      problems.filter((p) => p.startsWith(`${entry.name}(seriesId`)),
      problems.join('\n'),
    ).not.toEqual([]);
  });

  it('fails when the bundle exports an entry point the registry does not know', () => {
    const mutated = `${code}\nRoyaltiesAddOn.debugDump = function () {};\n`;
    expect(checkBundle(mutated, ENTRY_POINTS)).toContain(
      'debugDump is exported by the bundle but is not in the entry point registry.',
    );
  });

  it('fails when module syntax survives', () => {
    const problems = checkBundle(`${code}\nexport { entryPoints };\n`, ENTRY_POINTS);
    expect(problems).toContainEqual(expect.stringMatching(/^An ES module statement survived/));
  });
});

describe('dist/appsscript.json', () => {
  it('follows the manifest rules', () => {
    expect(manifest.runtimeVersion).toBe('V8');
    expect(manifest.timeZone).toBeTruthy();
    expect([...(manifest.oauthScopes ?? [])].sort()).toEqual([...ALLOWED_SCOPES].sort());
    expect(manifestProblems(manifest, { forPush: false })).toEqual([]);
  });

  it('allow-lists exactly the API base URL the bundle was built for', () => {
    const { apiBaseUrl } = settingsFromEnv();
    expect(manifest.urlFetchWhitelist).toEqual([whitelistEntryFor(apiBaseUrl)]);
    expect(code).toContain(JSON.stringify(apiBaseUrl));
  });

  it('refuses, for a push, what Google would refuse', () => {
    const local = { ...manifest, urlFetchWhitelist: [whitelistEntryFor(DEFAULT_API_BASE_URL)] };
    expect(manifestProblems(local, { forPush: true }).join('\n')).toMatch(/only allow-lists https:\/\//);
    const broader = {
      ...manifest,
      oauthScopes: [...ALLOWED_SCOPES, 'https://www.googleapis.com/auth/spreadsheets'],
    };
    expect(manifestProblems(broader, { forPush: false })).toContain(
      'Scope https://www.googleapis.com/auth/spreadsheets is more than the add-on needs.',
    );
    const noFetch = {
      ...manifest,
      oauthScopes: ALLOWED_SCOPES.filter((s) => !s.endsWith('external_request')),
    };
    expect(manifestProblems(noFetch, { forPush: false })).toContain(
      'oauthScopes must list script.external_request, or its feature fails.',
    );
  });
});
