// `npm install` (npm 11) ends with a warning for every dependency whose install script package.json's
// allowScripts does not cover (npm help install-scripts); npm 12 skips those scripts, and esbuild without
// its postinstall has no binary. Every package the lockfile marks hasInstallScript is declared.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../local/build/build.ts';

const read = (file: string) =>
  JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as Record<string, unknown>;

describe('install scripts', () => {
  it('every dependency with an install script is declared in allowScripts', () => {
    const lock = read('package-lock.json') as { packages: Record<string, { hasInstallScript?: boolean }> };
    const withScripts = Object.entries(lock.packages)
      .filter(([, p]) => p.hasInstallScript)
      .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts).toContain('esbuild');
    const allowed = (read('package.json').allowScripts ?? {}) as Record<string, boolean>;
    const declared = (name: string) =>
      Object.keys(allowed).some((key) => key === name || key.startsWith(`${name}@`));
    expect(withScripts.filter((name) => !declared(name))).toEqual([]);
  });
});
