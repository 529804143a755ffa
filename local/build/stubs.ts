// Top-level stubs: Apps Script sees only top-level function declarations, and esbuild drops JSDoc, so
// every entry point gets a plain `function NAME(params…)` that delegates into the bundle. Custom
// functions carry their JSDoc directly above the declaration for Sheets autocomplete.
import type { EntryPoint } from '../../src/entrypoints/registry.ts';

export const BUNDLE_GLOBAL = 'RoyaltiesAddOn';

function jsdocLine(text: string): string {
  // A `*/` inside a description would end the comment early.
  return text.replace(/\*\//g, '*\\/');
}

export function jsdocFor(entry: EntryPoint): string {
  const lines = [entry.summary];
  if (entry.example) lines.push(`Example: ${entry.example}`);
  for (const p of entry.params) lines.push(`@param {${p.type}} ${p.name} ${p.description}`);
  if (entry.kind === 'custom-function') {
    lines.push('@return The table or figure.');
    lines.push('@customfunction');
  }
  return `/**\n${lines.map((l) => ` * ${jsdocLine(l)}`).join('\n')}\n */`;
}

export function stubFor(entry: EntryPoint): string {
  const params = entry.params.map((p) => p.name).join(', ');
  return `${jsdocFor(entry)}\nfunction ${entry.name}(${params}) {\n  return ${BUNDLE_GLOBAL}.entryPoints.${entry.name}(${params});\n}\n`;
}

export function stubsFor(entries: readonly EntryPoint[]): string {
  return entries.map(stubFor).join('\n');
}
