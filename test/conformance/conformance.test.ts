// npm run conformance against a fake clasp on the PATH (test/setup/fake-clasp.mjs; nothing here talks to
// Google): one that answers as the emulator does (exit 0, every rule the same, the scratch project made
// once and reused), and one that disagrees on a rule (the report and the record show it, exit 1). The
// release build never holds the self-test, and the repository's record is either "never run" or dated.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, ROOT } from '../../local/build/build.ts';
import { settingsFromEnv } from '../../local/build/settings.ts';
import { PROBE_FUNCTION, RULES } from '../../local/conformance/probes.ts';
import {
  type Answers,
  buildConformance,
  CREATE_SCRATCH,
  emulatorAnswers,
} from '../../local/conformance/run.ts';
import { runScript } from '../cli/run-cli.ts';

const MAIN = path.join(ROOT, 'local/conformance/main.ts');
const FAKE = path.join(ROOT, 'test/setup/fake-clasp.mjs');
const work = mkdtempSync(path.join(tmpdir(), 'npm-run-conformance-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const bin = path.join(work, 'bin');
mkdirSync(bin);
writeFileSync(path.join(bin, 'clasp'), `#!/bin/sh\nexec "${process.execPath}" "${FAKE}" "$@"\n`);
chmodSync(path.join(bin, 'clasp'), 0o755);

let emulated: Answers;
beforeAll(async () => {
  const dir = path.join(work, 'emulated');
  await buildConformance(dir);
  emulated = emulatorAnswers(dir);
}, 120_000);

async function conformance(dir: string, answers: Answers) {
  const answerFile = path.join(work, `answer-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(answerFile, JSON.stringify(answers));
  const log = path.join(work, `log-${Math.random().toString(36).slice(2)}`);
  writeFileSync(log, '');
  const run = await runScript(MAIN, [], {
    cwd: dir,
    timeoutMs: 120_000,
    env: {
      PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
      FAKE_CLASP_LOG: log,
      FAKE_CLASP_LOGGED_IN: 'yes',
      FAKE_CLASP_RUN_ANSWER: answerFile,
    },
  });
  const calls = readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { args: string[] }).args);
  return { ...run, calls };
}

describe('npm run conformance', { timeout: 240_000 }, () => {
  it('a Google that answers as the emulator: every rule the same, the record dated, the scratch project reused', async () => {
    expect(Object.keys(emulated).sort()).toEqual(RULES.map((r) => r.id).sort());
    const dir = mkdtempSync(path.join(work, 'checkout-'));
    const first = await conformance(dir, emulated);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.calls.map((c) => c[0])).toEqual(['show-authorized-user', 'create-script', 'push', 'run']);
    expect(first.calls[1]).toEqual(CREATE_SCRATCH);
    expect(first.calls[3]).toEqual(['run', PROBE_FUNCTION, '--json']);
    expect(first.stdout).toContain(`Google agrees with the emulator on all ${RULES.length} rules.`);
    expect(readFileSync(path.join(dir, '.conformance/dist/Code.js'), 'utf8')).toContain(
      `function ${PROBE_FUNCTION}()`,
    );
    const record = readFileSync(path.join(dir, 'docs/conformance.md'), 'utf8');
    expect(record).toMatch(/Last run against Google: \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(record).toContain('Google answered every rule below as the emulator does.');
    expect(record).toContain('Not observable from a script');

    const again = await conformance(dir, emulated);
    expect(again.code).toBe(0);
    expect(again.calls.map((c) => c[0])).toEqual(['show-authorized-user', 'push', 'run']);
  });

  it('a Google that disagrees on a rule: the difference printed and recorded, exit 1', async () => {
    const dir = mkdtempSync(path.join(work, 'checkout-'));
    const run = await conformance(dir, { ...emulated, 'cache.key-251': 'accepted' });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /DIFFER {2}A cache key of 251 characters is refused +Google "accepted" {2}emulator "refused"/,
    );
    expect(run.stdout).toContain(`1 of ${RULES.length} rules differ: cache.key-251.`);
    const record = readFileSync(path.join(dir, 'docs/conformance.md'), 'utf8');
    expect(record).toContain('**1 rule differ**');
    expect(record).toContain(
      '| A cache key of 251 characters is refused | "accepted" | "refused" | **no** |',
    );
  });

  it('the release build never holds the self-test; the repository record is "never run" or dated', async () => {
    const dir = path.join(work, 'release-build');
    await build({ ...settingsFromEnv(), route: 'addon', apiBaseUrl: 'https://api.example.com/v1' }, dir, {
      forPush: true,
    });
    expect(readFileSync(path.join(dir, 'Code.js'), 'utf8')).not.toContain(PROBE_FUNCTION);
    const record = readFileSync(path.join(ROOT, 'docs/conformance.md'), 'utf8');
    expect(record).toMatch(/Never run against Google\.|Last run against Google: \d{4}-\d\d-\d\d/);
  });
});
