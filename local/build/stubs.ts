// Top-level stubs: Apps Script sees only top-level function declarations, and esbuild drops JSDoc, so
// every entry point gets a plain `function NAME(params…)` that delegates into the bundle. Only custom
// functions carry JSDoc (directly above the declaration, for Sheets autocomplete): nobody reads the
// others', and every custom function call loads the whole file.
import type { EntryPoint } from '../../src/entrypoints/registry.ts';

/** Set by src/main.ts; the bundle check makes sure the two agree. */
export const BUNDLE_GLOBAL = 'RoyaltiesAddOn';

function jsdocLine(text: string): string {
  // A `*/` inside a description would end the comment early.
  return text.replace(/\*\//g, '*\\/');
}

function jsdocFor(entry: EntryPoint): string {
  const lines = [entry.summary];
  if (entry.example) lines.push(`Example: ${entry.example}`);
  for (const p of entry.params) lines.push(`@param {${p.type}} ${p.name} ${p.description}`);
  lines.push('@customfunction');
  return `/**\n${lines.map((l) => ` * ${jsdocLine(l)}`).join('\n')}\n */\n`;
}

/** As compact as the minified bundle above it: every custom-function cell loads these bytes. The named
 * parameters are for Sheets' autocomplete and google.script.run; where it is shorter, `...arguments` hands
 * on what was passed (an argument left out stays left out, as with the names spelled again). */
function stubFor(entry: EntryPoint): string {
  const params = entry.params.map((p) => p.name).join(',');
  const doc = entry.kind === 'custom-function' ? jsdocFor(entry) : '';
  const call = params.length > '...arguments'.length ? '...arguments' : params;
  return `${doc}function ${entry.name}(${params}){return ${BUNDLE_GLOBAL}.${entry.name}(${call})}\n`;
}

export function stubsFor(entries: readonly EntryPoint[]): string {
  return entries.map(stubFor).join('');
}
