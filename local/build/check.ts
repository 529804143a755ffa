// The build's gate: what Apps Script needs from Code.js, checked on the built text itself in a bare vm
// context (no Node globals, no Apps Script services). Used by the build (which fails on any problem)
// and by test/build, which also shows that a missing stub or JSDoc is caught.
import vm from 'node:vm';
import { parse } from 'acorn';
import type { EntryPoint } from '../../src/entrypoints/registry.ts';
import { BUNDLE_GLOBAL } from './stubs.ts';
import { SYNTAX_YEAR } from './syntax.ts';

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The JSDoc block directly above `function NAME(`, or null when something else stands between. */
export function jsdocAbove(code: string, name: string): string | null {
  const match = new RegExp(
    `(/\\*\\*(?:(?!\\*/)[\\s\\S])*\\*/)[ \\t]*\\r?\\n[ \\t]*function ${escapeRegExp(name)}\\s*\\(`,
  ).exec(code);
  return match ? (match[1] ?? null) : null;
}

export function checkBundle(code: string, entries: readonly EntryPoint[]): string[] {
  const problems: string[] = [];
  for (const line of code.split('\n')) {
    if (/^\s*(import|export)\b[\s{*]/.test(line))
      problems.push(`An ES module statement survived: "${line.trim().slice(0, 60)}"`);
  }

  // The Apps Script parser has refused syntax newer than the build's year (class fields: docs/apps-script.md):
  // a parser held to that year reads the script as Apps Script would, strings and all, where a pattern
  // would guess.
  try {
    parse(code, { ecmaVersion: SYNTAX_YEAR, sourceType: 'script' });
  } catch (err) {
    problems.push(`Code.js is not ES${SYNTAX_YEAR}: ${(err as Error).message}`);
  }

  const context = vm.createContext({});
  try {
    new vm.Script(code, { filename: 'Code.js' }).runInContext(context, { timeout: 5000 });
  } catch (err) {
    problems.push(`Code.js does not load in a bare V8 context: ${(err as Error).message}`);
    return problems;
  }
  const globals = context as Record<string, unknown>;
  const exported = globals[BUNDLE_GLOBAL] as Record<string, unknown> | undefined;
  if (!exported || typeof exported !== 'object') {
    problems.push(`The bundle does not define ${BUNDLE_GLOBAL}.`);
    return problems;
  }

  const registered = new Set(entries.map((e) => e.name));
  for (const name of Object.keys(exported)) {
    if (!registered.has(name))
      problems.push(`${name} is exported by the bundle but is not in the entry point registry.`);
  }

  for (const entry of entries) {
    if (typeof exported[entry.name] !== 'function') {
      problems.push(`${entry.name} is registered but the bundle does not implement it.`);
    }
    const stub = globals[entry.name];
    if (typeof stub !== 'function') {
      problems.push(`${entry.name} has no top-level function in Code.js.`);
      continue;
    }
    const header = /^function\s+([\w$]+)\s*\(([^)]*)\)/.exec(Function.prototype.toString.call(stub));
    const params = header?.[2]
      ?.split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const expected = entry.params.map((p) => p.name);
    if (!header || header[1] !== entry.name) {
      problems.push(`${entry.name} at the top level is not a plain function declaration.`);
    } else if (JSON.stringify(params) !== JSON.stringify(expected)) {
      problems.push(`${entry.name}(${params?.join(', ')}) should declare (${expected.join(', ')}).`);
    }

    if (entry.kind === 'custom-function') {
      if (entry.name.endsWith('_'))
        problems.push(`${entry.name}: custom function names must not end in "_".`);
      const doc = jsdocAbove(code, entry.name);
      if (!doc) {
        problems.push(`${entry.name} has no JSDoc block directly above its declaration.`);
        continue;
      }
      if (!/@customfunction\b/.test(doc)) problems.push(`${entry.name}'s JSDoc lacks @customfunction.`);
      const documented = [...doc.matchAll(/@param\s+(?:\{[^}]*\}\s+)?([\w$]+)/g)].map((m) => m[1]);
      if (JSON.stringify(documented) !== JSON.stringify(expected)) {
        problems.push(
          `${entry.name}'s JSDoc documents (${documented.join(', ')}) but it takes (${expected.join(', ')}).`,
        );
      }
    }
  }
  return problems;
}
