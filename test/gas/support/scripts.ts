// Small Code.js fixtures for the emulator's own tests: each test writes the Apps Script code it needs into
// a temporary dist directory, so every rule is shown on code that exercises exactly that rule.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { createEmulator, type Emulator, type EmulatorOptions } from '../../../local/gas/index.ts';

export interface ScriptOptions extends EmulatorOptions {
  /** The manifest's urlFetchWhitelist; none when omitted. */
  allowList?: string[];
  /** Extra files for dist/, e.g. { 'Sidebar.html': '<p>hi</p>' }. */
  files?: Record<string, string>;
  /** Manifest fields over the defaults, e.g. { oauthScopes: [...] } or { timeZone: 'Etc/UTC' }. */
  manifest?: Record<string, unknown>;
}

/** Fixture folders, removed after the test file that made them (the emulator reads HTML files on demand). */
const fixtures: string[] = [];
afterAll(() => {
  for (const dir of fixtures.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export function emulatorFor(code: string, options: ScriptOptions = {}): Emulator {
  const { allowList, files, manifest: fields, ...emulatorOptions } = options;
  const dir = mkdtempSync(path.join(tmpdir(), 'gas-test-'));
  fixtures.push(dir);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'Code.js'), code);
  const manifest = {
    timeZone: 'Europe/London',
    runtimeVersion: 'V8',
    ...(allowList ? { urlFetchWhitelist: allowList } : {}),
    ...fields,
  };
  writeFileSync(path.join(dir, 'appsscript.json'), JSON.stringify(manifest));
  for (const [name, text] of Object.entries(files ?? {})) writeFileSync(path.join(dir, name), text);
  return createEmulator({ distDir: dir, ...emulatorOptions });
}

/** The message of what `fn` throws (fails the test when it does not throw). */
export function thrownBy(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('expected a throw');
}
