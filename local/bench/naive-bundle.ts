// Builds the bench-only bundle of naive/harness.ts into a temporary folder that createEmulator can load
// (Code.js with top-level stubs, appsscript.json with the same allow-list as the add-on). Never part of dist/.
import { buildHarnessBundle } from '../build/harness.ts';
import type { BuildSettings } from '../build/settings.ts';

export function buildNaiveBundle(settings: BuildSettings): Promise<string> {
  return buildHarnessBundle({
    entry: 'local/bench/naive/harness.ts',
    globalName: 'NaiveHarness',
    functions: {
      saveKey: ['key'],
      saveSettings: ['settings'],
      naiveRefresh: [],
      naiveFormula: ['name', 'args'],
      cachedFetch: ['requestJson'],
      naiveLedger: ['range'],
    },
    settings,
    version: 'bench-naive',
    minify: true,
  });
}
