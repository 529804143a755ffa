// Every custom function the registry declares (and Sheets' autocomplete shows) has one implementation a
// formula cell's execution calls, and no implementation goes undeclared: a name in one list and not the
// other is a formula that answers #NAME? or code that no cell can reach.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_POINTS, type EntryPoint } from '../../src/entrypoints/registry.ts';

// The constants esbuild writes into the bundle (local/build/build.ts), for the source read as it is.
const BUILD_CONSTANTS = {
  __ROYALTIES_API_BASE_URL__: 'http://127.0.0.1:1',
  __ROYALTIES_DEMO_KEY__: 'demo',
  __ROYALTIES_VERSION__: '0.0.0',
  __ROYALTIES_ROUTE__: 'bound',
  __ROYALTIES_ADDON_ROUTE__: false,
};

let formulaEntryPoints: Record<string, unknown>;
beforeAll(async () => {
  Object.assign(globalThis, BUILD_CONSTANTS);
  ({ formulaEntryPoints } = await import('../../src/entrypoints/formula-calls.ts'));
});
afterAll(() => {
  for (const name of Object.keys(BUILD_CONSTANTS)) delete (globalThis as Record<string, unknown>)[name];
});

const DECLARED = (ENTRY_POINTS as readonly EntryPoint[])
  .filter((e) => e.kind === 'custom-function')
  .map((e) => e.name)
  .sort();

describe("a formula cell's implementations", () => {
  it('are exactly the custom functions the registry declares, each a function', () => {
    expect(DECLARED.length).toBeGreaterThan(1);
    expect(Object.keys(formulaEntryPoints).sort()).toEqual(DECLARED);
    const implementations = Object.values(formulaEntryPoints);
    expect(implementations).toHaveLength(DECLARED.length);
    for (const implementation of implementations) expect(typeof implementation).toBe('function');
  });
});
